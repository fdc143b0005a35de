import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import { capabilityNames } from '../../../src/services/api/wire/capabilities';
import { cans, oil, twoWarehouses } from '../cart/support/cartData';
import { fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

const lazy = { timeout: 60_000 };
const bySupplier = 'Delivery fees and extra charges are added by the supplier.';

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, lazy));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

/** The preview call answered as one the backend does not have. */
const notImplemented = () =>
  new ApiError({ kind: 'http', call: 'POST netb2b/orders/preview/', status: 501 }, 'HTTP 501');

describe('ordering without the order preview', { timeout: 60_000 }, () => {
  it('a backend known to lack it: the cart and the confirmation show the cart as it is, and the preview is never asked', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil, cans], preview: twoWarehouses, orderId: 77 });
    const offered = capabilityNames.filter((name) => name !== 'orderPreview');
    Object.assign(api, { capabilities: vi.fn(async () => offered) });
    renderPortal({ api });
    const drawer = await openCart(user);
    const summary = within(await drawer.findByRole('region', { name: 'Summary' }));
    expect(await summary.findByText('Total before delivery fees')).toBeInTheDocument();
    expect(summary.queryByText('Working out delivery fees…')).not.toBeInTheDocument();
    expect(summary.queryByText('Delivery fees could not be worked out.')).not.toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: 'Order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    expect(dialog.getByText(bySupplier)).toBeInTheDocument();
    expect(dialog.getByText(oil.product.name)).toBeInTheDocument();
    expect(dialog.getByText('Total before delivery fees')).toBeInTheDocument();
    expect(dialog.queryByText(/North warehouse/)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(api.placeOrder).toHaveBeenCalledTimes(1));
    expect(api.previewOrder).not.toHaveBeenCalled();
  });

  it('a preview answered as missing while ordering takes the same path, not "try again"', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil] });
    api.previewOrder.mockRejectedValue(notImplemented());
    renderPortal({ api });
    const drawer = await openCart(user);
    const summary = within(await drawer.findByRole('region', { name: 'Summary' }));
    expect(await summary.findByText('Total before delivery fees')).toBeInTheDocument();
    await waitFor(() => expect(api.previewOrder).toHaveBeenCalled());
    expect(summary.queryByText('Delivery fees could not be worked out.')).not.toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: 'Order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    expect(await dialog.findByText(bySupplier)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Confirm order' })).toBeEnabled();
  });
});
