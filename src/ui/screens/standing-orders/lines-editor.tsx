import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isPositiveQuantity, isSavableDraft, type SeriesDraftLine } from '../../../machines/standing-orders';
import { inputClass } from '../../components/field-classes';
import { primaryButton, secondaryButton } from '../quick-order/button-classes';

interface LinesEditorProps {
  lines: SeriesDraftLine[];
  saveLabel: string;
  onQuantity: (productId: number, quantity: string) => void;
  onRemove: (productId: number) => void;
  onSave: () => void;
  onCancel: () => void;
}

/** Quantities and removal for "every delivery" or "this delivery only"; Save stays until all are valid. */
export function LinesEditor({ lines, saveLabel, onQuantity, onRemove, onSave, onCancel }: LinesEditorProps) {
  const { t } = useTranslation();
  const ids = useId();
  const valid = isSavableDraft(lines);
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave();
      }}
    >
      <ul className="flex flex-col gap-2">
        {lines.map((line) => {
          const invalid = !isPositiveQuantity(line.quantity);
          return (
            <li key={line.productId} className="flex flex-wrap items-center gap-2">
              <label htmlFor={`${ids}-${line.productId}`} className="min-w-0 flex-1" dir="auto">
                {line.productName ?? t('standingOrders.productGone')}
              </label>
              <input
                id={`${ids}-${line.productId}`}
                inputMode="decimal"
                value={line.quantity}
                aria-invalid={invalid}
                onChange={(event) => onQuantity(line.productId, event.target.value)}
                className={`${inputClass} w-24`}
              />
              <button type="button" className={secondaryButton} onClick={() => onRemove(line.productId)}>
                {t('standingOrders.remove')}
              </button>
            </li>
          );
        })}
      </ul>
      {!valid && <p className="text-sm text-danger">{t('standingOrders.linesInvalid')}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={!valid} className={primaryButton}>
          {saveLabel}
        </button>
        <button type="button" className={secondaryButton} onClick={onCancel}>
          {t('standingOrders.cancel')}
        </button>
      </div>
    </form>
  );
}
