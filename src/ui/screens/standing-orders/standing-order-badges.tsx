import { useTranslation } from 'react-i18next';
import type { OccurrenceStatus, SeriesStatus } from '../../../machines/standing-orders';

const tone: Record<OccurrenceStatus | SeriesStatus, string> = {
  active: 'bg-brand-soft text-brand',
  paused: 'border border-line bg-surface-raised text-fg',
  ended: 'bg-surface-sunken text-fg-muted',
  upcoming: 'bg-surface-sunken text-fg',
  draft: 'bg-brand-soft text-brand',
  skipped: 'bg-surface-sunken text-fg-muted',
  needs_review: 'bg-danger-soft text-danger',
  placed: 'bg-brand-soft text-brand',
  failed: 'bg-danger-soft text-danger',
};
const badgeClass = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

export function SeriesStatusBadge({ status }: { status: SeriesStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${badgeClass} ${tone[status]}`}>{t(`standingOrders.seriesStatus.${status}`)}</span>
  );
}

export function OccurrenceStatusBadge({ status }: { status: OccurrenceStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${badgeClass} ${tone[status]}`}>{t(`standingOrders.occurrenceStatus.${status}`)}</span>
  );
}
