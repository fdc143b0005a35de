import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import { Repeat } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { StandingOrder } from '../../../machines/standing-orders';
import {
  bindStandingOrders,
  selectStandingOrders,
  selectStandingOrdersStatus,
} from '../../../machines/standing-orders';
import { longDay } from '../../components/delivery-day-picker/date-texts';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import { NotOffered } from '../../components/not-offered';
import { PageTitle } from '../../components/page-title';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { OccurrenceStatusBadge, SeriesStatusBadge } from './standing-order-badges';
import { standingOrderPaths } from './standing-order-paths';
import { rhythmText } from './standing-order-texts';

/** /standing-orders/: every series with its rhythm and next deliveries, fetched on each visit. */
export function StandingOrdersList() {
  const { t } = useTranslation();
  const resource = useActorRef(useBoundMachine(bindStandingOrders), usePortalInspection());
  const status = useSelector(resource, selectStandingOrdersStatus);
  const series = useSelector(resource, selectStandingOrders, shallowEqual);
  useEffect(() => {
    resource.send({ type: 'resource.load' });
  }, [resource]);
  const retry = () => resource.send({ type: 'resource.load' });

  return (
    <div className="flex flex-col gap-4">
      <div>
        <PageTitle>{t('standingOrders.title')}</PageTitle>
        <p className="-mt-2 text-fg-muted">{t('standingOrders.intro')}</p>
      </div>
      {status === 'unavailable' ? (
        <NotOffered />
      ) : status === 'new' || status === 'loading' ? (
        <LoadingState label={t('standingOrders.loading')} />
      ) : status === 'rejected' && series.length === 0 ? (
        <ErrorState message={t('standingOrders.loadFailed')} onRetry={retry} />
      ) : series.length === 0 ? (
        <EmptyState>{t('standingOrders.empty')}</EmptyState>
      ) : (
        <>
          {status === 'rejected' && <ErrorState message={t('standingOrders.loadFailed')} onRetry={retry} />}
          <ul className="flex flex-col gap-3">
            {series.map((one) => (
              <SeriesCard key={one.id} series={one} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function SeriesCard({ series }: { series: StandingOrder }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const next = series.nextOccurrences.slice(0, 4);
  return (
    <li className="rounded-md border border-line bg-surface-raised p-3">
      <div className="flex flex-wrap items-center gap-2">
        <Repeat aria-hidden="true" className="size-5 shrink-0 text-fg-muted" />
        <Link
          href={standingOrderPaths.series(series.id)}
          className="min-w-0 flex-1 font-semibold text-brand hover:underline"
        >
          <span dir="auto">{series.name}</span>
        </Link>
        <SeriesStatusBadge status={series.status} />
      </div>
      <p className="mt-1 text-fg-muted">
        {rhythmText(t, series, language)} · {t('standingOrders.lineCount', { count: series.lines.length })}
      </p>
      {next.length > 0 && series.status !== 'ended' && (
        <div className="mt-2">
          <h3 className="text-sm font-medium">{t('standingOrders.nextDeliveries')}</h3>
          <ul className="mt-1 flex flex-col gap-1">
            {next.map((occurrence) => (
              <li key={occurrence.deliveryDate} className="flex flex-wrap items-center gap-2 text-sm">
                <span>{longDay(occurrence.deliveryDate, language)}</span>
                <OccurrenceStatusBadge status={occurrence.status} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}
