import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { selectClosedOrders, selectOpenOrders } from '../../../machines/orders';
import { paths } from '../../app/routes';
import { OrdersState } from '../../components/orders-state';
import { PageTitle } from '../../components/page-title';
import { useOrders } from '../../hooks/use-orders';
import { ordersListPath, ordersTabFromSearch, ordersTabs } from './orders-tab';
import { OrdersTable } from './orders-table';

const tabClass =
  'tap-target rounded-md px-3 font-medium text-fg-muted data-hover:bg-surface-sunken data-selected:bg-brand-soft data-selected:text-brand';

/**
 * /orders/: the company's orders, open and closed (spec point 2 "Order list"). The address holds the tab,
 * so Back from an order and a reload show the tab the customer was on; choosing a tab replaces
 * the address rather than adding a step to Back.
 */
export function OrdersScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const selected = ordersTabs.indexOf(ordersTabFromSearch(useSearch()));
  const chooseTab = (index: number) =>
    navigate(ordersListPath(ordersTabs[index] ?? 'open'), { replace: true });
  const { orders: open, loading, failed, retry } = useOrders(selectOpenOrders);
  const { orders: closed } = useOrders(selectClosedOrders);
  const target = (order: { id: number }) => ({ href: paths.order(order.id) });
  return (
    <>
      <PageTitle>{t('orders.title')}</PageTitle>
      <OrdersState loading={loading} failed={failed} empty={false} onRetry={retry}>
        <TabGroup selectedIndex={selected} onChange={chooseTab}>
          <TabList aria-label={t('orders.title')} className="mb-3 flex gap-1">
            <Tab className={tabClass}>{t('orders.openTab', { count: open.length })}</Tab>
            <Tab className={tabClass}>{t('orders.closedTab', { count: closed.length })}</Tab>
          </TabList>
          <TabPanels>
            <TabPanel>
              <OrdersState loading={false} failed={false} empty={open.length === 0} onRetry={retry}>
                <OrdersTable orders={open} caption={t('orders.open')} target={target} invoices />
              </OrdersState>
            </TabPanel>
            <TabPanel>
              <OrdersState loading={false} failed={false} empty={closed.length === 0} onRetry={retry}>
                <OrdersTable orders={closed} caption={t('orders.closed')} target={target} invoices />
              </OrdersState>
            </TabPanel>
          </TabPanels>
        </TabGroup>
      </OrdersState>
    </>
  );
}
