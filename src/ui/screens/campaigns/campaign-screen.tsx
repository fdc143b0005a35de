import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { ChevronDown, History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { formatDayMonthYear } from '../../../domain/dates';
import type { CampaignWithPrices } from '../../../machines/catalogue';
import {
  bindCampaignDetail,
  selectCampaignDetail,
  selectCampaignDetailHasEnded,
  selectCampaignDetailProducts,
  selectCampaignDetailShowsProducts,
  selectCampaignDetailStatus,
} from '../../../machines/catalogue';
import { BackButton } from '../../components/back-button';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { PageTitle } from '../../components/page-title';
import { Section } from '../../components/section';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { ProductTable } from '../products/product-table';
import { CampaignDates } from './campaign-dates';

/** spec point 8: failures are reported through the one reporter */

/**
 * /campaigns/{id}: a campaign passed along from a carousel slide (history state) shows at once;
 * after a reload or from a shared link it is loaded by id, ended campaigns included. A backend without
 * the campaign detail (capability `campaignDetail`) shows what the campaigns list has (spec point 2:
 * name, description, banner, dates), without the product table; a link is looked up in that list.
 */
export function CampaignScreen() {
  const id = Number(useParams<{ id: string }>().id);
  const state = useHistoryState<{ campaign?: CampaignWithPrices } | null>();
  const passed = state?.campaign?.id === id ? state.campaign : null;
  if (!Number.isSafeInteger(id) || id <= 0) return <CampaignNotFound />;
  // One actor per campaign: another id starts afresh.
  return <CampaignDetail key={id} campaignId={id} campaign={passed} />;
}

function CampaignDetail({
  campaignId,
  campaign: passed,
}: {
  campaignId: number;
  campaign: CampaignWithPrices | null;
}) {
  const { t } = useTranslation();
  const canLoadDetail = useCapability('campaignDetail');
  const detailRef = useActorRef(useBoundMachine(bindCampaignDetail), {
    ...usePortalInspection(),
    input: { campaignId, campaign: passed, canLoadDetail },
  });
  const showsProducts = useSelector(detailRef, selectCampaignDetailShowsProducts);
  const status = useSelector(detailRef, selectCampaignDetailStatus);
  const campaign = useSelector(detailRef, selectCampaignDetail);
  const products = useSelector(detailRef, selectCampaignDetailProducts);
  const ended = useSelector(detailRef, (snapshot) => selectCampaignDetailHasEnded(snapshot, Date.now()));

  if (status === 'notFound') return <CampaignNotFound />;
  if (status === 'rejected')
    return <ErrorState onRetry={() => detailRef.send({ type: 'campaignDetail.retried' })} />;
  if (!campaign) return <LoadingState label={t('campaigns.loading')} />;

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
        <PageTitle>
          <bdi>{campaign.name}</bdi>
        </PageTitle>
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
      {ended ? (
        // its prices no longer apply, so nothing here can be added: the products are in the catalogue
        <p role="status" className="flex items-center gap-2 rounded-lg bg-surface-sunken p-4 font-medium">
          <History aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
          {t('campaigns.ended', { date: formatDayMonthYear(campaign.endsAt) })}
        </p>
      ) : (
        showsProducts && (
          <Section title={t('campaigns.products')}>
            {products.length === 0 ? (
              <EmptyState>{t('products.empty')}</EmptyState>
            ) : (
              <ProductTable products={products} caption={t('campaigns.products')} />
            )}
          </Section>
        )
      )}
    </div>
  );
}

function CampaignNotFound() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <div>
        <BackButton />
      </div>
      <EmptyState>{t('campaigns.notFound')}</EmptyState>
    </div>
  );
}
