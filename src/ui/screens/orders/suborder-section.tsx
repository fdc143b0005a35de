import { Phone, Warehouse } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatDayMonthYear } from '../../../domain/dates';
import { orderLineFigures } from '../../../domain/order-figures';
import { quantityOfWire } from '../../../domain/quantity';
import type { Suborder, Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import { Money } from '../../app/price/money';
import { ColumnHeader } from '../../components/column-header';
import { AddToListMenu } from '../favourites/add-to-list-menu';
import { deliveryDifferences, isDeliveryReported } from './line-delivery';
import { LineDeliveryMarks } from './line-delivery-marks';
import { suborderProgress } from './suborder-progress';
import { SuborderTimeline } from './suborder-timeline';

const dateOf = (isoDate: string) => formatDayMonthYear(`${isoDate}T12:00:00`);

/**
 * One suborder: warehouse, operator (the contact person), status, items, extra charges, delivery date.
 * Where the supplier's systems report on it: its timeline, delivery note and what arrived of each line.
 */
export function SuborderSection({
  suborder,
  units,
  onBasis,
}: {
  suborder: Suborder;
  units: Unit[] | null;
  /** the order carries its price basis: lines show goods and deposit (else net and tax, as stored) */
  onBasis: boolean;
}) {
  const { t, i18n } = useTranslation();
  const headingId = `suborder-${suborder.id}`;
  const progressId = `suborder-${suborder.id}-progress`;
  const progress = suborderProgress(suborder);
  const delivered = isDeliveryReported(suborder);
  const differences = deliveryDifferences(suborder.items);
  const unitName = (unitId: number, quantity: string) => {
    const unit = units?.find((candidate) => candidate.id === unitId);
    return unit ? unitDisplayName(unit, quantity, i18n.language) : '';
  };
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-line bg-surface-raised">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 border-b border-line p-3">
        <h2 id={headingId} className="flex items-center gap-2 font-semibold">
          <Warehouse aria-hidden="true" className="size-4 text-brand" />
          {t('orderDetail.suborder', { number: suborder.id, warehouse: suborder.warehouse.name })}
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 sm:grid-cols-[auto_auto]">
          <dt className="text-fg-muted">{t('orderDetail.contactPerson')}</dt>
          <dd className="flex flex-wrap items-center gap-x-2">
            <bdi>{suborder.operator.name}</bdi>
            {suborder.operator.phone && (
              <a
                href={`tel:${suborder.operator.phone}`}
                className="tap-target inline-flex items-center gap-1 whitespace-nowrap text-brand hover:underline"
              >
                <Phone aria-hidden="true" className="size-3" />
                <bdi dir="ltr">{suborder.operator.phone}</bdi>
              </a>
            )}
          </dd>
          <dt className="text-fg-muted">{t('orderDetail.suborderStatus')}</dt>
          {/* The spec names no status values: the known ones are translated, others shown as sent. */}
          <dd>{t(`orderDetail.suborderStatuses.${suborder.status}`, { defaultValue: suborder.status })}</dd>
          <dt className="text-fg-muted">{t('orderDetail.estimatedDelivery')}</dt>
          <dd className="tabular-nums">
            {suborder.estimatedDeliveryDate
              ? dateOf(suborder.estimatedDeliveryDate)
              : t('orderDetail.notScheduled')}
          </dd>
          {suborder.deliveryNoteNumber && (
            <>
              <dt className="text-fg-muted">{t('orderDetail.deliveryNote')}</dt>
              <dd>
                <bdi dir="auto">{suborder.deliveryNoteNumber}</bdi>
              </dd>
            </>
          )}
          {suborder.reference && (
            <>
              <dt className="text-fg-muted">{t('orderDetail.reference')}</dt>
              <dd>
                <bdi dir="auto">{suborder.reference}</bdi>
              </dd>
            </>
          )}
        </dl>
      </div>
      {progress && (
        <div className="flex flex-col gap-2 border-b border-line p-3">
          <h3 id={progressId} className="text-sm font-semibold text-fg-muted">
            {t('orderDetail.progress.title')}
          </h3>
          <SuborderTimeline steps={progress} eta={suborder.eta ?? null} labelledBy={progressId} />
          {delivered && (differences.short > 0 || differences.substituted > 0) && (
            <p className="text-sm font-medium">
              {[
                differences.short > 0 && t('orderDetail.delivery.shortLines', { count: differences.short }),
                differences.substituted > 0 &&
                  t('orderDetail.delivery.substitutedLines', { count: differences.substituted }),
              ]
                .filter(Boolean)
                .join(' · ')}
            </p>
          )}
        </div>
      )}
      <div className="overflow-x-auto">
        <table className="w-full">
          <caption className="sr-only">{t('orderDetail.items')}</caption>
          <thead className="text-fg-muted">
            <tr>
              <ColumnHeader label={t('orderDetail.productName')} />
              <ColumnHeader label={t('orderDetail.barcode')} hideBelow="desktop" />
              <ColumnHeader label={t('orderDetail.quantity')} align="end" />
              <ColumnHeader
                label={onBasis ? t('orderDetail.amount') : t('orderDetail.netAmount')}
                align="end"
                hideBelow="desktop"
              />
              <ColumnHeader
                label={onBasis ? t('cart.deposit') : t('orderDetail.taxAmount')}
                align="end"
                hideBelow="desktop"
              />
              <ColumnHeader label={t('orderDetail.totalAmount')} align="end" />
            </tr>
          </thead>
          <tbody>
            {suborder.items.map((item) => {
              const figures = orderLineFigures(item);
              return (
                <tr key={`${item.product.id}-${item.unit}`} className="border-t border-line align-top">
                  <td className="px-3 py-2">
                    <div className="flex items-start gap-1">
                      <div className="min-w-0 flex-1">
                        <p dir="auto" className="font-medium">
                          {item.product.name}
                        </p>
                        <p className="text-xs text-fg-muted">
                          {item.product.brand.name} · {item.product.category.name}
                        </p>
                        {item.substitutedFor && (
                          <p className="text-xs font-medium text-brand">
                            {t('substitutes.insteadOf')} <bdi dir="auto">{item.substitutedFor.name}</bdi>
                          </p>
                        )}
                        {delivered && <LineDeliveryMarks item={item} />}
                      </div>
                      <AddToListMenu
                        product={item.product}
                        line={{ quantity: item.quantity, unit: item.unit }}
                      />
                    </div>
                  </td>
                  <td className="px-3 py-2 font-mono text-xs max-desktop:hidden">{item.product.barcode}</td>
                  <td className="px-3 py-2 text-end whitespace-nowrap">
                    {/* the unit's name comes from the supplier, in any script: it sets the direction */}
                    <bdi dir="auto" className="tabular-nums">
                      {quantityOfWire(item.quantity)} {unitName(item.unit, item.quantity)}
                    </bdi>
                  </td>
                  <td className="px-3 py-2 text-end max-desktop:hidden">
                    <Money amount={figures.amount} />
                  </td>
                  <td className="px-3 py-2 text-end max-desktop:hidden">
                    {figures.deposit === null ? (
                      <Money amount={item.taxPrice} />
                    ) : (
                      <Money amount={figures.deposit} deposit />
                    )}
                  </td>
                  <td className="px-3 py-2 text-end">
                    <Money amount={figures.total} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-line p-3">
        {suborder.extraCharges.map((charge) => (
          <div key={charge.name} className="contents">
            <dt className="text-fg-muted">{charge.name}</dt>
            <dd className="text-end">
              <Money amount={charge.amount} />
            </dd>
          </div>
        ))}
        <dt className="font-semibold">{t('orderDetail.suborderTotal')}</dt>
        <dd className="text-end font-semibold">
          <Money amount={suborder.total} />
        </dd>
      </dl>
    </section>
  );
}
