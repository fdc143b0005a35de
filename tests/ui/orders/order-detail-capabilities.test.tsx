import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import type { Capability } from '../../../src/services/api/capabilities';
import { capabilityNames } from '../../../src/services/api/wire/capabilities';
import { placedOrder } from '../cart/support/cartData';
import { type FakeApi, fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

const orders = [placedOrder(16, '2026-11-20T10:00:00'), placedOrder(15, '2026-11-18T10:00:00')];
const lazy = { timeout: 60_000 };

/** A backend that announces every capability but `absent`. */
function backendWithout(api: FakeApi, ...absent: Capability[]) {
  const capabilities = capabilityNames.filter((name) => !absent.includes(name));
  Object.assign(api, { capabilities: vi.fn(async () => capabilities) });
  return api;
}

/** The order call answered as one the backend does not have (its catch-all 404). */
const noSuchCall = () =>
  new ApiError({ kind: 'http', call: 'GET orders/15/', status: 404, code: 'no_such_call' }, 'HTTP 404');

describe('order detail without the order detail call', { timeout: 60_000 }, () => {
  it('shows /orders/{id} from the order list and never asks for the order by number', async () => {
    const api = backendWithout(fakeApi({ orders }), 'orderDetail');
    renderPortal({ path: '/orders/15', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #15' }, lazy)).toBeInTheDocument();
    // the suborders and their items, as the list carries them
    expect(screen.getAllByText(/North warehouse/).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Sunflower oil 1 l/).length).toBeGreaterThan(0);
    expect(api.orders).toHaveBeenCalled();
    expect(api.order).not.toHaveBeenCalled();
  });

  it('says the order does not exist when the list does not have it', async () => {
    const api = backendWithout(fakeApi({ orders }), 'orderDetail');
    renderPortal({ path: '/orders/99', api });
    expect(
      await screen.findByText('This order does not exist or belongs to another company.', {}, lazy),
    ).toBeInTheDocument();
    expect(api.order).not.toHaveBeenCalled();
  });

  it('falls back to the order list when the order call turns out to be missing, not to "try again"', async () => {
    const api = fakeApi({ orders });
    api.order.mockRejectedValue(noSuchCall());
    renderPortal({ path: '/orders/15', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #15' }, lazy)).toBeInTheDocument();
    expect(screen.getAllByText(/North warehouse/).length).toBeGreaterThan(0);
    expect(
      screen.queryByText('This order does not exist or belongs to another company.'),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(api.order).toHaveBeenCalledTimes(1);
  });

  it('with the capability the order is fetched by its number', async () => {
    const api = backendWithout(fakeApi({ orders }));
    renderPortal({ path: '/orders/15', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #15' }, lazy)).toBeInTheDocument();
    expect(api.order).toHaveBeenCalledWith(15, expect.anything());
    expect(screen.getByRole('button', { name: 'View invoice' })).toBeInTheDocument();
  });
});

describe('View invoice without the invoice call', { timeout: 60_000 }, () => {
  it('is not offered on the order page', async () => {
    const api = backendWithout(fakeApi({ orders }), 'invoices');
    renderPortal({ path: '/orders/15', api });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #15' }, lazy)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'View invoice' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /order again/i })).toBeInTheDocument();
  });

  it('is not offered on the rows of the order list', async () => {
    const api = backendWithout(fakeApi({ orders }), 'invoices');
    renderPortal({ path: '/orders/', api });
    const table = within(await screen.findByRole('table', {}, lazy));
    expect(table.getByRole('link', { name: '#16' })).toBeInTheDocument();
    expect(table.queryByRole('button', { name: /View invoice/ })).not.toBeInTheDocument();
    expect(api.invoice).not.toHaveBeenCalled();
  });
});
