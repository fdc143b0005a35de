import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectCampaigns, selectResourceStatus } from '../../../machines/catalogue';
import { paths } from '../../app/routes';
import { CatalogueListState } from '../../components/catalogue-list-state';
import { PageTitle } from '../../components/page-title';
import { useCatalogueResource } from '../../hooks/use-catalogue-resource';
import { CampaignDates } from './campaign-dates';

/** /campaigns/: the running campaigns, each with its banner, dates and a way in. */
export function CampaignsScreen() {
  const { t } = useTranslation();
  const campaignsRef = useCatalogueResource('campaigns');
  const campaigns = useSelector(campaignsRef, selectCampaigns);
  const status = useSelector(campaignsRef, selectResourceStatus);
  return (
    <>
      <PageTitle>{t('campaigns.title')}</PageTitle>
      <CatalogueListState
        kind="campaigns"
        resource={campaignsRef}
        status={status}
        isEmpty={campaigns.length === 0}
      >
        <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {campaigns.map((campaign) => (
            <li key={campaign.id}>
              <Link
                href={paths.campaign(campaign.id)}
                className="flex h-full flex-col overflow-hidden rounded-lg border border-line bg-surface-raised hover:border-brand"
              >
                <img
                  src={campaign.banner}
                  alt=""
                  className="aspect-[3/1] w-full bg-surface-sunken object-cover"
                />
                <span className="flex flex-col gap-1 p-3">
                  <span dir="auto" className="font-semibold [text-align:match-parent]">
                    {campaign.name}
                  </span>
                  <CampaignDates campaign={campaign} />
                  <span dir="auto" className="line-clamp-2 text-fg-muted [text-align:match-parent]">
                    {campaign.description}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </CatalogueListState>
    </>
  );
}
