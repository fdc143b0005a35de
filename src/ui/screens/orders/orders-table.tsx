import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { formatDayMonthYear } from '../../../domain/dates';
import type { Order } from '../../../domain/types';
import { Money } from '../../app/price/money';
import { ColumnHeader } from '../../components/column-header';
import { useCapability } from '../../hooks/use-capability';
import { OrderInvoiceAction } from './order-invoice-action';
import { OrderStateBadge } from './order-state-badge';

interface OrdersTableProps {
  orders: readonly Order[];
  caption: string;
  /** where a row leads, and the history state passed along (the /order-detail variant) */
  target: (order: Order) => { href: string; state?: unknown };
  /** the order list's "view invoice" per row (spec point 2); the home's short table has none */
  invoices?: boolean;
}

/**
 * Order number, date (dd.mm.yyyy), amount and status (hidden below 766 px), and on the order list
 * the invoice; the whole row opens the detail, and the number is a real link so keyboard and screen
 * reader users get there too. Every order has an invoice to view, as on its detail page.
 */
export function OrdersTable({ orders, caption, target, invoices: withInvoices = false }: OrdersTableProps) {
  // a backend without invoices (a capability beyond the specification) leaves the column out
  const invoices = useCapability('invoices') && withInvoices;
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <div className="overflow-x-auto rounded-md border border-line bg-surface-raised">
      <table className="w-full text-start">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-sunken text-fg-muted">
          <tr>
            <ColumnHeader label={t('orders.number')} />
            <ColumnHeader label={t('orders.date')} />
            <ColumnHeader label={t('orders.amount')} align="end" />
            <ColumnHeader label={t('orders.status')} hideBelow="desktop" />
            {invoices && <ColumnHeader label={t('orders.invoice')} />}
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const { href, state } = target(order);
            return (
              <tr
                key={order.id}
                onClick={() => navigate(href, { state })}
                className="cursor-pointer border-t border-line hover:bg-surface-sunken"
              >
                <td className="px-3 py-1">
                  <Link
                    href={href}
                    state={state}
                    onClick={(event) => event.stopPropagation()}
                    className="tap-target inline-flex items-center font-medium text-brand hover:underline"
                  >
                    #{order.id}
                  </Link>
                </td>
                <td className="px-3 py-1 tabular-nums">{formatDayMonthYear(order.createdAt)}</td>
                <td className="px-3 py-1 text-end">
                  <Money amount={order.total} />
                </td>
                <td className="px-3 py-1 max-desktop:hidden">
                  <OrderStateBadge order={order} />
                </td>
                {invoices && (
                  <td className="px-3 py-1">
                    {order.hasInvoice === false ? null : <OrderInvoiceAction orderId={order.id} named />}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
