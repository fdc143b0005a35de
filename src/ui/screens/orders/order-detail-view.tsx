import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatDayMonthYear } from '../../../domain/dates';
import { orderSummaryFigures } from '../../../domain/order-figures';
import type { Order } from '../../../domain/types';
import {
  selectIsOrderLoading,
  selectIsOrderNotFound,
  selectOrder,
  selectOrderDocuments,
  selectOrderError,
} from '../../../machines/orders';
import { IncludedVat } from '../../app/price/included-vat';
import { Money } from '../../app/price/money';
import { PriceBasisNote } from '../../app/price/price-basis-note';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { Spinner } from '../../components/spinner';
import { useUnits } from '../../hooks/cart-hooks';
import { MakeStandingOrderLink } from '../standing-orders/make-standing-order-link';
import { OrderAmendmentSection } from './amendment/order-amendment-section';
import { InvoiceButton } from './invoice-button';
import { OrderDeliveryAddressText } from './order-delivery-address';
import { orderDeliveryDate } from './order-figures';
import { OrderFinanceDocuments } from './order-finance-documents';
import { OrderStateBadge } from './order-state-badge';
import { OrderVersions } from './order-versions';
import { ordersListPath } from './orders-tab';
import { ReorderAction } from './reorder-action';
import { SuborderSection } from './suborder-section';
import { type OrderDetailRef, useOrderDetail } from './use-order-detail';

/** /orders/{id} and /order-detail: the order with its suborders, invoice and reorder. */
export function OrderDetailView({ orderId, order: passed }: { orderId: number; order: Order | null }) {
  const { t } = useTranslation();
  const detail = useOrderDetail(orderId, passed);
  const order = useSelector(detail, selectOrder);
  const loading = useSelector(detail, selectIsOrderLoading);
  const notFound = useSelector(detail, selectIsOrderNotFound);
  const error = useSelector(detail, selectOrderError);
  // back to the tab the order is listed on (closed orders: /orders/?tab=closed)
  const back = (
    <Link
      href={ordersListPath(order?.isFinalized ? 'closed' : 'open')}
      className="tap-target inline-flex items-center text-brand hover:underline"
    >
      {t('orderDetail.backToOrders')}
    </Link>
  );

  if (loading)
    return (
      <p role="status" className="flex items-center gap-2 py-6 text-fg-muted">
        <Spinner />
        {t('orderDetail.loading')}
      </p>
    );
  if (notFound)
    return (
      <>
        <PageTitle>{t('orderDetail.title', { number: orderId })}</PageTitle>
        <EmptyState>{t('orderDetail.notFound')}</EmptyState>
        {back}
      </>
    );
  if (error || !order)
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-3 py-2 text-danger"
      >
        <span className="flex-1">{t('errors.unknown')}</span>
        <button
          type="button"
          onClick={() => detail.send({ type: 'orderDetail.retried' })}
          className="tap-target rounded-md px-2 font-medium underline"
        >
          {t('common.tryAgain')}
        </button>
      </div>
    );
  return <LoadedOrder order={order} detail={detail} back={back} />;
}

