import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buyerClaims } from '../support/fakeSession';
import { cans, oil, twoWarehouses } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

const summaryOf = async (drawer: ReturnType<typeof within>) =>
  within(await drawer.findByRole('region', { name: 'Summary' }));

describe('cart drawer: one price basis and fees before Order', { timeout: 60_000 }, () => {
  it('names the basis once and shows each warehouse with its fees and the total they add up to', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: [oil, cans], preview: twoWarehouses } });
    const drawer = await openCart(user);
    const summary = await summaryOf(drawer);
    expect(summary.getByText('Prices incl. VAT')).toBeInTheDocument();
    // lines 20.00 + 18.00 = goods 38.00
    expect(
      within(summary.getByText('Goods').parentElement as HTMLElement).getByText('€38.00'),
    ).toBeInTheDocument();
    expect(await summary.findByText('From North warehouse')).toBeInTheDocument();
    expect(summary.getByText('From South cold store')).toBeInTheDocument();
    expect(
      // the fee's name is isolated (<bdi>): its row is the nearest div
      within(summary.getByText('Delivery fee').closest('div') as HTMLElement).getByText('€5.00'),
    ).toBeInTheDocument();
    expect(
      summary.getByText('Add €230.00 more from North warehouse for free delivery.', {
        normalizer: (t) => t.replace(/[\u2068\u2069]/g, ''),
      }),
    ).toBeInTheDocument();
    // 38.00 + 5.00 fee: the figure the confirmation will show
    expect(within(summary.getByTestId('cart-total')).getByText('€43.00')).toBeInTheDocument();
    // the Order button comes after the fees
    expect(drawer.getByRole('button', { name: 'Order' })).toBeEnabled();
  });

  it('the confirmation shows no other total than the drawer did', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: [oil, cans], preview: twoWarehouses } });
    const drawer = await openCart(user);
    const summary = await summaryOf(drawer);
    await summary.findByText('From North warehouse');
    const drawerTotal = within(summary.getByTestId('cart-total')).getByText(/€/).textContent;
    await user.click(drawer.getByRole('button', { name: 'Order' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    expect(within(await dialog.findByTestId('order-total')).getByText(/€/).textContent).toBe(drawerTotal);
    expect(dialog.getByText('Prices incl. VAT')).toBeInTheDocument();
  });

  it('a customer without tax sees net prices, named as such', async () => {
    const user = userEvent.setup();
    renderPortal({
      claims: { ...buyerClaims, taxApplies: false },
      data: { cart: [oil], preview: { ...twoWarehouses, taxApplies: false, priceBasis: 'net' } },
    });
    const summary = await summaryOf(await openCart(user));
    // no VAT is ever added for this customer: nothing may promise it
    expect(summary.getByText('Prices without VAT')).toBeInTheDocument();
    expect(summary.queryByText(/excl\. VAT|plus VAT/)).not.toBeInTheDocument();
    expect(summary.queryByText(/Includes VAT/)).not.toBeInTheDocument();
  });

  it('while the fees cannot be worked out it says so, offers Try again, and shows the total before fees', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil] });
    api.previewOrder.mockRejectedValueOnce(new Error('offline'));
    api.previewOrder.mockResolvedValueOnce(twoWarehouses);
    renderPortal({ api });
    const summary = await summaryOf(await openCart(user));
    expect(await summary.findByText('Delivery fees could not be worked out.')).toBeInTheDocument();
    expect(
      within(summary.getByText('Total before delivery fees').parentElement as HTMLElement).getByText(
        '€20.00',
      ),
    ).toBeInTheDocument();
    await user.click(summary.getByRole('button', { name: 'Try again' }));
    expect(await summary.findByText('From North warehouse')).toBeInTheDocument();
  });
});
