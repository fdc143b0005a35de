import { Truck } from 'lucide-react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvoidableCharge, ShipmentQuote } from '../../../machines/cart';
import { Money } from '../../app/price/money';
import { usePriceFormatter } from '../../hooks/use-price-formatter';

const row = 'col-span-2 grid grid-cols-subgrid';

/** Each warehouse's share of the cart with its fees, and how much more would avoid a fee. */
export function ShipmentFees({ shipments }: { shipments: ShipmentQuote[] }) {
  const { t } = useTranslation();
  return (
    <>
      {/* a dl's div holds one name with its values: each fee is a row of its own, beside its warehouse's */}
      {shipments.map((shipment) => (
        <Fragment key={shipment.warehouseId}>
          <div className={`${row} mt-1 gap-y-0.5 border-t border-line pt-1`}>
            <dt className="flex min-w-0 items-center gap-1 font-medium">
              <Truck aria-hidden="true" className="size-3.5 shrink-0 text-brand rtl:-scale-x-100" />
              {t('cart.fromWarehouse', { warehouse: shipment.warehouse })}
            </dt>
            <dd className="text-end">
              <Money amount={shipment.goods} />
            </dd>
            {shipment.avoidable.map((charge) => (
              <dd key={`avoid-${charge.name}`} className="col-span-2 ps-5 text-xs text-brand">
                <AvoidableChargeHint warehouse={shipment.warehouse} charge={charge} />
              </dd>
            ))}
          </div>
          {shipment.charges.map((charge) => (
            <div key={charge.name} className={`${row} text-fg-muted`}>
              <dt className="ps-5">
                <bdi>{charge.name}</bdi>
              </dt>
              <dd className="text-end">
                <Money amount={charge.amount} />
              </dd>
            </div>
          ))}
        </Fragment>
      ))}
    </>
  );
}

function AvoidableChargeHint({ warehouse, charge }: { warehouse: string; charge: AvoidableCharge }) {
  const { t } = useTranslation();
  const price = usePriceFormatter();
  if (price.status !== 'ready') return null;
  // First-strong isolates keep the amount and the names in their own direction inside Arabic text.
  const isolate = (text: string) => `\u2068${text}\u2069`;
  const amount = isolate(price.money(charge.missing));
  return (
    <>
      {charge.code === 'delivery_fee'
        ? t('cart.freeDelivery', { amount, warehouse: isolate(warehouse) })
        : t('cart.avoidCharge', { amount, warehouse: isolate(warehouse), charge: charge.name })}
    </>
  );
}
