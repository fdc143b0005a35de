import { useTranslation } from 'react-i18next';
import type { OccurrenceStatus, SeriesStatus } from '../../../machines/standing-orders';

const tone: Record<OccurrenceStatus | SeriesStatus, string> = {
  active: 'bg-success-soft text-success',
  paused: 'bg-warning-soft text-warning',
  ended: 'bg-surface-sunken text-fg-muted',
  upcoming: 'bg-surface-sunken text-fg',
  draft: 'bg-info-soft text-info',
  skipped: 'bg-surface-sunken text-fg-muted',
  needs_review: 'bg-warning-soft text-warning',
  placed: 'bg-success-soft text-success',
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
