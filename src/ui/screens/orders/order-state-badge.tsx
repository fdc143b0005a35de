import { useTranslation } from 'react-i18next';
import { formatDayMonthYear } from '../../../domain/dates';
import type { Order } from '../../../domain/types';
import { OrderStatus } from '../../components/order-status';

/** Open or closed (spec point 4), or cancelled (with its day where there is room for it). */
export function OrderStateBadge({ order, withDay = false }: { order: Order; withDay?: boolean }) {
  const { t } = useTranslation();
  if (!order.cancelledAt) return <OrderStatus finalized={order.isFinalized} />;
  return (
    <span className="inline-flex rounded-full bg-danger-soft px-2 py-0.5 text-xs font-medium text-danger">
      {withDay
        ? t('orderAmendment.cancelledOn', { date: formatDayMonthYear(order.cancelledAt) })
        : t('orderAmendment.cancelled')}
    </span>
  );
}
