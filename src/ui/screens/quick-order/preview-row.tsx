import { CircleAlert, CircleCheck, Plus, Replace, X } from 'lucide-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { type InCartChange, isRowValid, type QuickOrderRow } from '../../../domain/quick-order';
import { lineShortage } from '../../../domain/substitutes';
import { unitDisplayName } from '../../../domain/units';
import { SubstituteChoice } from '../substitutes/substitute-choice';
import { amountText, problemText } from './row-messages';

interface PreviewRowProps {
  row: QuickOrderRow;
  /** the cart line this row would add to or replace: its quantity and unit now and after; null when none */
  inCart: InCartChange | null;
  onQuantity: (rowNumber: number, text: string) => void;
  onUnit: (rowNumber: number, unitId: number) => void;
  onDrop: (rowNumber: number) => void;
}

const cellInput =
  'block h-11 rounded-md border bg-surface-raised px-2 text-fg focus:border-brand focus:outline-2 focus:outline-brand/40 desktop:h-9';

/** One sheet row in the preview: its number, product, fixable quantity and unit, status, and removal. */
export const PreviewRow = memo(function PreviewRow({
  row,
  inCart,
  onQuantity,
  onUnit,
  onDrop,
}: PreviewRowProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  const valid = isRowValid(row);
  const shownRow = row.sourceRowNumbers.join(', ');
  const statusId = `quick-order-row-${row.rowNumber}-status`;
  const quantityWrong = row.problems.includes('invalidQuantity') || row.problems.includes('notEnoughStock');
  const unitWrong = row.problems.includes('invalidUnit');
  const product = (
    <>
      <span className="block break-all font-mono text-xs text-fg-muted" dir="ltr">
        {row.stockCode || '—'}
      </span>
      {row.product && (
        <span dir="auto" className="block [text-align:match-parent]">
          {row.product.name}
        </span>
      )}
    </>
  );
  return (
    <tbody className="border-b border-line last:border-b-0">
      {/* A phone has no room for the product beside the fields: it gets a line of its own above them. */}
      <tr className="desktop:hidden">
        <td colSpan={5} className="px-2 pt-2">
          {product}
        </td>
      </tr>
      <tr>
        <th scope="row" className="px-2 pt-2 text-start align-top font-medium tabular-nums">
          {shownRow}
        </th>
        <td className="hidden min-w-0 px-2 pt-2 align-top desktop:table-cell">{product}</td>
        <td className="px-2 pt-2 align-top">
          <input
            aria-label={t('quickOrder.quantityOfRow', { row: shownRow })}
            aria-invalid={quantityWrong}
            aria-describedby={statusId}
            inputMode="numeric"
            value={row.quantityText}
            onChange={(event) => onQuantity(row.rowNumber, event.target.value)}
            className={`${cellInput} w-20 ${quantityWrong ? 'border-danger' : 'border-line'}`}
          />
        </td>
        <td className="px-2 pt-2 align-top">
          {row.unitChoices.length > 0 ? (
            <select
              aria-label={t('quickOrder.unitOfRow', { row: shownRow })}
              aria-invalid={unitWrong}
              aria-describedby={statusId}
              value={row.unit ? String(row.unit.id) : ''}
              onChange={(event) => onUnit(row.rowNumber, Number(event.target.value))}
              className={`${cellInput} w-28 ${unitWrong ? 'border-danger' : 'border-line'}`}
            >
              {!row.unit && <option value="">{row.unitText || '—'}</option>}
              {row.unitChoices.map((unit) => (
                <option key={unit.id} value={unit.id}>
                  {unitDisplayName(unit, row.quantity ?? 1, language)}
                </option>
              ))}
            </select>
          ) : (
            <span className="block pt-2 text-fg-muted">{row.unitText || '—'}</span>
          )}
        </td>
        <td className="px-1 pt-2 align-top">
          <button
            type="button"
            onClick={() => onDrop(row.rowNumber)}
            aria-label={t('quickOrder.dropRow', { row: shownRow })}
            className="tap-target inline-flex items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken hover:text-fg"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </td>
      </tr>
      <tr>
        <td colSpan={5} id={statusId} className="px-2 pt-1 pb-2">
          {valid ? (
            <span className="inline-flex items-center gap-1 text-fg-muted">
              <CircleCheck aria-hidden="true" className="size-4 text-brand" />
              {t('quickOrder.ready')}
            </span>
          ) : (
            <span className="flex items-start gap-1 text-danger">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>{t('quickOrder.errorInRow', { row: shownRow })}:</strong>{' '}
                {row.problems.map((problem) => problemText(t, language, problem, row)).join(' ')}
              </span>
            </span>
          )}
          {valid && inCart && <InCartNote change={inCart} />}
          {row.product && <RowSubstitutes row={row} onDrop={onDrop} />}
        </td>
      </tr>
    </tbody>
  );
});

/** What the row does to the product's cart line: "in cart: 3 crates → 4 crates (added)", or why it cannot. */
function InCartNote({ change }: { change: InCartChange }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  if (change.beyondStock)
    return (
      <span className="ms-2 inline-flex items-start gap-1 font-medium text-danger">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {t('cartMode.beyondStock', {
          inCart: amountText(language, change.from),
          max: change.beyondStock.max,
          unit: unitDisplayName(change.beyondStock.unit, change.beyondStock.max, language),
        })}
      </span>
    );
  const Icon = change.mode === 'add' ? Plus : Replace;
  return (
    <span className="ms-2 inline-flex items-center gap-1 font-medium">
      <Icon aria-hidden="true" className="size-4 shrink-0 text-brand" />
      {t(change.mode === 'add' ? 'cartMode.lineAdded' : 'cartMode.lineReplaced', {
        from: amountText(language, change.from),
        to: amountText(language, change.to),
      })}
    </span>
  );
}

/**
 * A row whose product ran out or is short: the supplier's substitutes for the pieces the row wants.
 * Taking one puts it into the cart at once, and the row leaves the preview.
 */
function RowSubstitutes({ row, onDrop }: { row: QuickOrderRow; onDrop: (rowNumber: number) => void }) {
  const { t } = useTranslation();
  const { product, unit } = row;
  if (!product || !(row.problems.includes('productOutOfStock') || row.problems.includes('notEnoughStock')))
    return null;
  const shortage = unit ? lineShortage(product, String(row.quantity ?? 1), unit.id, row.unitChoices) : null;
  const inStock = Math.max(0, Math.floor(product.quantityInStock ?? 0));
  return (
    <div className="mt-2">
      <SubstituteChoice
        productId={product.id}
        productName={product.name}
        {...(shortage ? { pieces: shortage.wanted } : {})}
        shortage={inStock === 0 ? t('substitutes.outOfStock') : t('substitutes.short', { count: inStock })}
        onRemove={() => onDrop(row.rowNumber)}
        onTaken={() => onDrop(row.rowNumber)}
      />
    </div>
  );
}
