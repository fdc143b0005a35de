import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import { placedOrder } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

// Newest first, as the server sends them; the last two are closed.
const orders = [
  placedOrder(16, '2026-11-20T10:00:00'),
  placedOrder(15, '2026-11-18T10:00:00'),
  placedOrder(14, '2026-11-09T10:00:00'),
  placedOrder(13, '2026-11-02T10:00:00'),
  placedOrder(12, '2026-10-28T10:00:00', true),
  placedOrder(11, '2026-10-01T10:00:00', true),
];

const lazy = { timeout: 60_000 };

describe('latest orders on home', { timeout: 60_000 }, () => {
  it('shows the 5 latest with number, dd.mm.yyyy date, amount and status', async () => {
    renderPortal({ data: { orders } });
    const section = within(await screen.findByRole('region', { name: 'Latest orders' }, lazy));
    const table = within(await section.findByRole('table', { name: 'Latest orders' }));
    const rows = table.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(5);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link', { name: '#16' })).toHaveAttribute('href', '/order-detail?id=16');
    expect(first.getByText('20.11.2026')).toBeInTheDocument();
    expect(first.getByText('€16.50')).toBeInTheDocument();
    expect(first.getByText('Open')).toBeInTheDocument();
    expect(within(rows[4] as HTMLElement).getByText('Closed')).toBeInTheDocument();
    expect(table.queryByText('#11')).not.toBeInTheDocument();
    // the status column is the one hidden below 766 px
    expect(table.getByRole('columnheader', { name: 'Status' })).toHaveClass('max-desktop:hidden');
  });

  it('opens the order detail from a row, by mouse or keyboard', async () => {
    const user = userEvent.setup();
    const { location } = renderPortal({ data: { orders } });
    const table = within(await screen.findByRole('table', { name: 'Latest orders' }, lazy));
    await user.click(table.getByText('18.11.2026'));
    expect(location.history.at(-1)).toBe('/order-detail?id=15');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #15' })).toBeInTheDocument();
  });

  it('says "No orders" when there are none and offers a retry after a failure', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ orders: [] });
    api.orders.mockRejectedValueOnce(new ApiError({ kind: 'network', call: 'GET orders' }, 'offline'));
    renderPortal({ api });
    const section = within(await screen.findByRole('region', { name: 'Latest orders' }, lazy));
    expect(await section.findByText('Unknown error. Please try again later.')).toBeInTheDocument();
    await user.click(section.getByRole('button', { name: 'Try again' }));
    expect(await section.findByText('No orders')).toBeInTheDocument();
  });
});

