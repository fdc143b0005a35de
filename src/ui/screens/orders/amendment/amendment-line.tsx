import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { quantityControlStatus, quantityMessageKey } from '../../../../domain/quantity-control';
import type { Unit } from '../../../../domain/types';
import { orderableUnits, unitDisplayName } from '../../../../domain/units';
import { type DraftLine, draftLineMax } from '../../../../machines/orders';
import { QuantityControl } from '../../../components/quantity-control';
import type { OrderAmendmentRef } from './amendment-ref';

/**
 * One line of the draft: the cart's quantity control and unit choice, Remove, and the server's
 * refusal of this line (stock, unit, product) under it.
 */
export function AmendmentLine({
  line,
  units,
  problems,
  amendment,
}: {
  line: DraftLine;
  units: Unit[] | null;
  problems: string[];
  amendment: OrderAmendmentRef;
}) {
  const { t, i18n } = useTranslation();
  const unitId = useId();
  const problemsId = useId();
  const { product, control, unit, key } = line;
  const max = draftLineMax(line, units);
  const messageKey = quantityMessageKey(quantityControlStatus(control.quantityText, max));
  const options = units ? orderableUnits(product, units) : [];
  const shownUnit = options.find((option) => option.id === unit) ?? units?.find((u) => u.id === unit);
  return (
    <li
      aria-label={product.name}
      aria-describedby={problems.length > 0 ? problemsId : undefined}
      className="flex flex-col gap-2 border-b border-line py-3 last:border-b-0"
    >
      <div className="flex items-start justify-between gap-2">
        <p dir="auto" className="font-medium break-words">
          {product.name}
        </p>
        <button
          type="button"
          onClick={() => amendment.send({ type: 'amendment.lineRemoved', key })}
          aria-label={t('orderAmendment.remove', { name: product.name })}
          className="tap-target -mt-2 -me-2 inline-flex shrink-0 items-center justify-center rounded-md text-fg-muted hover:bg-surface-sunken hover:text-danger"
        >
          <Trash2 aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <QuantityControl
          text={control.quantityText}
          messageKey={messageKey}
          disabled={false}
          canDecrease
          canIncrease
          onDecrease={() => amendment.send({ type: 'amendment.quantityStepped', key, step: 'decrease' })}
          onIncrease={() => amendment.send({ type: 'amendment.quantityStepped', key, step: 'increase' })}
          onType={(text) => amendment.send({ type: 'amendment.quantityTyped', key, text })}
          unitName={shownUnit ? unitDisplayName(shownUnit, 2, i18n.language) : ''}
        />
        <label htmlFor={unitId} className="sr-only">
          {t('cart.unit', { name: product.name })}
        </label>
        <select
          id={unitId}
          value={unit}
          onChange={(event) =>
            amendment.send({ type: 'amendment.unitChanged', key, unit: Number(event.target.value) })
          }
          className="tap-target rounded-md border border-line bg-surface-raised px-2"
        >
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {unitDisplayName(option, control.quantity ?? 1, i18n.language)}
            </option>
          ))}
          {!options.some((option) => option.id === unit) && (
            <option value={unit}>
              {shownUnit ? unitDisplayName(shownUnit, control.quantity ?? 1, i18n.language) : '…'}
            </option>
          )}
        </select>
      </div>
      {problems.length > 0 && (
        <ul id={problemsId} role="alert" className="text-sm text-danger">
          {problems.map((problem) => (
            <li key={problem} dir="auto">
              {problem}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
