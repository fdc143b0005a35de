import { useSelector } from '@xstate/react';
import { ChevronLeft, CircleCheck, ShoppingCart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '../../../domain/types';
import {
  selectStockTakeAdded,
  selectStockTakeBusy,
  selectStockTakeCanAdd,
  selectStockTakeOrderRows,
  selectStockTakeRows,
  selectStockTakeStep,
} from '../../../machines/favourites';
import { ErrorState } from '../../components/error-state';
import { Spinner } from '../../components/spinner';
import { useOpenCart } from '../../hooks/use-open-cart';
import { orderAmountText, primaryAmountText } from './stock-take-amounts';
import type { StockTakeRef } from './stock-take-types';

const buttonShape =
  'tap-target inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-md border px-3 font-medium disabled:opacity-60';
const buttonClass = `${buttonShape} border-line bg-surface-raised hover:bg-surface-sunken`;
const primaryClass = `${buttonShape} border-brand bg-brand text-brand-contrast hover:bg-brand-strong`;

/** What to order before anything goes to the cart; then adding, its failure, or what the cart took. */
export function StockTakeReview({ stockTake, units }: { stockTake: StockTakeRef; units: Unit[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const step = useSelector(stockTake, selectStockTakeStep);
  const toOrder = useSelector(stockTake, selectStockTakeOrderRows);
  const rows = useSelector(stockTake, selectStockTakeRows);
  const canAdd = useSelector(stockTake, selectStockTakeCanAdd);
  const busy = useSelector(stockTake, selectStockTakeBusy);
  const added = useSelector(stockTake, selectStockTakeAdded);
  const openCart = useOpenCart();
  const nameOf = (productId: number) => rows.find((row) => row.productId === productId)?.product.name ?? '';

  if (step === 'added')
    return (
      <section className="flex flex-col gap-3" aria-labelledby="stock-take-added">
        <p id="stock-take-added" role="status" className="flex items-center gap-2 font-medium">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-success" />
          {t('orderGuide.added', { count: added.count })}
        </p>
        {added.refused.length > 0 && (
          <ul className="flex flex-col gap-1 text-danger">
            {added.refused.map((refusal) => (
              <li key={refusal.productId}>{t('orderGuide.refused', { name: nameOf(refusal.productId) })}</li>
            ))}
          </ul>
        )}
        <div className="flex gap-2">
          {openCart && added.count > 0 && (
            <button type="button" className={primaryClass} onClick={openCart}>
              <ShoppingCart aria-hidden="true" className="size-5" />
              {t('orderGuide.goToCart')}
            </button>
          )}
          <button
            type="button"
            className={buttonClass}
            onClick={() => stockTake.send({ type: 'stockTake.restarted' })}
          >
            {t('orderGuide.countAgain')}
          </button>
        </div>
      </section>
    );

  return (
    <section className="flex flex-col gap-3" aria-labelledby="stock-take-review">
      <h2 id="stock-take-review" className="font-semibold text-lg">
        {t('orderGuide.reviewTitle')}
      </h2>
      {toOrder.length === 0 ? (
        <p className="text-fg-muted">{t('orderGuide.reviewNothing')}</p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-line rounded-md border border-line"
          data-testid="stock-take-review"
        >
          {toOrder.map((row) => (
            <li key={row.productId} className="flex items-start justify-between gap-3 p-3">
              <div className="min-w-0">
                <p className="font-medium">
                  <bdi dir="auto">{row.product.name}</bdi>
                </p>
                <p className="text-fg-muted text-sm">
                  {t('orderGuide.onHand', {
                    unit: primaryAmountText(row.product, row.onHand ?? '0', units, language),
                  })}
                  {' · '}
                  {t('orderGuide.par', {
                    amount: primaryAmountText(row.product, row.parLevel, units, language),
                  })}
                </p>
              </div>
              <p className="shrink-0 text-end font-semibold">
                {orderAmountText(row.toOrder ?? '0', row.unit, units, language)}
              </p>
            </li>
          ))}
        </ul>
      )}
      {step === 'addFailed' && (
        <ErrorState
          message={t('orderGuide.addFailed')}
          onRetry={() => stockTake.send({ type: 'toCart.retried' })}
        />
      )}
      {step === 'adding' && (
        <p role="status" className="flex items-center gap-2 text-fg-muted">
          <Spinner className="size-5 text-brand" />
          {t('orderGuide.adding')}
        </p>
      )}
      <div className="sticky bottom-0 z-10 flex gap-2 border-line border-t bg-surface py-3">
        <button
          type="button"
          className={buttonClass}
          disabled={busy}
          onClick={() => stockTake.send({ type: 'stockTake.backToCounting' })}
        >
          <ChevronLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
          {t('orderGuide.backToCounting')}
        </button>
        {step !== 'addFailed' && (
          <button
            type="button"
            className={primaryClass}
            disabled={!canAdd || busy}
            onClick={() => stockTake.send({ type: 'toCart.requested' })}
          >
            <ShoppingCart aria-hidden="true" className="size-5" />
            {t('orderGuide.addToCart')}
          </button>
        )}
      </div>
    </section>
  );
}
