import { ArrowLeftRight, CircleAlert, CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { quantityOfWire } from '../../../domain/quantity';
import type { OrderItem } from '../../../domain/types';
import { lineDelivery } from './line-delivery';

/**
 * Under a line of a delivered suborder: what arrived of it ("2 of 3 delivered" marked as short, or
 * in full) and what the supplier sent instead, if anything. Marked by icon and words, not by colour
 * alone.
 */
export function LineDeliveryMarks({ item }: { item: OrderItem }) {
  const { t } = useTranslation();
  const delivery = lineDelivery(item);
  const { substitute } = item;
  return (
    <ul className="mt-1 flex flex-col gap-0.5 text-xs">
      {delivery.kind === 'short' ? (
        <li className="inline-flex items-center gap-1 font-medium text-danger">
          <CircleAlert aria-hidden="true" className="size-3.5 shrink-0" />
          {t('orderDetail.delivery.short', {
            delivered: quantityOfWire(delivery.delivered),
            ordered: quantityOfWire(item.quantity),
          })}
        </li>
      ) : (
        <li className="inline-flex items-center gap-1 text-fg-muted">
          <CircleCheck aria-hidden="true" className="size-3.5 shrink-0" />
          {t('orderDetail.delivery.inFull')}
        </li>
      )}
      {substitute && (
        <li className="inline-flex items-start gap-1 font-medium text-brand">
          <ArrowLeftRight aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <span>
            {t('orderDetail.delivery.substitute')} <bdi dir="auto">{substitute.product.name}</bdi>{' '}
            <bdi dir="auto" className="tabular-nums">
              {quantityOfWire(substitute.quantity)} {substitute.unit.name}
            </bdi>
          </span>
        </li>
      )}
    </ul>
  );
}
