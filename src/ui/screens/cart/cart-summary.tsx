import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { showsAmountLine } from '../../../domain/cart-totals';
import type { CartTotals, Unit } from '../../../domain/types';
import type { CartActorRef, CartQuoteRef } from '../../../machines/cart';
import {
  cartFigures,
  type QuotedCartFigures,
  selectCartItems,
  selectCurrentQuote,
  selectHasQuoteFailed,
  selectIsQuoteUpdating,
  selectQuoteRef,
} from '../../../machines/cart';
import { IncludedVat } from '../../app/price/included-vat';
import { Money } from '../../app/price/money';
import { PriceBasisNote } from '../../app/price/price-basis-note';
import { Spinner } from '../../components/spinner';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { ShipmentFees } from './shipment-fees';

const row = 'col-span-2 grid grid-cols-subgrid';

/**
 * The cart's figures on the customer's basis, before the Order button: the goods (the sum of the
 * lines above), the deposit, each warehouse's share with its fees from the server's quote, and the
 * total those add up to. VAT (per rate, fees included) and campaign savings are shown as what they
 * are: parts of the figures.
 */
export function CartSummary({ cart, units }: { cart: CartActorRef; units: Unit[] }) {
  const { t } = useTranslation();
  const items = useSelector(cart, selectCartItems);
  const quoteRef = useSelector(cart, selectQuoteRef);
  if (!quoteRef) return <p className="text-fg-muted">{t('app.loading')}</p>;
  return <SummaryList items={items} units={units} quoteRef={quoteRef} />;
}

/**
 * Before the quote: the cart as one document, the VAT the goods contain. With the quote: every
 * shipment priced as one document with its fees (decision 007), by the same rule the server charges.
 * The lines above read their shares from the same computation (`cartFigures`), so they add up to Goods.
 */
function SummaryList({
  items,
  units,
  quoteRef,
}: {
  items: ReturnType<typeof selectCartItems>;
  units: Unit[];
  quoteRef: CartQuoteRef;
}) {
  const { t } = useTranslation();
  const basis = usePriceBasis();
  const quote = useSelector(quoteRef, selectCurrentQuote);
  const figures = cartFigures(items, units, basis, quote);
  // a line's unit is missing from the units (not loaded yet, or a broken chain)
  if (!figures) return <p className="text-fg-muted">{t('app.loading')}</p>;
  const { totals, quoted } = figures;
  return (
    <section aria-labelledby="cart-summary-title">
      <div className="mb-1 flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id="cart-summary-title" className="font-semibold">
          {t('cart.summary')}
        </h3>
        <PriceBasisNote />
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
        <div className={row}>
          <dt className="text-fg-muted">{t('cart.goods')}</dt>
          <dd className="text-end">
            <Money amount={totals.subtotal} />
          </dd>
        </div>
        {showsAmountLine(totals.depositTotal) && (
          <div className={row}>
            <dt className="text-fg-muted">{t('cart.deposit')}</dt>
            <dd className="text-end">
              <Money amount={totals.depositTotal} deposit />
            </dd>
          </div>
        )}
        <QuotedTotal quoteRef={quoteRef} totals={totals} figures={quoted} />
        {basis === 'gross' && (
          <IncludedVat taxes={quoted?.taxes} total={quoted?.tax ?? totals.tax} layout="grid" />
        )}
        {showsAmountLine(totals.discountAmount) && (
          <div className={`${row} text-xs text-brand`}>
            <dt>{t('cart.youSave')}</dt>
            <dd className="text-end">
              <Money amount={totals.discountAmount} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The shipments with their fees and the grand total, or what stands in for them while the quote is worked out. */
function QuotedTotal({
  quoteRef,
  totals,
  figures,
}: {
  quoteRef: CartQuoteRef;
  totals: CartTotals;
  figures: QuotedCartFigures | null;
}) {
  const { t } = useTranslation();
  const updating = useSelector(quoteRef, selectIsQuoteUpdating);
  const failed = useSelector(quoteRef, selectHasQuoteFailed);

  if (!figures)
    return (
      <>
        <div className={row}>
          <dt className="col-span-2 text-fg-muted">
            {updating && (
              <span role="status" className="flex items-center gap-2">
                <Spinner className="size-3" />
                {t('cart.feesUpdating')}
              </span>
            )}
            {failed && (
              <span role="alert" className="flex flex-wrap items-center gap-2 text-danger">
                {t('cart.feesFailed')}
                <button
                  type="button"
                  onClick={() => quoteRef.send({ type: 'quote.retried' })}
                  className="tap-target rounded-md px-2 font-medium underline"
                >
                  {t('common.tryAgain')}
                </button>
              </span>
            )}
          </dt>
        </div>
        <div className={`${row} border-t border-line pt-1 font-semibold`}>
          <dt>{t('cart.totalBeforeFees')}</dt>
          <dd className="text-end">
            <Money amount={totals.total} />
          </dd>
        </div>
      </>
    );

  return (
    <>
      <ShipmentFees shipments={figures.shipments} />
      <div className={`${row} border-t border-line pt-1 font-semibold`} data-testid="cart-total">
        <dt>{t('cart.total')}</dt>
        <dd className="text-end">
          <Money amount={figures.total} />
        </dd>
      </div>
    </>
  );
}