describe('order list and detail', { timeout: 60_000 }, () => {
  it('splits the list into open and closed orders', async () => {
    const user = userEvent.setup();
    renderPortal({ path: '/orders/', data: { orders } });
    const openTab = await screen.findByRole('tab', { name: 'Open (4)' }, lazy);
    expect(openTab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: '#16' })).toHaveAttribute('href', '/orders/16');
    expect(screen.queryByRole('link', { name: '#12' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Closed (2)' }));
    expect(screen.getByRole('link', { name: '#12' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '#16' })).not.toBeInTheDocument();
  });

  it('offers "View invoice" on each row of the list, by keyboard, without leaving the list', async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, closed: false, opener: {}, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const createUrl = vi.fn(() => 'blob:invoice-12');
    const revokeUrl = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: revokeUrl }));
    const api = fakeApi({ orders });
    const documentFile = vi.fn(async () => new Blob(['<h1>Invoice</h1>'], { type: 'text/html' }));
    Object.assign(api, { documentFile });
    const { location } = renderPortal({ path: '/orders/?tab=closed', api });
    const button = await screen.findByRole('button', { name: 'View invoice for order 12' }, lazy);
    expect(button).toHaveTextContent('View invoice');
    expect(screen.getByRole('columnheader', { name: 'Invoice' })).toBeInTheDocument();
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(tab.location.href).toBe('blob:invoice-12'));
    expect(documentFile).toHaveBeenCalledWith(
      expect.objectContaining({ file: 'netb2b/orders/12/invoice/' }),
      expect.anything(),
    );
    expect(open).toHaveBeenCalledTimes(1);
    // the row did not open the order
    expect(location.history.at(-1)).toBe('/orders/?tab=closed');
    open.mockRestore();
    vi.unstubAllGlobals();
  });

  it('offers no "View invoice" on a row whose order has no invoice yet', async () => {
    const api = fakeApi({
      orders: [
        { ...placedOrder(12, '2026-10-28T10:00:00', true), hasInvoice: false },
        placedOrder(11, '2026-10-01T10:00:00', true),
      ],
    });
    renderPortal({ path: '/orders/?tab=closed', api });
    expect(await screen.findByRole('button', { name: 'View invoice for order 11' }, lazy)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'View invoice for order 12' })).toBeNull();
  });

  it('says so under the row when the invoice cannot be opened from the list', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const api = fakeApi({ orders });
    Object.assign(api, {
      documentFile: vi.fn(async () => {
        throw new ApiError({ kind: 'http', call: 'GET invoice', status: 500 }, 'HTTP 500');
      }),
    });
    renderPortal({ path: '/orders/', api });
    await user.click(await screen.findByRole('button', { name: 'View invoice for order 16' }, lazy));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to view invoice. Please try again later.',
    );
    open.mockRestore();
  });

  it('keeps the chosen tab in the address, and "Back to orders" from a closed order returns to it', async () => {
    const user = userEvent.setup();
    const { location } = renderPortal({ path: '/orders/', data: { orders } });
    await user.click(await screen.findByRole('tab', { name: 'Closed (2)' }, lazy));
    // the tab replaces the address: Back does not step through tabs
    expect(location.history).toEqual(['/orders/?tab=closed']);
    await user.click(screen.getByRole('link', { name: '#12' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #12' }, lazy)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to orders' }));
    expect(await screen.findByRole('tab', { name: 'Closed (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('link', { name: '#12' })).toBeInTheDocument();
  });

  it('opens on the tab the address names', async () => {
    renderPortal({ path: '/orders/?tab=closed', data: { orders } });
    expect(await screen.findByRole('tab', { name: 'Closed (2)' }, lazy)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.getByRole('link', { name: '#11' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '#16' })).not.toBeInTheDocument();
  });

  it('shows an order with its suborders, labels and totals', async () => {
    renderPortal({ path: '/orders/14', data: { orders } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #14' }, lazy)).toBeInTheDocument();
    const suborder = within(screen.getByRole('region', { name: 'Suborder 140 · North warehouse' }));
    expect(suborder.getByText('Olga Operator')).toBeInTheDocument();
    expect(suborder.getByText('in_preparation')).toBeInTheDocument();
    expect(suborder.getByText('03.12.2026')).toBeInTheDocument();
    expect(suborder.getByText('Sunflower oil 1 l')).toBeInTheDocument();
    expect(suborder.getByText('Delivery fee')).toBeInTheDocument();
    for (const label of ['Product name', 'Barcode', 'Quantity', 'Net amount', 'Tax amount', 'Total amount']) {
      expect(suborder.getByRole('columnheader', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByText('Apply date')).toBeInTheDocument();
    expect(screen.getByText('09.11.2026')).toBeInTheDocument();
    const totals = within(screen.getByRole('region', { name: 'Summary' }));
    for (const [label, amount] of [
      ['Subtotal', '€10.00'],
      ['Taxes', '€0.70'],
      ['Extra charges', '€5.00'],
      ['Total', '€14.50'],
    ]) {
      expect(totals.getByText(label as string).nextElementSibling).toHaveTextContent(amount as string);
    }
  });

  it('shows the figures and delivery date the order was placed with', async () => {
    const placed = {
      ...placedOrder(14, '2026-11-09T10:00:00'),
      total: '16.20',
      expectedDeliveryDate: '2026-11-30',
      subtotal: '11.00',
      discountAmount: '1.00',
      tax: '0.70',
      depositTotal: '0.50',
      totalWithoutTax: '10.50',
    };
    renderPortal({ path: '/orders/14', data: { orders: [placed] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #14' }, lazy)).toBeInTheDocument();
    // the requested date, not the suborder's estimate (03.12.2026)
    expect(screen.getByText('Delivery date').nextElementSibling).toHaveTextContent('30.11.2026');
    const totals = within(screen.getByRole('region', { name: 'Summary' }));
    const rows = totals
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ['Subtotal', '€11.00'],
      ['Discount', '-€1.00'],
      ['Taxes', '€0.70'],
      ['Deposit total', '€0.50'],
      ['Extra charges', '€5.00'],
      ['Total', '€16.20'],
    ]);
  });

  it('shows the pre-order flag and the note the buyer sent, the note in its own direction', async () => {
    const sent = {
      ...placedOrder(14, '2026-11-09T10:00:00'),
      isPreorder: true,
      customerNote: 'Ring twice.\nBack door',
    };
    renderPortal({ path: '/orders/14', data: { orders: [sent] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #14' }, lazy)).toBeInTheDocument();
    expect(screen.getByText('Pre-order').nextElementSibling).toHaveTextContent('Yes');
    const note = screen.getByText('Note for the supplier').nextElementSibling;
    expect(note).toHaveTextContent('Ring twice. Back door');
    expect(note).toHaveAttribute('dir', 'auto');
  });

  it('says "No" for an order that is not a pre-order and shows no empty note', async () => {
    const sent = { ...placedOrder(14, '2026-11-09T10:00:00'), isPreorder: false, customerNote: '' };
    renderPortal({ path: '/orders/14', data: { orders: [sent] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #14' }, lazy)).toBeInTheDocument();
    expect(screen.getByText('Pre-order').nextElementSibling).toHaveTextContent('No');
    expect(screen.queryByText('Note for the supplier')).not.toBeInTheDocument();
  });

  it("makes the contact person's phone a 44 px touch target on phones", async () => {
    renderPortal({ path: '/orders/14', data: { orders } });
    const suborder = within(
      await screen.findByRole('region', { name: 'Suborder 140 · North warehouse' }, lazy),
    );
    const phone = suborder.getByRole('link', { name: '+49 30 1234' });
    expect(phone).toHaveAttribute('href', 'tel:+49 30 1234');
    // the tap-target utility (styles.css): 2.75rem high below the desktop layout
    expect(phone).toHaveClass('tap-target');
  });

  it('leaves out a zero discount and deposit, and says when no delivery date is known', async () => {
    const plain = placedOrder(14, '2026-11-09T10:00:00');
    const order = {
      ...plain,
      suborders: plain.suborders.map((suborder) => ({ ...suborder, estimatedDeliveryDate: null })),
      subtotal: '10.00',
      discountAmount: '0.00',
      tax: '0.70',
      depositTotal: '0.00',
      totalWithoutTax: '10.00',
    };
    renderPortal({ path: '/orders/14', data: { orders: [order] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #14' }, lazy)).toBeInTheDocument();
    expect(screen.getByText('Delivery date').nextElementSibling).toHaveTextContent('Not scheduled yet');
    const totals = within(screen.getByRole('region', { name: 'Summary' }));
    expect(totals.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Subtotal',
      'Taxes',
      'Extra charges',
      'Total',
    ]);
  });

  it("tells when an order does not exist (or is another company's)", async () => {
    const api = fakeApi({ orders });
    api.order.mockRejectedValueOnce(
      new ApiError({ kind: 'http', call: 'GET order', status: 404 }, 'HTTP 404'),
    );
    renderPortal({ path: '/orders/99', api });
    expect(
      await screen.findByText('This order does not exist or belongs to another company.', {}, lazy),
    ).toBeInTheDocument();
  });

  it('says so when the invoice cannot be opened', async () => {
    const user = userEvent.setup();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const api = fakeApi({ orders });
    api.invoice.mockRejectedValueOnce(
      new ApiError({ kind: 'http', call: 'GET invoice', status: 500 }, 'HTTP 500'),
    );
    renderPortal({ path: '/orders/14', api });
    await user.click(await screen.findByRole('button', { name: 'View invoice' }, lazy));
    expect(await screen.findByText('Failed to view invoice. Please try again later.')).toBeInTheDocument();
    open.mockRestore();
  });

  it('reorders what is still available and lists what is not', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ orders });
    const order = orders[2]!;
    const withGone = {
      ...order,
      suborders: [
        {
          ...order.suborders[0]!,
          items: [
            ...order.suborders[0]!.items,
            {
              ...order.suborders[0]!.items[0]!,
              product: { ...order.suborders[0]!.items[0]!.product, id: 70, name: 'Retired jam' },
            },
          ],
        },
      ],
    };
    api.order.mockResolvedValueOnce(withGone);
    const addCartItemsBulk = vi.fn(async () => [
      {
        index: 0,
        product: 7,
        status: 'added' as const,
        written: { id: 500, quantity: '2', unit: 1 },
        previous: null,
      },
      {
        index: 1,
        product: 70,
        status: 'rejected' as const,
        code: 'out_of_stock',
        errors: {},
        maxQuantity: null,
        previous: null,
      },
    ]);
    api.addCartItemsBulk = addCartItemsBulk;
    renderPortal({ path: '/orders/14', api });
    await user.click(await screen.findByRole('button', { name: 'Order again' }, lazy));
    const result = within(
      await screen.findByText('Lines added to the cart: 1').then((node) => node.parentElement!),
    );
    expect(result.getByText('These products are no longer available:')).toBeInTheDocument();
    expect(result.getByRole('listitem')).toHaveTextContent('Retired jam');
    // the cart is read again after the bulk add, so it shows the reordered lines
    await waitFor(() =>
      expect(Math.max(...api.cartItems.mock.invocationCallOrder)).toBeGreaterThan(
        addCartItemsBulk.mock.invocationCallOrder[0]!,
      ),
    );
  });
});