function LoadedOrder({
  order,
  detail,
  back,
}: {
  order: Order;
  detail: OrderDetailRef;
  back: React.ReactNode;
}) {
  const { t } = useTranslation();
  const units = useUnits();
  const documents = useSelector(detail, selectOrderDocuments);
  const figures = orderSummaryFigures(order);
  const onBasis = figures.basis !== null;
  const delivery = orderDeliveryDate(order);
  return (
    <div className="flex flex-col gap-4">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <PageTitle>{t('orderDetail.title', { number: order.id })}</PageTitle>
          <dl className="-mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            <dt className="text-fg-muted">{t('orders.status')}</dt>
            <dd>
              <OrderStateBadge order={order} withDay />
            </dd>
            <dt className="text-fg-muted">{t('orderDetail.applyDate')}</dt>
            <dd className="tabular-nums">{formatDayMonthYear(order.createdAt)}</dd>
            <dt className="text-fg-muted">{t('orderDetail.deliveryDate')}</dt>
            <dd className="tabular-nums">
              {delivery ? formatDayMonthYear(`${delivery}T12:00:00`) : t('orderDetail.notScheduled')}
            </dd>
            {order.deliveryAddress && (
              <>
                <dt className="text-fg-muted">{t('orderAmendment.deliveryAddress')}</dt>
                <dd>
                  <OrderDeliveryAddressText address={order.deliveryAddress} />
                </dd>
              </>
            )}
            {/* what the buyer sent with the order (older servers leave both out) */}
            {order.isPreorder !== undefined && (
              <>
                <dt className="text-fg-muted">{t('orderDetail.preorder')}</dt>
                <dd>{order.isPreorder ? t('orderDetail.preorderYes') : t('orderDetail.preorderNo')}</dd>
              </>
            )}
            {order.customerNote && (
              <>
                <dt className="text-fg-muted">{t('orderDetail.note')}</dt>
                {/* the buyer's own words, in any script; their line breaks kept */}
                <dd dir="auto" className="max-w-prose whitespace-pre-line break-words text-start">
                  {order.customerNote}
                </dd>
              </>
            )}
          </dl>
        </div>
        <div className="flex flex-wrap items-start gap-2">
          {order.hasInvoice === false ? null : <InvoiceButton detail={detail} />}
          <ReorderAction order={order} />
          <MakeStandingOrderLink source={{ kind: 'order', orderId: order.id }} />
        </div>
      </div>
      <OrderAmendmentSection order={order} detail={detail} />
      {order.suborders.map((suborder) => (
        <SuborderSection key={suborder.id} suborder={suborder} units={units} onBasis={onBasis} />
      ))}
      <section
        aria-labelledby="order-totals"
        className="self-end rounded-md border border-line bg-surface-raised p-3"
      >
        <h2 id="order-totals" className="sr-only">
          {t('cart.summary')}
        </h2>
        {onBasis && <PriceBasisNote className="mb-1" />}
        <dl className="grid min-w-64 grid-cols-[1fr_auto] gap-x-6 gap-y-1">
          <dt className="text-fg-muted">{onBasis ? t('cart.goods') : t('cart.subtotal')}</dt>
          <dd className="text-end">
            <Money amount={figures.subtotal} />
          </dd>
          {/* on a basis the goods are after the discount: it is a saving, shown below the total */}
          {!onBasis && figures.discount !== null && (
            <>
              <dt className="text-fg-muted">{t('cart.discount')}</dt>
              <dd className="text-end">
                <Money amount={`-${figures.discount}`} />
              </dd>
            </>
          )}
          {!onBasis && (
            <>
              <dt className="text-fg-muted">{t('orderDetail.taxes')}</dt>
              <dd className="text-end">
                <Money amount={figures.taxes} />
              </dd>
            </>
          )}
          {figures.depositTotal !== null && (
            <>
              <dt className="text-fg-muted">{t('orderDetail.depositTotal')}</dt>
              <dd className="text-end">
                <Money amount={figures.depositTotal} deposit />
              </dd>
            </>
          )}
          <dt className="text-fg-muted">{t('orderDetail.extraCharges')}</dt>
          <dd className="text-end">
            <Money amount={figures.extraCharges} />
          </dd>
          <div className="col-span-2 grid grid-cols-subgrid border-t border-line pt-1 font-semibold">
            <dt>{t('orderDetail.total')}</dt>
            <dd className="text-end">
              <Money amount={order.total} />
            </dd>
          </div>
          {figures.basis === 'gross' && (
            <IncludedVat taxes={figures.taxesByRate} total={figures.taxes} layout="grid" />
          )}
          {onBasis && figures.discount !== null && (
            <div className="col-span-2 grid grid-cols-subgrid text-xs text-brand">
              <dt>{t('orderDetail.saved')}</dt>
              <dd className="text-end">
                <Money amount={figures.discount} />
              </dd>
            </div>
          )}
        </dl>
      </section>
      <OrderFinanceDocuments documents={documents} />
      <OrderVersions order={order} units={units} />
    </div>
  );
}
