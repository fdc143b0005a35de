import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { ChevronDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import {
  selectCampaignById,
  selectCampaignProducts,
  selectResourceStatus,
} from '../../../machines/catalogue.selectors';
import { BackButton } from '../../components/BackButton';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import { LoadingState } from '../../components/LoadingState';
import { PageTitle } from '../../components/PageTitle';
import { ProductTable } from '../../components/ProductTable';
import { Section } from '../../components/Section';
import { useCatalogueResource } from '../../components/useCatalogueResource';
import { CampaignDates } from './CampaignDates';

/** /campaigns/{id}: the campaign's banner, start and end date, "learn more" and its products. */
export function CampaignScreen() {
  const { t } = useTranslation();
  const id = Number(useParams<{ id: string }>().id);
  const campaignsRef = useCatalogueResource('campaigns');
  const status = useSelector(campaignsRef, selectResourceStatus);
  const campaign = useSelector(campaignsRef, (snapshot) => selectCampaignById(snapshot, id));

  if (!campaign) {
    if (status === 'rejected')
      return <ErrorState onRetry={() => campaignsRef.send({ type: 'resource.load' })} />;
    if (status === 'new' || status === 'loading') return <LoadingState label={t('campaigns.loading')} />;
    return (
      <div className="flex flex-col gap-3">
        <div>
          <BackButton />
        </div>
        <EmptyState>{t('campaigns.notFound')}</EmptyState>
      </div>
    );
  }

  const products = selectCampaignProducts(campaign);
  return (
    <div className="flex flex-col gap-4">
      <div>
        <BackButton />
      </div>
      <img
        src={campaign.banner}
        alt=""
        className="aspect-[3/1] max-h-72 w-full rounded-lg border border-line bg-surface-sunken object-cover"
      />
      <div>
        <PageTitle>{campaign.name}</PageTitle>
        <div className="-mt-2">
          <CampaignDates campaign={campaign} />
        </div>
      </div>
      {campaign.description && (
        <Disclosure as="div" className="rounded-lg border border-line bg-surface-raised">
          <DisclosureButton className="tap-target group flex w-full items-center justify-between gap-2 px-4 font-medium text-brand">
            {t('campaigns.learnMore')}
            <ChevronDown
              aria-hidden="true"
              className="size-4 transition-transform group-data-open:rotate-180"
            />
          </DisclosureButton>
          <DisclosurePanel className="px-4 pb-4 whitespace-pre-line text-fg-muted">
            {campaign.description}
          </DisclosurePanel>
        </Disclosure>
      )}
      <Section title={t('campaigns.products')}>
        {products.length === 0 ? (
          <EmptyState>{t('products.empty')}</EmptyState>
        ) : (
          <ProductTable products={products} caption={t('campaigns.products')} />
        )}
      </Section>
    </div>
  );
}
