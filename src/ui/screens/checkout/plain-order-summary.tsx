import { useTranslation } from 'react-i18next';
import { showsAmountLine } from '../../../domain/cart-totals';
import type { CartItem, Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import { cartFigures } from '../../../machines/cart';
import { Money } from '../../app/price/money';
import { usePriceBasis } from '../../hooks/cart-hooks';

/**
 * The confirmation where the backend has no order preview: the cart's own lines and total before
 * fees, and the sentence that the supplier adds delivery fees and extra charges (SPEC point 4's
 * confirmation; the split into shipments and their fee figures need the preview).
 */
export function PlainOrderSummary({ items, units }: { items: readonly CartItem[]; units: Unit[] | null }) {
  const { t, i18n } = useTranslation();
  const figures = cartFigures(items, units ?? [], usePriceBasis(), null);
  const unitName = (unitId: number, quantity: string) => {
    const unit = units?.find((candidate) => candidate.id === unitId);
    return unit ? unitDisplayName(unit, quantity, i18n.language) : '';
  };
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-1">
        {items.map((item) => {
          const line = figures?.lines.get(item.product.id);
          return (
            <li key={item.product.id} className="flex justify-between gap-3">
              <span className="min-w-0">
                <bdi>{item.product.name}</bdi>{' '}
                <span className="text-fg-muted tabular-nums">
                  × {item.quantity} {unitName(item.unit, item.quantity)}
                </span>
              </span>
              {line && <Money amount={line.amount} />}
            </li>
          );
        })}
      </ul>
      {figures && (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line pt-2">
          {showsAmountLine(figures.totals.depositTotal) && (
            <>
              <dt className="text-fg-muted">{t('cart.deposit')}</dt>
              <dd className="text-end">
                <Money amount={figures.totals.depositTotal} deposit />
              </dd>
            </>
          )}
          <dt className="font-semibold">{t('cart.totalBeforeFees')}</dt>
          <dd className="text-end font-semibold">
            <Money amount={figures.totals.total} />
          </dd>
        </dl>
      )}
      <p className="rounded-md bg-surface-sunken p-3">{t('checkout.feesBySupplier')}</p>
    </div>
  );
}
