import { useSelector } from '@xstate/react';
import { ImageOff, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import type { CartLineRef } from '../../../machines/cart-line.machine';
import {
  selectCanRetry,
  selectHasRemoveFailed,
  selectIsConfirmingRemoval,
  selectIsLineSaving,
  selectIsRemoving,
  selectLineItem,
  selectLineQuantity,
  selectLineUnit,
} from '../../../machines/cart-line.selectors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Money } from '../../components/Money';
import { Spinner } from '../../components/Spinner';
import { LineQuantityControl } from './LineQuantityControl';
import { lineFigures } from './lineFigures';

/** One cart item: image, name, quantity, unit, amount and removal (spec point 4 "Cart item"). */
export function CartLine({ line, units }: { line: CartLineRef; units: Unit[] | null }) {
  const { t } = useTranslation();
  const unitLabelId = useId();
  const item = useSelector(line, selectLineItem);
  const quantity = useSelector(line, selectLineQuantity);
  const unit = useSelector(line, selectLineUnit);
  const saving = useSelector(line, selectIsLineSaving);
  const confirming = useSelector(line, selectIsConfirmingRemoval);
  const removing = useSelector(line, selectIsRemoving);
  const removeFailed = useSelector(line, selectHasRemoveFailed);
  const failed = useSelector(line, (s) => s.matches('saveFailed') || s.matches('removeFailed'));
  const canRetry = useSelector(line, selectCanRetry);
  const { product } = item;
  const figures = lineFigures(product, quantity, unit, units);
  const max = figures?.max ?? null;
  const shownUnit = figures?.units.find((candidate) => candidate.id === unit);

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
          <p dir="auto" className="min-w-0 font-medium break-words">
            {product.name}
          </p>
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
            unitName={shownUnit ? unitDisplayName(shownUnit, 2) : ''}
            quantity={quantity}
            max={max}
            onIncrease={() => line.send({ type: 'line.increased', max })}
            onDecrease={() => line.send({ type: 'line.decreased', max })}
            onTyped={(typed) => line.send({ type: 'line.quantityChanged', quantity: typed })}
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
                {unitDisplayName(option, quantity)}
              </option>
            ))}
            {!figures && <option value={unit}>…</option>}
          </select>
          <span className="ms-auto font-medium">
            {figures ? <Money amount={figures.amount} /> : t('app.loading')}
          </span>
        </div>
        {saving && (
          <p role="status" className="flex items-center gap-1 text-xs text-fg-muted">
            <Spinner className="size-3" />
            {t('cart.saving')}
          </p>
        )}
        {failed && (
          <div
            role="alert"
            className="flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-2 py-1 text-danger"
          >
            <span className="flex-1">{t(removeFailed ? 'cart.removeFailed' : 'cart.saveFailed')}</span>
            {canRetry && (
              <button
                type="button"
                onClick={() => line.send({ type: 'line.retry' })}
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
        message={t('cart.removeMessage', { name: product.name })}
        confirmLabel={t('cart.remove')}
        cancelLabel={t('common.cancel')}
        onConfirm={() => line.send({ type: 'line.removeConfirmed' })}
        onCancel={() => line.send({ type: 'line.removeCancelled' })}
      />
    </li>
  );
}
