import { useSelector } from '@xstate/react';
import { ImageOff, Tag, Trash2, Undo2 } from 'lucide-react';
import { memo, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { lineShortage } from '../../../domain/substitutes';
import type { Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import type { CartActorRef, CartLineRef } from '../../../machines/cart';
import {
  selectCanRetry,
  selectHasRemoveFailed,
  selectHasSaveFailed,
  selectIsConfirmingRemoval,
  selectIsLineSaving,
  selectIsRemoving,
  selectLineFigures,
  selectLineItem,
  selectLineQuantity,
  selectLineUnavailable,
  selectLineUnit,
  selectPriceChangeNotice,
  selectUnitUndo,
  shownLineAmount,
} from '../../../machines/cart';
import { bidiIsolate } from '../../app/layout/bidi-isolate';
import { DepositLine } from '../../app/price/deposit-line';
import { Money } from '../../app/price/money';
import { Price } from '../../app/price/price';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Spinner } from '../../components/spinner';
import { usePriceBasis } from '../../hooks/cart-hooks';
import { SubstituteChoice } from '../substitutes/substitute-choice';
import { LineQuantityControl } from './line-quantity-control';
import { LineRefusalMessage } from './line-refusal';
import { useShownLineAmount } from './use-shown-line-amount';

/**
 * One cart item: image, name, unit price and deposit on the customer's basis, quantity, unit, amount,
 * removal, Undo of a unit change and a campaign notice (spec point 4 "Cart item", decision 005).
 * Memoised on its line actor: a change of one line (or of the cart's items) re-renders only that
 * line and those whose share of the cart's VAT moved; everything else comes from its own actor (a
 * cart of thousands of lines stays smooth). Its amount is its share of the summary's figures, so the
 * lines add up to the Goods shown (decision 007).
 */
export const CartLine = memo(function CartLine({
  line,
  cart,
  units,
}: {
  line: CartLineRef;
  cart: CartActorRef;
  /** the units resource's value, as the summary prices with it */
  units: Unit[] | null;
}) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const unitLabelId = useId();
  const item = useSelector(line, selectLineItem);
  const unavailable = useSelector(line, selectLineUnavailable);
  const quantity = useSelector(line, selectLineQuantity);
  const unit = useSelector(line, selectLineUnit);
  const saving = useSelector(line, selectIsLineSaving);
  const confirming = useSelector(line, selectIsConfirmingRemoval);
  const removing = useSelector(line, selectIsRemoving);
  const removeFailed = useSelector(line, selectHasRemoveFailed);
  const saveFailed = useSelector(line, selectHasSaveFailed);
  const failed = saveFailed || removeFailed;
  const canRetry = useSelector(line, selectCanRetry);
  const basis = usePriceBasis();
  const figures = useSelector(line, (s) => selectLineFigures(s, basis));
  const notice = useSelector(line, (s) => selectPriceChangeNotice(s, basis));
  const undo = useSelector(line, selectUnitUndo);
  const { product } = item;
  const share = useShownLineAmount(cart, product.id, units, basis);
  const amount = shownLineAmount(figures, share, quantity, unit);
  const unitOf = (id: number) => figures?.units.find((candidate) => candidate.id === id);
  const shownUnit = unitOf(unit);
  const undoUnit = undo ? unitOf(undo.unit) : undefined;
  // out of stock or short as the cart last read it: the supplier's substitutes are offered
  const shortage = units && !unavailable ? lineShortage(product, item.quantity, item.unit, units) : null;

  return (
    <li
      aria-label={product.name}
      aria-busy={saving || removing}
      className="flex gap-3 border-b border-line py-3 last:border-b-0"
    >
      {product.image ? (
        <img
          src={product.image}
          alt=""
          className="size-16 shrink-0 rounded-md bg-surface-sunken object-cover"
        />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-md bg-surface-sunken text-fg-muted">
          <ImageOff aria-hidden="true" className="size-6" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p dir="auto" className="font-medium break-words [text-align:match-parent]">
              {product.name}
            </p>
            {unavailable && <p className="text-sm text-danger">{t('cart.refused.productNotAvailable')}</p>}
            {figures && (
              <p className="flex flex-wrap items-baseline gap-x-1 text-sm text-fg-muted">
                <Price current={figures.unitPrice} old={figures.oldUnitPrice} />
                {figures.priceUnit && <span>{t('price.perUnit', { unit: figures.priceUnit.name })}</span>}
                {figures.unitDeposit && (
                  <DepositLine amount={figures.unitDeposit} unitName={figures.priceUnit?.name ?? ''} />
                )}
              </p>
            )}
          </div>
          <button
            type="button"
            onClick={() => line.send({ type: 'line.removeRequested' })}
            disabled={removing}
            aria-label={t('cart.removeItem', { name: product.name })}
            className="tap-target -mt-2 -me-2 inline-flex shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken hover:text-danger"
          >
            {removing ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" className="size-4" />}
          </button>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <LineQuantityControl
            line={line}
            unitName={shownUnit ? unitDisplayName(shownUnit, 2, i18n.language) : ''}
          />
          <label htmlFor={unitLabelId} className="sr-only">
            {t('cart.unit', { name: product.name })}
          </label>
          <select
            id={unitLabelId}
            value={unit}
            onChange={(event) => line.send({ type: 'line.unitChanged', unit: Number(event.target.value) })}
            className="tap-target rounded-md border border-line bg-surface-raised px-2"
          >
            {(figures?.units ?? []).map((option) => (
              <option key={option.id} value={option.id}>
                {unitDisplayName(option, quantity, i18n.language)}
              </option>
            ))}
            {!figures && <option value={unit}>…</option>}
          </select>
          <span className="ms-auto flex flex-col items-end">
            <span className="font-medium" data-testid="line-amount">
              {amount ? <Money amount={amount.amount} /> : t('app.loading')}
            </span>
            {amount?.deposit && <DepositLine amount={amount.deposit} className="text-xs" />}
          </span>
        </div>
        {undo && (
          <div
            role="status"
            className="flex flex-wrap items-center gap-2 rounded-md bg-brand-soft px-2 py-1 text-sm"
          >
            <span className="flex-1">
              {t('cart.unitChanged', {
                from: `${undo.quantity} ${undoUnit ? unitDisplayName(undoUnit, undo.quantity, i18n.language) : ''}`,
                to: `${quantity} ${shownUnit ? unitDisplayName(shownUnit, quantity, i18n.language) : ''}`,
              })}
            </span>
            <button
              type="button"
              onClick={() => line.send({ type: 'line.undoRequested' })}
              className="tap-target inline-flex items-center gap-1 rounded-md px-2 font-medium text-brand underline"
            >
              <Undo2 aria-hidden="true" className="size-4 rtl:-scale-x-100" />
              {t('cart.undo')}
            </button>
          </div>
        )}
        {notice && (
          <p role="status" className="flex flex-wrap items-center gap-x-2 text-sm">
            <Tag aria-hidden="true" className="size-4 shrink-0 text-brand" />
            <span>
              {t(notice.kind === 'campaignStarted' ? 'cart.campaignStarted' : 'cart.campaignEnded')}
            </span>
            <Price current={notice.current} old={notice.old} />
          </p>
        )}
        {saving && (
          <p role="status" className="flex items-center gap-1 text-xs text-fg-muted">
            <Spinner className="size-3" />
            {t('cart.saving')}
          </p>
        )}
        {shortage && (
          <SubstituteChoice
            key={`${item.id}:${product.id}`}
            productId={product.id}
            productName={product.name}
            shortage={
              shortage.inStock === 0
                ? t('substitutes.outOfStock')
                : t('substitutes.short', { count: shortage.inStock })
            }
            onRemove={() => line.send({ type: 'line.removeRequested' })}
            // keeping the shortage orders what is there, so the checkout does not refuse the line
            {...(shortage.inStockOfUnit > 0 && {
              onKeepShortage: () =>
                line.send({ type: 'line.quantityChanged', quantity: shortage.inStockOfUnit }),
            })}
          />
        )}
        <LineRefusalMessage line={line} units={units ?? []} />
        {failed && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-2 py-1 text-danger"
          >
            <span className="flex-1">{t(removeFailed ? 'cart.removeFailed' : 'cart.saveFailed')}</span>
            {canRetry && (
              <button
                type="button"
                onClick={() => line.send({ type: 'line.retried' })}
                className="tap-target rounded-md px-2 font-medium underline"
              >
                {t('common.tryAgain')}
              </button>
            )}
            <button
              type="button"
              onClick={() => line.send({ type: 'line.errorDismissed' })}
              className="tap-target rounded-md px-2"
            >
              {t('common.close')}
            </button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title={t('cart.removeTitle')}
        message={t('cart.removeMessage', { name: isolate(product.name) })}
        confirmLabel={t('cart.remove')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => line.send({ type: 'line.removeConfirmed' })}
        onCancel={() => line.send({ type: 'line.removeCancelled' })}
      />
    </li>
  );
});
