import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/services/api';
import { cans, oil, twoWarehouses, water } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

// The signed-in portal is a lazily loaded chunk: the first look waits for it.
async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

describe('cart drawer', { timeout: 60_000 }, () => {
  it('says "No items" for an empty cart', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: [] } });
    const drawer = await openCart(user);
    expect(await drawer.findByText('No items')).toBeInTheDocument();
    expect(drawer.queryByRole('button', { name: 'Order' })).not.toBeInTheDocument();
  });

  it('counts the items on the header button', async () => {
    renderPortal({ data: { cart: [oil, cans] } });
    expect(
      await screen.findByRole('button', { name: 'Cart, 2 items' }, { timeout: 60_000 }),
    ).toBeInTheDocument();
  });

  it('lists each line with image, name, quantity control, unit, amount and removal', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: [oil, cans] } });
    const drawer = await openCart(user);
    const item = await drawer.findByRole('listitem', { name: 'Sunflower oil 1 l' });
    const line = within(item);
    // decorative (alt=""): the name stands right beside it
    expect(item.querySelector('img')).toHaveAttribute('src', '/media/oil.jpg');
    expect(line.getByText('Sunflower oil 1 l')).toBeInTheDocument();
    expect(line.getByRole('button', { name: /increase/i })).toBeEnabled();
    expect(line.getByRole('button', { name: /decrease/i })).toBeEnabled();
    expect(line.getByRole('textbox')).toHaveValue('2');
    expect(line.getByRole('combobox', { name: 'Unit of Sunflower oil 1 l' })).toHaveValue('1');
    expect(await line.findByText('€20.00')).toBeInTheDocument();
    expect(line.getByRole('button', { name: 'Remove Sunflower oil 1 l' })).toBeInTheDocument();
    // 1 box of 12 cans at 1.50
    const cansLine = within(drawer.getByRole('listitem', { name: 'Tomato cans' }));
    expect(cansLine.getByText('€18.00')).toBeInTheDocument();
  });

  it('sends one PUT for quick plus clicks and shows the latest quantity all along', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil] });
    renderPortal({ api });
    const drawer = await openCart(user);
    const line = within(await drawer.findByRole('listitem', { name: 'Sunflower oil 1 l' }));
    const plus = line.getByRole('button', { name: /increase/i });
    for (let click = 0; click < 4; click++) await user.click(plus);
    expect(line.getByRole('textbox')).toHaveValue('6');
    await waitFor(() => expect(api.updateCartItem).toHaveBeenCalledTimes(1));
    expect(api.updateCartItem).toHaveBeenCalledWith(
      101,
      expect.objectContaining({ quantity: '6', unit: 1 }),
      expect.anything(),
    );
    expect(line.getByRole('textbox')).toHaveValue('6');
  });

  it('asks before removing a line and then drops it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil, cans] });
    renderPortal({ api });
    const drawer = await openCart(user);
    await user.click(await drawer.findByRole('button', { name: 'Remove Tomato cans' }));
    const question = await screen.findByRole('dialog', { name: 'Remove this item?' });
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(drawer.queryByRole('listitem', { name: 'Tomato cans' })).not.toBeInTheDocument(),
    );
    expect(api.removeCartItem).toHaveBeenCalledWith(102, expect.anything());
    expect(drawer.getByRole('listitem', { name: 'Sunflower oil 1 l' })).toBeInTheDocument();
  });

  it('offers a delivery date no earlier than today + 7, pre-order and a note', async () => {
    const user = userEvent.setup();
    renderPortal({ data: { cart: [oil] } });
    const drawer = await openCart(user);
    // typed and shown as the app writes dates (dd.mm.yyyy), the earliest day first
    const date = await drawer.findByRole('textbox', { name: 'Delivery date' });
    const inAWeek = new Date();
    inAWeek.setDate(inAWeek.getDate() + 7);
    const expected = `${String(inAWeek.getDate()).padStart(2, '0')}.${String(inAWeek.getMonth() + 1).padStart(2, '0')}.${inAWeek.getFullYear()}`;
    expect(date).toHaveValue(expected);
    expect(date).toHaveAccessibleDescription(new RegExp(`from ${expected.replaceAll('.', '\\.')} to `));
    expect(drawer.getByRole('checkbox', { name: 'Pre-order' })).not.toBeChecked();
    expect(drawer.getByRole('textbox', { name: 'Note for the supplier' })).toHaveValue('');
  });

  it('refuses to order without a delivery date and sends nothing', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil], preview: twoWarehouses });
    renderPortal({ api });
    const drawer = await openCart(user);
    await user.clear(await drawer.findByLabelText('Delivery date'));
    // the drawer's fee quote has asked already; the Order button must not ask again
    await drawer.findByText('From North warehouse');
    const quotes = api.previewOrder.mock.calls.length;
    await user.click(drawer.getByRole('button', { name: 'Order' }));
    expect(await drawer.findByRole('alert')).toHaveTextContent('Please choose a delivery date.');
    expect(drawer.getByLabelText('Delivery date')).toHaveAttribute('aria-invalid', 'true');
    expect(api.previewOrder).toHaveBeenCalledTimes(quotes);
    expect(api.placeOrder).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Confirm your order' })).not.toBeInTheDocument();
  });

  it('shows the saving and deposit lines only when they are greater than 0', async () => {
    const user = userEvent.setup();
    const plain = renderPortal({ data: { cart: [oil] } });
    let drawer = await openCart(user);
    expect(await drawer.findByText('Goods')).toBeInTheDocument();
    const summary = within(drawer.getByRole('region', { name: 'Summary' }));
    expect(summary.getByText('Total before delivery fees')).toBeInTheDocument();
    // the bar beside Order, which stays in view, says the same
    expect(drawer.getByTestId('cart-bar-total')).toHaveTextContent(
      `Total before delivery fees${summary.getByText('Total before delivery fees').nextSibling?.textContent}`,
    );
    expect(drawer.queryByText('You save')).not.toBeInTheDocument();
    expect(drawer.queryByText('Deposit')).not.toBeInTheDocument();
    plain.unmount();

    renderPortal({ data: { cart: [oil, water] } });
    drawer = await openCart(user);
    expect(await drawer.findByText('You save')).toBeInTheDocument();
    expect(drawer.getByText('Deposit')).toBeInTheDocument();
  });

  it('shows how the order splits per warehouse before confirming', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil, cans], preview: twoWarehouses });
    renderPortal({ api });
    const drawer = await openCart(user);
    await user.click(await drawer.findByRole('button', { name: 'Order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    expect(
      await confirm.findByRole('heading', { name: 'Shipment 1 from North warehouse' }),
    ).toBeInTheDocument();
    expect(confirm.getByRole('heading', { name: 'Shipment 2 from South cold store' })).toBeInTheDocument();
    expect(confirm.getByText(/Your contact: Olga Operator/)).toHaveTextContent(
      'Your contact: Olga Operator, +49 30 1234',
    );
    expect(confirm.getByText('Delivery fee')).toBeInTheDocument();
    expect(confirm.getByText(/Tomato cans/)).toBeInTheDocument();
    expect(confirm.getByText('€43.00')).toBeInTheDocument();
    expect(api.placeOrder).not.toHaveBeenCalled();
  });

  it('places one order on a double click and shows the success view', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil, cans], preview: twoWarehouses, orderId: 42 });
    renderPortal({ api });
    const drawer = await openCart(user);
    await user.click(await drawer.findByRole('button', { name: 'Order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    await confirm.findByRole('heading', { name: 'Shipment 1 from North warehouse' });
    await user.dblClick(confirm.getByRole('button', { name: 'Confirm order' }));

    expect(await drawer.findByRole('heading', { name: 'Thank you for your order' })).toBeInTheDocument();
    expect(drawer.getByText('#42')).toBeInTheDocument();
    expect(drawer.getByText('Our operators will call you to start the delivery.')).toBeInTheDocument();
    expect(drawer.getByRole('link', { name: 'View your orders' })).toHaveAttribute('href', '/orders/');
    expect(api.placeOrder).toHaveBeenCalledTimes(1);
  });

  it('keeps the cart when the order fails and places it on Try again', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil, cans], preview: twoWarehouses, orderId: 43 });
    api.placeOrder.mockRejectedValueOnce(new ApiError({ kind: 'network', call: 'POST orders' }, 'offline'));
    renderPortal({ api });
    const drawer = await openCart(user);
    await user.click(await drawer.findByRole('button', { name: 'Order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    await confirm.findByRole('heading', { name: 'Shipment 1 from North warehouse' });
    await user.click(confirm.getByRole('button', { name: 'Confirm order' }));

    expect(
      await drawer.findByText('The order could not be placed. Your cart is unchanged.'),
    ).toBeInTheDocument();
    expect(drawer.getByRole('listitem', { name: 'Sunflower oil 1 l' })).toBeInTheDocument();
    expect(drawer.getByRole('listitem', { name: 'Tomato cans' })).toBeInTheDocument();

    await user.click(drawer.getByRole('button', { name: 'Try again' }));
    expect(await drawer.findByText('#43')).toBeInTheDocument();
    expect(api.placeOrder).toHaveBeenCalledTimes(2);
    // the retry is the same order: the same Idempotency-Key
    expect(api.placeOrder.mock.calls[1]?.[1]).toBe(api.placeOrder.mock.calls[0]?.[1]);
  });

  it('is not there for a demo user', async () => {
    const { demoClaims } = await import('../support/fakeSession');
    renderPortal({ claims: demoClaims, data: { cart: [oil] } });
    await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 60_000 });
    expect(screen.queryByRole('button', { name: /cart/i })).not.toBeInTheDocument();
  });
});
