import { Truck } from 'lucide-react';
import { Trans, useTranslation } from 'react-i18next';
import { showsAmountLine } from '../../../domain/cart-totals';
import type { IsoDate, Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import type { OrderPreview } from '../../../machines/checkout';
import { bidiIsolate } from '../../app/layout/bidi-isolate';
import { IncludedVat } from '../../app/price/included-vat';
import { Money } from '../../app/price/money';
import { longDay } from '../../components/delivery-day-picker/date-texts';

interface OrderSplitPreviewProps {
  preview: OrderPreview;
  /** names of the cart's products by id (the preview names products by id only) */
  productNames: ReadonlyMap<number, string>;
  units: readonly Unit[] | null;
  /** each suborder's own delivery day where it differs from the chosen one (by index), else null */
  suborderDays?: readonly (IsoDate | null)[];
}

/**
 * How the order will split into suborders, one per warehouse, each with its operator and charges, on
 * the customer's basis: a shipment's lines, deposit and charges add up to its total, the totals to the
 * order's (the same figures the drawer showed before Order).
 */
export function OrderSplitPreview({
  preview,
  productNames,
  units,
  suborderDays = [],
}: OrderSplitPreviewProps) {
  const { t, i18n } = useTranslation();
  const isolate = bidiIsolate(i18n.dir());
  const unitName = (unitId: number, quantity: string) => {
    const unit = units?.find((candidate) => candidate.id === unitId);
    return unit ? unitDisplayName(unit, quantity, i18n.language) : '';
  };
  return (
    <div className="flex flex-col gap-3">
      <p>{t('checkout.splitIntro', { count: preview.suborders.length })}</p>
      <ol className="flex flex-col gap-3">
        {preview.suborders.map((suborder, index) => (
          <li key={suborder.warehouse.id} className="rounded-md border border-line p-3">
            <h3 className="flex items-center gap-2 font-semibold">
              <Truck aria-hidden="true" className="size-4 shrink-0 text-brand rtl:-scale-x-100" />
              {t('checkout.shipment', { number: index + 1, warehouse: isolate(suborder.warehouse.name) })}
            </h3>
            <SuborderDay day={suborderDays[index] ?? null} />
            <p className="text-fg-muted">
              {/* a phone number has no letters to set its direction: an Arabic line would reverse its groups */}
              <Trans
                i18nKey="checkout.operator"
                values={{ name: isolate(suborder.operator.name), phone: suborder.operator.phone }}
                components={{ phone: <bdi dir="ltr" /> }}
              />
            </p>
            <ul className="mt-2 flex flex-col gap-1">
              {suborder.items.map((line) => (
                <li key={`${line.product}-${line.unit}`} className="flex justify-between gap-3">
                  <span dir="auto" className="min-w-0">
                    {productNames.get(line.product) ?? `#${line.product}`}{' '}
                    <span className="text-fg-muted">
                      ×{' '}
                      <bdi dir="auto">
                        {Number(line.quantity)} {unitName(line.unit, line.quantity)}
                      </bdi>
                    </span>
                  </span>
                  <Money amount={line.amount} />
                </li>
              ))}
              {showsAmountLine(suborder.depositTotal) && (
                <li className="flex justify-between gap-3 text-fg-muted">
                  <span>{t('cart.deposit')}</span>
                  <Money amount={suborder.depositTotal} deposit />
                </li>
              )}
              {suborder.extraCharges.map((charge) => (
                <li key={charge.name} className="flex justify-between gap-3 text-fg-muted">
                  <bdi>{charge.name}</bdi>
                  <Money amount={charge.amount} />
                </li>
              ))}
            </ul>
            <p className="mt-2 flex justify-between gap-3 border-t border-line pt-1 font-medium">
              <span>{t('checkout.shipmentTotal')}</span>
              <Money amount={suborder.total} />
            </p>
          </li>
        ))}
      </ol>
      <p className="flex justify-between gap-3 text-base font-semibold" data-testid="order-total">
        <span>{t('checkout.orderTotal')}</span>
        <Money amount={preview.total} />
      </p>
      {/* the same VAT figures the drawer showed, fees' VAT included: the confirmation adds no figure the cart did not */}
      {preview.priceBasis === 'gross' && (
        <IncludedVat taxes={preview.taxes} total={preview.tax ?? preview.totals.tax} layout="flex" />
      )}
    </div>
  );
}

/** A suborder arriving on another day than the one chosen: "Delivered on Friday 4 December". */
function SuborderDay({ day }: { day: IsoDate | null }) {
  const { t, i18n } = useTranslation();
  if (day === null) return null;
  return (
    <p className="font-medium text-brand">
      {t('checkout.deliveredOn', { day: bidiIsolate(i18n.dir())(longDay(day, i18n.language)) })}
    </p>
  );
}
