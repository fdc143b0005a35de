import { useTranslation } from 'react-i18next';
import { selectLatestOrders } from '../../../machines/orders.selectors';
import { paths } from '../../app/routes';
import { OrdersState } from '../../components/orders-state';
import { useOrders } from '../../hooks/use-orders';
import { OrdersTable } from './orders-table';

/** Home: the 5 latest orders; a row opens /order-detail with the order passed along (spec point 2). */
export function LatestOrders() {
  const { t } = useTranslation();
  const { orders: latest, loading, failed, retry } = useOrders(selectLatestOrders);
  const title = t('home.sections.latestOrders');
  return (
    <section aria-labelledby="latest-orders-title" className="flex flex-col gap-2">
      <h2 id="latest-orders-title" className="font-semibold">
        {title}
      </h2>
      <OrdersState loading={loading} failed={failed} empty={latest.length === 0} onRetry={retry}>
        <OrdersTable
          orders={latest}
          caption={title}
          target={(order) => ({ href: paths.orderDetail(order.id), state: { order } })}
        />
      </OrdersState>
    </section>
  );
}
