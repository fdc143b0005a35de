import { useTranslation } from 'react-i18next';
import { formatDayMonthYear } from '../../../domain/dates';
import type { IsoDate, Order, Unit } from '../../../domain/types';
import { unitDisplayName } from '../../../domain/units';
import { Money } from '../../app/price/money';
import { orderDeliveryDate } from './order-figures';

interface ShownVersion {
  version: number;
  current: boolean;
  /** when it was replaced and by whom; null for the current version */
  replaced: { at: string; by: string } | null;
  day: IsoDate | null;
  total: string;
  items: { product: { id: number; name: string }; quantity: string; unit: number }[];
}

function versionsOf(order: Order): ShownVersion[] {
  const earlier = (order.versions ?? []).map(
    (version): ShownVersion => ({
      version: version.version,
      current: false,
      replaced: { at: version.replacedAt, by: version.replacedBy.name },
      day: version.expectedDeliveryDate,
      total: version.total,
      items: version.items,
    }),
  );
  const current: ShownVersion = {
    version: order.version ?? earlier.length + 1,
    current: true,
    replaced: null,
    day: orderDeliveryDate(order),
    total: order.total,
    items: order.suborders.flatMap((suborder) =>
      suborder.items.map((item) => ({ product: item.product, quantity: item.quantity, unit: item.unit })),
    ),
  };
  return [...earlier, current];
}

/** A changed order's history, oldest first: each version's day, total and lines, the current one marked. */
export function OrderVersions({ order, units }: { order: Order; units: Unit[] | null }) {
  const { t, i18n } = useTranslation();
  if (!order.versions || order.versions.length === 0) return null;
  const amount = (quantity: string, unitId: number) => {
    const unit = units?.find((candidate) => candidate.id === unitId);
    const count = Number(quantity);
    return unit ? `${count} ${unitDisplayName(unit, count, i18n.language)}` : String(count);
  };
  return (
    <section aria-labelledby="order-versions" className="flex flex-col gap-2">
      <h2 id="order-versions" className="text-lg font-semibold">
        {t('orderAmendment.versions')}
      </h2>
      <ol className="flex flex-col gap-2">
        {versionsOf(order).map((version) => (
          <li
            key={version.version}
            aria-current={version.current ? 'true' : undefined}
            aria-label={
              version.current
                ? t('orderAmendment.currentVersion', { version: version.version })
                : t('orderAmendment.version', { version: version.version })
            }
            className={`rounded-md border p-3 ${version.current ? 'border-brand' : 'border-line'}`}
          >
            <p className="font-medium">
              {version.current
                ? t('orderAmendment.currentVersion', { version: version.version })
                : t('orderAmendment.version', { version: version.version })}
            </p>
            {version.replaced && (
              <p className="text-sm text-fg-muted">
                {t('orderAmendment.replaced', {
                  date: formatDayMonthYear(version.replaced.at),
                  name: version.replaced.by,
                })}
              </p>
            )}
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
              <dt className="text-fg-muted">{t('orderDetail.deliveryDate')}</dt>
              <dd className="tabular-nums">
                {version.day ? formatDayMonthYear(`${version.day}T12:00:00`) : t('orderDetail.notScheduled')}
              </dd>
              <dt className="text-fg-muted">{t('orderDetail.total')}</dt>
              <dd>
                <Money amount={version.total} />
              </dd>
            </dl>
            <ul
              aria-label={t('orderAmendment.versionLines', { count: version.items.length })}
              className="mt-1 list-disc ps-5 text-sm"
            >
              {version.items.map((item) => (
                <li key={`${item.product.id}-${item.unit}`}>
                  <span dir="auto">{item.product.name}</span> · {amount(item.quantity, item.unit)}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
