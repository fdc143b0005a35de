import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/domain/types';
import {
  aFinanceDocument,
  aNotification,
  anOrder,
  anOrderLine,
  aProduct,
  aSuborder,
  northWarehouse,
} from '../../../src/test/builders';
import { placedOrder } from '../cart/support/cartData';
import { fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

const lazy = { timeout: 60_000 };
/** A moment in the browser's own clock, as the order detail shows it, whatever zone the test runs in. */
const local = (month: number, day: number, hour: number, minute: number) =>
  new Date(2026, month - 1, day, hour, minute).toISOString();

const sunflowerOil = aProduct({ id: 7, name: 'Sunflower oil 1 l' });
const rapeseedOil = aProduct({ id: 8, name: 'Rapeseed oil 1 l' });

/** Order 15 from the north warehouse as the ERP reported it, up to `status`. */
function reportedOrder(overrides: Partial<Order['suborders'][number]> = {}, order: Partial<Order> = {}) {
  return anOrder({
    id: 15,
    createdAt: local(11, 27, 16, 5),
    suborders: [
      aSuborder({
        id: 150,
        warehouse: northWarehouse,
        createdAt: local(11, 27, 16, 5),
        status: 'shipped',
        reference: 'SO-150',
        eta: local(12, 1, 14, 0),
        deliveryNoteNumber: 'LS-4711',
        timeline: [
          { state: 'received', at: local(11, 28, 9, 12) },
          { state: 'confirmed', at: local(11, 28, 9, 30) },
          { state: 'shipped', at: local(11, 30, 7, 45) },
        ],
        items: [
          anOrderLine({ product: sunflowerOil, quantity: '3', unit: 1 }),
          anOrderLine({ product: rapeseedOil, quantity: '2', unit: 1 }),
        ],
        ...overrides,
      }),
    ],
    ...order,
  });
}

const progressOf = async () => within(await screen.findByRole('list', { name: 'Progress' }, lazy));

describe("a suborder's life on the order detail", { timeout: 60_000 }, () => {
  it('draws the timeline with the time of each step, the current one marked, and the expected arrival', async () => {
    renderPortal({ path: '/orders/15', data: { orders: [reportedOrder()] } });
    const steps = (await progressOf()).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'PlacedFri 27 Nov, 16:05',
      'ReceivedSat 28 Nov, 09:12',
      'ConfirmedSat 28 Nov, 09:30',
      'ShippedMon 30 Nov, 07:45Expected Tue 1 Dec, 14:00',
      'Delivered (not yet)',
      'Invoiced (not yet)',
    ]);
    expect(steps.filter((step) => step.getAttribute('aria-current') === 'step')).toEqual([steps[3]]);
    expect(within(steps[3]!).getByText('Mon 30 Nov, 07:45')).toHaveAttribute(
      'datetime',
      local(11, 30, 7, 45),
    );
    const suborder = screen.getByRole('region', { name: /Suborder 150/ });
    expect(within(suborder).getByText('Delivery note').nextElementSibling).toHaveTextContent('LS-4711');
    expect(within(suborder).getByText('Shipped', { selector: 'dd' })).toBeInTheDocument();
    // not delivered yet: the lines say nothing of what arrived
    expect(within(suborder).queryByText('Delivered in full')).not.toBeInTheDocument();
  });

  it('marks a short line and a substitute once delivered', async () => {
    const delivered = reportedOrder({
      status: 'delivered',
      timeline: [
        { state: 'confirmed', at: local(11, 28, 9, 30) },
        { state: 'shipped', at: local(11, 30, 7, 45) },
        { state: 'delivered', at: local(12, 1, 13, 20) },
      ],
      items: [
        anOrderLine({ product: sunflowerOil, quantity: '3', unit: 1, deliveredQuantity: '2' }),
        anOrderLine({
          product: rapeseedOil,
          quantity: '2',
          unit: 1,
          deliveredQuantity: null,
          substitute: {
            product: { id: 9, name: 'Olive oil 1 l' },
            quantity: '2',
            unit: { id: 2, name: 'Box' },
          },
        }),
      ],
    });
    renderPortal({ path: '/orders/15', data: { orders: [delivered] } });
    const steps = (await progressOf()).getAllByRole('listitem');
    // confirmed without "received": the step passed unreported is not claimed
    expect(
      steps.map((step) => step.textContent?.replace(/[A-Z][a-z]{2} \d+ [A-Z][a-z]{2}, \d\d:\d\d/, '')),
    ).toEqual(['Placed', 'Confirmed', 'Shipped', 'Delivered', 'Invoiced (not yet)']);
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    // the arrival is no longer expected once delivered
    expect(screen.queryByText(/^Expected/)).not.toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Items' })).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('2 of 3 delivered');
    expect(rows[2]).toHaveTextContent('Delivered in full');
    expect(rows[2]).toHaveTextContent('Sent instead: Olive oil 1 l 2 Box');
    expect(screen.getByText('1 line arrived short · 1 line replaced by another product')).toBeVisible();
  });

  it("lists the ERP's invoices with amount and open balance, and opens the PDF", async () => {
    const user = userEvent.setup();
    const tab = { location: { href: '' }, closed: false, opener: {}, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    URL.createObjectURL = vi.fn(() => 'blob:erp-invoice-3');
    URL.revokeObjectURL = vi.fn();
    const order = reportedOrder(
      { status: 'invoiced' },
      {
        documents: [
          aFinanceDocument({ id: 3, number: 'RE-2026-0042', grossTotal: '25.00', openBalance: '12.40' }),
          aFinanceDocument({
            id: 4,
            kind: 'credit_note',
            number: 'GS-2026-0007',
            dueOn: null,
            grossTotal: '5.00',
            openBalance: '0.00',
            file: 'netb2b/finance-documents/4/file/',
          }),
        ],
      },
    );
    const api = fakeApi({ orders: [order] });
    const documentFile = vi.fn(async () => new Blob(['%PDF-1.7'], { type: 'application/pdf' }));
    Object.assign(api, { documentFile });
    renderPortal({ path: '/orders/15', api });
    const documents = within(await screen.findByRole('region', { name: 'Invoices and credit notes' }, lazy));
    const [invoice, creditNote] = documents.getAllByRole('listitem');
    expect(invoice).toHaveTextContent('Invoice RE-2026-0042');
    expect(within(invoice!).getByText('Open balance').nextElementSibling).toHaveTextContent(/12\.40/);
    expect(within(invoice!).getByText('Amount').nextElementSibling).toHaveTextContent(/25\.00/);
    expect(within(invoice!).getByText('Due').nextElementSibling).toHaveTextContent('11.12.2026');
    expect(creditNote).toHaveTextContent('Credit note GS-2026-0007');
    expect(within(creditNote!).getByText('Open balance').nextElementSibling).toHaveTextContent('Paid');

    await user.click(documents.getByRole('button', { name: 'Open Invoice RE-2026-0042 as PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:erp-invoice-3'));
    expect(documentFile).toHaveBeenCalledWith(
      expect.objectContaining({ file: 'netb2b/finance-documents/3/file/' }),
      expect.anything(),
    );
  });

  it('a state the portal does not know is shown by its name', async () => {
    const odd = reportedOrder({
      status: 'held_at_customs',
      timeline: [
        { state: 'confirmed', at: local(11, 28, 9, 30) },
        { state: 'held_at_customs', at: local(11, 30, 7, 45) },
      ],
    });
    renderPortal({ path: '/orders/15', data: { orders: [odd] } });
    const steps = (await progressOf()).getAllByRole('listitem');
    expect(steps.at(-1)).toHaveTextContent('held_at_customs');
    expect(steps.at(-1)).toHaveAttribute('aria-current', 'step');
  });

  it('an order from a backend without suborder reports shows as before', async () => {
    renderPortal({ path: '/orders/15', data: { orders: [placedOrder(15, '2026-11-18T10:00:00')] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #15' }, lazy)).toBeInTheDocument();
    const suborder = screen.getByRole('region', { name: /Suborder 150/ });
    expect(within(suborder).getByText('in_preparation')).toBeInTheDocument();
    expect(within(suborder).getByText('Sunflower oil 1 l')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View invoice' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Progress' })).not.toBeInTheDocument();
    expect(screen.queryByText('Delivery note')).not.toBeInTheDocument();
    expect(screen.queryByText('Delivered in full')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Invoices and credit notes' })).not.toBeInTheDocument();
  });
});

describe('a notification about an order', { timeout: 60_000 }, () => {
  const shipped = aNotification({
    id: 7,
    name: 'Order 15 shipped',
    description: 'Expected Tue 1 Dec 14:00, delivery note LS-4711.',
    read: false,
    orderId: 15,
  });

  it('opens that order from the bell', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ orders: [reportedOrder()] });
    Object.assign(api, { notifications: vi.fn(async () => [shipped]) });
    const { location } = renderPortal({ path: '/orders/', api });
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }, lazy));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('link', { name: /Order 15 shipped/ }),
    );
    expect(location.history.at(-1)).toBe('/orders/15');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #15' }, lazy)).toBeInTheDocument();
  });

  it('links to that order from its own page', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ orders: [reportedOrder()] });
    Object.assign(api, { notifications: vi.fn(async () => [shipped]) });
    const { location } = renderPortal({ path: '/notifications/7', api });
    await user.click(await screen.findByRole('link', { name: 'View order #15' }, lazy));
    expect(location.history.at(-1)).toBe('/orders/15');
    expect(await screen.findByRole('list', { name: 'Progress' }, lazy)).toBeInTheDocument();
  });
});

afterEach(() => vi.restoreAllMocks());
