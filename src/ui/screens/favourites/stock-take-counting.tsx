import { useSelector } from '@xstate/react';
import { ChevronLeft, ChevronRight, ListChecks } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Unit } from '../../../domain/types';
import { type StockTakeRow, selectStockTakeCurrent, selectStockTakeRows } from '../../../machines/favourites';
import { inputClass } from '../../components/field-classes';
import { orderAmountText, primaryAmountText, primaryUnitName } from './stock-take-amounts';
import { StockTakeScan } from './stock-take-scan';
import type { StockTakeRef } from './stock-take-types';

const barShape =
  'tap-target inline-flex min-h-12 flex-1 items-center justify-center gap-2 rounded-md border px-3 font-medium disabled:opacity-60';
const barButton = `${barShape} border-line bg-surface-raised hover:bg-surface-sunken`;
const barPrimary = `${barShape} border-brand bg-brand text-brand-contrast hover:bg-brand-strong`;

/**
 * The lines in shelf order, each with an "On hand" field that opens the number keyboard; Enter (the
 * keyboard's "next") moves to the following line. Previous, Next and Review sit in a bar at the bottom,
 * where a thumb reaches them with the phone in one hand.
 */
export function StockTakeCounting({ stockTake, units }: { stockTake: StockTakeRef; units: Unit[] }) {
  const { t } = useTranslation();
  const rows = useSelector(stockTake, selectStockTakeRows);
  const current = useSelector(stockTake, selectStockTakeCurrent);
  const inputs = useRef<(HTMLInputElement | null)[]>([]);

  // the line being counted has the focus, so the keyboard stays open from one line to the next
  useEffect(() => {
    const input = inputs.current[current];
    if (input && document.activeElement !== input) {
      input.focus();
      input.scrollIntoView?.({ block: 'center' });
    }
  }, [current]);

  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-center justify-between gap-2">
        <p className="text-fg-muted" aria-live="polite">
          {t('orderGuide.progress', { current: current + 1, total: rows.length })}
        </p>
        <StockTakeScan stockTake={stockTake} rows={rows} units={units} />
      </div>
      <ol className="flex flex-col gap-3">
        {rows.map((row, index) => (
          <StockTakeLine
            key={row.productId}
            row={row}
            index={index}
            current={index === current}
            units={units}
            inputRef={(element) => {
              inputs.current[index] = element;
            }}
            stockTake={stockTake}
          />
        ))}
      </ol>
      <div className="sticky bottom-0 z-10 -mx-1 flex gap-2 border-line border-t bg-surface px-1 py-3">
        <button
          type="button"
          className={barButton}
          disabled={current === 0}
          onClick={() => stockTake.send({ type: 'count.previous' })}
        >
          <ChevronLeft aria-hidden="true" className="size-5 rtl:rotate-180" />
          {t('orderGuide.previous')}
        </button>
        <button type="button" className={barButton} onClick={() => stockTake.send({ type: 'count.next' })}>
          {t('orderGuide.next')}
          <ChevronRight aria-hidden="true" className="size-5 rtl:rotate-180" />
        </button>
        <button
          type="button"
          className={barPrimary}
          onClick={() => stockTake.send({ type: 'stockTake.reviewed' })}
        >
          <ListChecks aria-hidden="true" className="size-5" />
          {t('orderGuide.review')}
        </button>
      </div>
    </div>
  );
}

function StockTakeLine({
  row,
  index,
  current,
  units,
  inputRef,
  stockTake,
}: {
  row: StockTakeRow;
  index: number;
  current: boolean;
  units: Unit[];
  inputRef: (element: HTMLInputElement | null) => void;
  stockTake: StockTakeRef;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const inputId = `stock-take-${row.productId}`;
  const errorId = `${inputId}-error`;
  return (
    <li
      className={`rounded-md border p-3 ${current ? 'border-brand bg-brand/5 outline-2 outline-brand/40' : 'border-line'}`}
      data-testid="stock-take-line"
    >
      <div className="flex items-start justify-between gap-2">
        <p className="min-w-0 font-medium">
          <bdi dir="auto">{row.product.name}</bdi>
        </p>
        {row.shelfPosition !== null && (
          <span className="shrink-0 rounded bg-surface-sunken px-2 py-0.5 text-sm">
            {t('orderGuide.shelfNumber', { shelf: row.shelfPosition })}
          </span>
        )}
      </div>
      <p className="text-fg-muted text-sm">
        {t('orderGuide.par', { amount: primaryAmountText(row.product, row.parLevel, units, language) })}
      </p>
      <div className="mt-2 flex items-end gap-3">
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="mb-1 block text-sm">
            {t('orderGuide.onHand', { unit: primaryUnitName(row.product, units, language) })}
          </label>
          <input
            id={inputId}
            ref={inputRef}
            className={inputClass}
            inputMode="decimal"
            enterKeyHint="next"
            autoComplete="off"
            value={row.countText}
            aria-invalid={row.invalid || undefined}
            aria-describedby={row.invalid ? errorId : undefined}
            onFocus={() => stockTake.send({ type: 'count.chosen', index })}
            onChange={(event) =>
              stockTake.send({ type: 'count.typed', productId: row.productId, text: event.target.value })
            }
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              stockTake.send({ type: 'count.next' });
            }}
          />
        </div>
        <p className="min-w-[8rem] pb-2 text-end font-medium" data-testid="stock-take-to-order">
          {row.toOrder === null
            ? t('orderGuide.notCounted')
            : row.toOrder === '0'
              ? t('orderGuide.enough')
              : t('orderGuide.toOrder', { amount: orderAmountText(row.toOrder, row.unit, units, language) })}
        </p>
      </div>
      {row.invalid && (
        <p id={errorId} className="mt-1 text-danger text-sm">
          {t('orderGuide.invalidCount')}
        </p>
      )}
    </li>
  );
}
