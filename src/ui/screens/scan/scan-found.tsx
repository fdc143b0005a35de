import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { parseQuantity } from '../../../domain/quantity';
import type { DecimalString, Unit } from '../../../domain/types';
import { orderableUnits, unitMultiplier } from '../../../domain/units';
import {
  type ScanFound,
  selectCanConfirm,
  selectScanFound,
  selectScanQuantityText,
  selectScanUnit,
} from '../../../machines/scan';
import { Price } from '../../app/price/price';
import { inputClass, labelClass } from '../../components/field-classes';
import { ProductImage } from '../../components/product-image';
import { useUnits } from '../../hooks/cart-hooks';
import { CameraButton } from './camera-button';
import { primaryButton, type ScanRef } from './scan-parts';

const unitsOf = (found: ScanFound, units: Unit[] | null): Unit[] => {
  if (!units) return [];
  try {
    return orderableUnits(found.product, units);
  } catch {
    // a faulty unit chain: the code's own unit is still offered
    return units.filter((unit) => unit.id === found.codeUnit);
  }
};

/** The price of one of `unitId` (the product's price is its primary unit's); null when unknown. */
function priceIn(found: ScanFound, unitId: number | null, units: Unit[] | null): DecimalString | null {
  const { price } = found.product;
  if (price === null || unitId === null || !units) return null;
  try {
    return unitMultiplier(found.product, unitId, units).times(price).toString() as DecimalString;
  } catch {
    return null;
  }
}

/** The product a code belongs to: its unit (the code's, changeable), the quantity and Confirm. */
export function ScanFoundView({ scan }: { scan: ScanRef }) {
  const { t, i18n } = useTranslation();
  const unitId = useId();
  const quantityId = useId();
  const found = useSelector(scan, selectScanFound);
  const unit = useSelector(scan, selectScanUnit);
  const quantityText = useSelector(scan, selectScanQuantityText);
  const canConfirm = useSelector(scan, selectCanConfirm);
  const allUnits = useUnits();
  if (!found) return null;
  const units = unitsOf(found, allUnits);
  const shownPrice = priceIn(found, unit, allUnits);
  const chosenUnit = units.find((candidate) => candidate.id === unit);
  const { product } = found;
  const codeUnit = units.find((candidate) => candidate.id === found.codeUnit);
  const invalid = !parseQuantity(quantityText).ok;
  const stock = product.quantityInStock;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        scan.send({ type: 'scan.confirmed' });
      }}
    >
      <div className="flex gap-3">
        <ProductImage
          src={product.image || null}
          alt={product.name}
          className="size-20 shrink-0 object-contain"
        />
        <div className="min-w-0">
          <p className="font-semibold" dir="auto">
            {product.name}
          </p>
          <p className="text-sm text-fg-muted">{product.stockCode}</p>
          {codeUnit && <p className="text-sm">{t('scan.codeUnit', { unit: codeUnit.name })}</p>}
          {shownPrice !== null && (
            <p className="flex flex-wrap items-baseline gap-1">
              <Price current={shownPrice} />
              {chosenUnit && <span className="text-sm text-fg-muted">/ {chosenUnit.name}</span>}
            </p>
          )}
          {stock !== null && (
            <p className="text-sm text-fg-muted">
              {t('product.quantityInStock')}: {new Intl.NumberFormat(i18n.language).format(stock)}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={unitId} className={labelClass}>
            {t('product.unit')}
          </label>
          <select
            id={unitId}
            value={unit ?? ''}
            onChange={(event) => scan.send({ type: 'scan.unitChosen', unit: Number(event.target.value) })}
            className="h-11 min-w-32 rounded-md border border-line bg-surface-raised px-2 desktop:h-9"
          >
            {units.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
        <div className="w-28">
          <label htmlFor={quantityId} className={labelClass}>
            {t('quantity.label')}
          </label>
          <input
            id={quantityId}
            // biome-ignore lint/a11y/noAutofocus: the quantity is what the buyer types next
            autoFocus
            inputMode="numeric"
            value={quantityText}
            aria-invalid={invalid}
            onChange={(event) => scan.send({ type: 'scan.quantityTyped', text: event.target.value })}
            className={inputClass}
          />
        </div>
      </div>
      {invalid && (
        <p role="alert" className="text-sm text-danger">
          {t('quantity.invalidAmount')}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <CameraButton scan={scan} label={t('scan.scanAgain')} />
        <button type="submit" className={primaryButton} disabled={!canConfirm}>
          {t('scan.confirm')}
        </button>
      </div>
    </form>
  );
}
