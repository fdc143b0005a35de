import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../src/domain/types';
import { ApiError } from '../../../src/services/api';
import { capabilityNames } from '../../../src/services/api/wire/capabilities';
import { aProduct } from '../../../src/test/builders';
import { placedOrder } from '../cart/support/cartData';
import { type FakeApi, fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

const lazy = { timeout: 60_000 };
/** far ahead: the buttons stay for the whole test */
const later = '2099-11-30T17:00:00.000Z';

/** Order 15 (2 × Sunflower oil 1 l), version 1, changeable until `amendableUntil`. */
function changeable(amendableUntil: string | null = later): Order {
  return {
    ...placedOrder(15, '2026-11-18T10:00:00'),
    version: 1,
    cancelledAt: null,
    amendableUntil,
    versions: [],
    expectedDeliveryDate: '2099-12-01',
    deliveryAddress: {
      id: 3,
      name: 'Kitchen entrance',
      line1: 'Hafenstraße 12',
      line2: '',
      suburb: '',
      city: 'Hamburg',
      state: '',
      postalCode: '20457',
      country: 'Germany',
    },
  };
}

/** The server's answer to a change: version 2 holds 5 bottles, version 1 is history. */
function secondVersion(order: Order): Order {
  const [suborder] = order.suborders;
  const [item] = suborder?.items ?? [];
  return {
    ...order,
    version: 2,
    total: '55.50',
    suborders: [{ ...suborder!, items: [{ ...item!, quantity: '5.000' }] }],
    versions: [
      {
        version: 1,
        replacedAt: '2026-11-19T09:00:00Z',
        replacedBy: { id: 1, name: 'Bea Buyer' },
        expectedDeliveryDate: '2099-12-01',
        total: '15.50',
        items: [{ product: { id: 7, name: 'Sunflower oil 1 l' }, quantity: '2.000', unit: 1 }],
      },
    ],
  };
}

function apiWith(order: Order): FakeApi {
  const api = fakeApi({ orders: [order] });
  Object.assign(api, {
    amendOrder: vi.fn(async () => secondVersion(order)),
    cancelOrder: vi.fn(async () => ({
      ...order,
      version: 2,
      cancelledAt: '2026-11-19T09:00:00Z',
      amendableUntil: null,
    })),
  });
  return api;
}
type AmendingApi = FakeApi & { amendOrder: ReturnType<typeof vi.fn>; cancelOrder: ReturnType<typeof vi.fn> };

const refusal = (status: number, code: string) =>
  new ApiError({ kind: 'http', call: 'PUT netb2b/orders/15/', status, code }, `HTTP ${status}`);

async function openOrder(api: FakeApi) {
  renderPortal({ path: '/orders/15', api });
  await screen.findByRole('heading', { level: 1, name: 'Order #15' }, lazy);
}

async function changeQuantityTo(user: ReturnType<typeof userEvent.setup>, quantity: string) {
  await user.click(screen.getByRole('button', { name: 'Change order' }));
  const lines = within(await screen.findByRole('list', { name: 'Order lines' }));
  const line = within(lines.getByRole('listitem', { name: 'Sunflower oil 1 l' }));
  const box = line.getByRole('textbox', { name: /^Quantity/ });
  await user.clear(box);
  await user.type(box, quantity);
}

describe('changing a placed order until its cut-off', { timeout: 60_000 }, () => {
  it('offers Change order and Cancel order with the time left, and shows where the order goes', async () => {
    await openOrder(apiWith(changeable()));
    expect(screen.getByRole('button', { name: 'Change order' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.getByText(/^Changes possible until .+ \(.+ left\)$/)).toBeInTheDocument();
    expect(screen.getByText(/Kitchen entrance/)).toHaveTextContent('Hafenstraße 12');
  });

  it('offers neither once the order can no longer be changed', async () => {
    await openOrder(apiWith(changeable(null)));
    expect(screen.queryByRole('button', { name: 'Change order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('hides both on a backend that does not advertise order changes', async () => {
    const api = apiWith(changeable());
    const without = capabilityNames.filter((name) => name !== 'orderAmendment');
    Object.assign(api, { capabilities: vi.fn(async () => without) });
    await openOrder(api);
    expect(screen.getByText('Kitchen entrance', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change order' })).not.toBeInTheDocument();
  });

  it('takes the buttons away with a notice when the cut-off passes while the page is open', async () => {
    const api = apiWith(changeable());
    // the cut-off is a few seconds after the order is fetched
    api.order.mockImplementation(async () => changeable(new Date(Date.now() + 4_000).toISOString()));
    await openOrder(api);
    expect(screen.getByRole('button', { name: 'Change order' })).toBeInTheDocument();
    expect(
      await screen.findByText(
        /^Changes were possible until .+; this order can no longer be changed\.$/,
        {},
        { timeout: 15_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('changes a quantity, reviews it and sends it; the page shows the new version and the history', async () => {
    const user = userEvent.setup();
    const api = apiWith(changeable()) as AmendingApi;
    await openOrder(api);
    await changeQuantityTo(user, '5');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    const review = within(screen.getByRole('region', { name: 'Your changes' }));
    expect(review.getByText(/^Sunflower oil 1 l: from 2 .+ to 5 .+$/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send changes' }));

    expect(api.amendOrder).toHaveBeenCalledWith(
      15,
      {
        version: 1,
        items: [{ product: 7, quantity: '5', unit: 1 }],
        expectedDeliveryDate: '2099-12-01',
        customerNote: '',
      },
      expect.anything(),
    );
    const history = within(await screen.findByRole('region', { name: 'Order history' }));
    const versions = history.getAllByRole('listitem', { name: /version/i });
    expect(versions.map((version) => version.getAttribute('aria-label'))).toEqual([
      'Earlier version 1',
      'Version 2 (current)',
    ]);
    expect(within(versions[0]!).getByText(/Replaced on 19\.11\.2026 by Bea Buyer/)).toBeInTheDocument();
    expect(versions[1]).toHaveAttribute('aria-current', 'true');
    // the editor closed and the order can still be changed
    expect(screen.queryByRole('list', { name: 'Order lines' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change order' })).toBeInTheDocument();
  });

  it('says why a change is refused after the cut-off, and offers no more changes', async () => {
    const user = userEvent.setup();
    const api = apiWith(changeable()) as AmendingApi;
    api.amendOrder.mockRejectedValue(refusal(409, 'order_cutoff_passed'));
    await openOrder(api);
    await changeQuantityTo(user, '3');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(screen.getByRole('button', { name: 'Send changes' }));
    expect(
      await screen.findByText(/^This order can no longer be changed: its cut-off was .+\.$/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change order' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('says plainly that the order can no longer be changed when the warehouse is already on it', async () => {
    const user = userEvent.setup();
    const api = apiWith(changeable()) as AmendingApi;
    api.amendOrder.mockRejectedValue(refusal(409, 'order_not_amendable'));
    await openOrder(api);
    await changeQuantityTo(user, '3');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(screen.getByRole('button', { name: 'Send changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This order can no longer be changed\.OK$/);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change order' })).not.toBeInTheDocument();
  });

  it('keeps the draft when the change gets no answer, and Try again sends it again', async () => {
    const user = userEvent.setup();
    const api = apiWith(changeable()) as AmendingApi;
    api.amendOrder.mockRejectedValueOnce(new ApiError({ kind: 'network', call: 'PUT' }, 'no answer'));
    await openOrder(api);
    await changeQuantityTo(user, '4');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(screen.getByRole('button', { name: 'Send changes' }));
    expect(
      await screen.findByText('The order could not be changed. Your changes are kept.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Order history' });
    expect(api.amendOrder).toHaveBeenCalledTimes(2);
    expect(api.amendOrder.mock.calls[1]?.[1]).toMatchObject({
      items: [{ product: 7, quantity: '4', unit: 1 }],
    });
  });

  it('shows a refused line at the line', async () => {
    const user = userEvent.setup();
    const api = apiWith(changeable()) as AmendingApi;
    api.amendOrder.mockRejectedValue(
      new ApiError(
        {
          kind: 'http',
          call: 'PUT',
          status: 400,
          code: 'not_enough_stock',
          fieldErrors: { 'items.0.quantity': ['Only 3 pieces in stock.'] },
        },
        'HTTP 400',
      ),
    );
    await openOrder(api);
    await changeQuantityTo(user, '9');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(screen.getByRole('button', { name: 'Send changes' }));
    const lines = within(await screen.findByRole('list', { name: 'Order lines' }));
    const line = within(lines.getByRole('listitem', { name: 'Sunflower oil 1 l' }));
    expect(line.getByRole('alert')).toHaveTextContent('Only 3 pieces in stock.');
    // the draft is as the buyer left it
    expect(line.getByRole('textbox', { name: /^Quantity/ })).toHaveValue('9');
  });

  it('says another change came first and shows the current order', async () => {
    const user = userEvent.setup();
    const api = apiWith(changeable()) as AmendingApi;
    api.amendOrder.mockRejectedValue(refusal(409, 'order_changed'));
    await openOrder(api);
    api.order.mockResolvedValue(secondVersion(changeable()));
    await changeQuantityTo(user, '3');
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    await user.click(screen.getByRole('button', { name: 'Send changes' }));
    expect(await screen.findByText(/^Someone else changed this order first\./)).toBeInTheDocument();
    const history = within(await screen.findByRole('region', { name: 'Order history' }));
    expect(history.getByRole('listitem', { name: 'Version 2 (current)' })).toBeInTheDocument();
  });

  it('adds a product found by search to the order', async () => {
    const user = userEvent.setup();
    const flour = aProduct({ id: 8, name: 'Flour 1 kg' });
    const api = fakeApi({ orders: [changeable()], found: [flour] }) as AmendingApi;
    Object.assign(api, { amendOrder: vi.fn(async () => secondVersion(changeable())) });
    await openOrder(api);
    await user.click(screen.getByRole('button', { name: 'Change order' }));
    await user.type(await screen.findByRole('searchbox', { name: 'Search products to add' }), 'flour');
    const results = within(await screen.findByRole('list', { name: 'Search results' }));
    await user.click(results.getByRole('button', { name: 'Add Flour 1 kg' }));
    const lines = within(screen.getByRole('list', { name: 'Order lines' }));
    expect(lines.getByRole('listitem', { name: 'Flour 1 kg' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Review changes' }));
    expect(screen.getByText(/^Added: Flour 1 kg, 1 /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send changes' }));
    await screen.findByRole('region', { name: 'Order history' });
    expect(api.amendOrder.mock.calls[0]?.[1]).toMatchObject({
      items: [
        { product: 7, quantity: '2', unit: 1 },
        { product: 8, quantity: '1', unit: 1 },
      ],
    });
  });

  it('asks before throwing unsent changes away', async () => {
    const user = userEvent.setup();
    await openOrder(apiWith(changeable()));
    await changeQuantityTo(user, '7');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Discard your changes?' }));
    await user.click(dialog.getByRole('button', { name: 'Keep editing' }));
    const lines = within(await screen.findByRole('list', { name: 'Order lines' }));
    expect(lines.getByRole('textbox', { name: /^Quantity/ })).toHaveValue('7');
  });

  it('asks before a link leaves unsent changes behind, and goes on there once they are discarded', async () => {
    const user = userEvent.setup();
    await openOrder(apiWith(changeable()));
    await changeQuantityTo(user, '7');
    await user.click(screen.getByRole('link', { name: 'Back to orders' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Discard your changes?' }));
    // still on the order (behind the dialog)
    expect(screen.getByRole('heading', { level: 1, name: 'Order #15', hidden: true })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Orders' }, lazy)).toBeInTheDocument();
  });

  it('cancels the order only after the buyer confirms', async () => {
    const user = userEvent.setup();
    const api = apiWith(changeable()) as AmendingApi;
    await openOrder(api);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Cancel order #15?' }));
    expect(api.cancelOrder).not.toHaveBeenCalled();
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Cancelled on 19.11.2026')).toBeInTheDocument();
    expect(api.cancelOrder).toHaveBeenCalledWith(15, 1, expect.anything());
    expect(screen.queryByRole('button', { name: 'Change order' })).not.toBeInTheDocument();
  });

  it('marks a cancelled order as cancelled in the order list', async () => {
    const cancelled = { ...changeable(null), cancelledAt: '2026-11-19T09:00:00Z' };
    renderPortal({ path: '/orders/', api: apiWith(cancelled) });
    const table = within(await screen.findByRole('table', {}, lazy));
    const row = table.getByRole('link', { name: '#15' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Cancelled')).toBeInTheDocument();
  });
});
