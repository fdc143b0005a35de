import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Order } from '../../../domain/types';
import { selectHasOrdersList, selectLatestOrders } from '../../../machines/orders';
import { paths } from '../../app/routes';
import { OrdersState } from '../../components/orders-state';
import { useOrdersRef } from '../../hooks/cart-hooks';
import { PriceFormatterProvider } from '../../hooks/price-formatter-provider';
import { useOrders } from '../../hooks/use-orders';
import { useAfterFirstPaint } from '../home/use-after-first-paint';
import { useBackgroundList } from '../home/use-background-list';
import { OrdersTable } from './orders-table';

/**
 * Home: the 5 latest orders; a row opens /order-detail with the order passed along (spec point 2).
 * One price formatter for its amounts, asked for beside the orders, not after them.
 */
export function LatestOrders() {
  const { t } = useTranslation();
  // asked for once the home around it has painted (see `useAfterFirstPaint`); its loading line till then
  const ordersRef = useOrdersRef();
  const hasList = useSelector(ordersRef, (snapshot) => (snapshot ? selectHasOrdersList(snapshot) : false));
  const [loadedAtMount] = useState(hasList);
  const painted = useAfterFirstPaint(loadedAtMount);
  const title = t('home.sections.latestOrders');
  return (
    <section aria-labelledby="latest-orders-title" className="flex flex-col gap-2">
      <h2 id="latest-orders-title" className="font-semibold">
        {title}
      </h2>
      {painted ? (
        <PriceFormatterProvider>
          <LatestOrdersTable title={title} loadedAtMount={loadedAtMount} />
        </PriceFormatterProvider>
      ) : (
        <OrdersState loading failed={false} empty={false} onRetry={nothing}>
          {null}
        </OrdersState>
      )}
    </section>
  );
}

function LatestOrdersTable({ title, loadedAtMount }: { title: string; loadedAtMount: boolean }) {
  const { orders: latest, loading, failed, retry } = useOrders(selectLatestOrders);
  // The table is drawn in the background, not in the task that received the orders; its
  // loading line stays until then, and a reload keeps the previous rows meanwhile.
  // (orders there already, on a second visit, are drawn at once, as before)
  const { list: drawn, status } = useBackgroundList(latest, loading ? 'loading' : 'settled', {
    drawAtMount: loadedAtMount,
  });
  return (
    <OrdersState loading={status === 'loading'} failed={failed} empty={drawn.length === 0} onRetry={retry}>
      <OrdersTable orders={drawn} caption={title} target={orderTarget} />
    </OrdersState>
  );
}

const nothing = () => {};
const orderTarget = (order: Order) => ({ href: paths.orderDetail(order.id), state: { order } });
