import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '../../../domain/types';
import type { CartActorRef } from '../../../machines/cart.machine';
import {
  selectCartTotals,
  selectShownCartTotal,
  selectShowsDeposit,
  selectShowsDiscount,
} from '../../../machines/cart.selectors';
import { Money } from '../../components/Money';

/**
 * Spec point 5: the discount and deposit lines only when greater than 0; the total with tax when
 * tax applies, otherwise without, to 2 decimals (all from the cart's selectors).
 */
export function CartSummary({
  cart,
  units,
  taxApplies,
}: {
  cart: CartActorRef;
  units: Unit[];
  taxApplies: boolean;
}) {
  const { t } = useTranslation();
  const totals = useSelector(cart, (s) => selectCartTotals(s, units), shallowEqual);
  const shownTotal = useSelector(cart, (s) => selectShownCartTotal(s, units, taxApplies));
  const showsDiscount = useSelector(cart, (s) => selectShowsDiscount(s, units));
  const showsDeposit = useSelector(cart, (s) => selectShowsDeposit(s, units));
  if (!totals || shownTotal === null) return <p className="text-fg-muted">{t('app.loading')}</p>;
  return (
    <section aria-labelledby="cart-summary-title">
      <h3 id="cart-summary-title" className="mb-1 font-semibold">
        {t('cart.summary')}
      </h3>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <dt className="text-fg-muted">{t('cart.subtotal')}</dt>
        <dd className="text-end">
          <Money amount={totals.subtotal} />
        </dd>
        {showsDiscount && (
          <>
            <dt className="text-fg-muted">{t('cart.discount')}</dt>
            <dd className="text-end">
              <Money amount={`-${totals.discountAmount}`} />
            </dd>
          </>
        )}
        {showsDeposit && (
          <>
            <dt className="text-fg-muted">{t('cart.deposit')}</dt>
            <dd className="text-end">
              <Money amount={totals.depositTotal} deposit />
            </dd>
          </>
        )}
        {taxApplies && (
          <>
            <dt className="text-fg-muted">{t('cart.tax')}</dt>
            <dd className="text-end">
              <Money amount={totals.tax} />
            </dd>
          </>
        )}
        <div className="col-span-2 grid grid-cols-subgrid border-t border-line pt-1 font-semibold">
          <dt>{taxApplies ? t('cart.totalWithTax') : t('cart.totalWithoutTax')}</dt>
          <dd className="text-end">
            <Money amount={shownTotal} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
