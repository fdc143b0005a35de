import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CHECKOUT_DRAFT_KEY, type CheckoutDraft } from '../../../src/services/checkout-draft';
import { buyerClaims } from '../support/fakeSession';
import { oil } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

const submission = {
  items: [{ product: 7, quantity: '2', unit: 1, cartItem: 107 }],
  expectedDeliveryDate: '2031-12-01',
  isPreorder: true,
  customerNote: 'Gate 2',
};
/** what a reload left in the tab (the draft store's format, this user's) */
function leaveDraft(draft: CheckoutDraft) {
  sessionStorage.setItem(
    CHECKOUT_DRAFT_KEY,
    JSON.stringify({ version: 1, owner: JSON.stringify([buyerClaims.accountName, buyerClaims.name]), draft }),
  );
}

describe('checkout after a reload', { timeout: 60_000 }, () => {
  it('offers the order that was on its way and sends it again with its key', async () => {
    leaveDraft({
      deliveryDate: '2031-12-01',
      isPreorder: true,
      customerNote: 'Gate 2',
      pending: { submission, idempotencyKey: 'key-before-reload' },
    });
    const user = userEvent.setup();
    // the first order arrived: the server already emptied the cart
    const api = fakeApi({ cart: [], orderId: 77 });
    renderPortal({ api });
    const drawer = await openCart(user);
    expect(await drawer.findByRole('alert')).toHaveTextContent(
      'An order was being sent when the page was left',
    );
    expect(drawer.getByRole('button', { name: 'Discard order' })).toBeInTheDocument();
    await user.click(drawer.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('Thank you for your order')).toBeInTheDocument();
    expect(api.placeOrder).toHaveBeenCalledTimes(1);
    expect(api.placeOrder).toHaveBeenCalledWith(submission, 'key-before-reload', expect.anything());
    expect(sessionStorage.getItem(CHECKOUT_DRAFT_KEY)).toBeNull();
  });

  it('shows the form as typed before the reload', async () => {
    leaveDraft({ deliveryDate: '2031-12-01', isPreorder: true, customerNote: 'Gate 2', pending: null });
    const user = userEvent.setup();
    renderPortal({ data: { cart: [oil] } });
    const drawer = await openCart(user);
    expect(await drawer.findByLabelText('Note for the supplier')).toHaveValue('Gate 2');
    expect(drawer.getByRole('checkbox', { name: 'Pre-order' })).toBeChecked();
    expect(drawer.getByLabelText('Delivery date')).toHaveValue('01.12.2031');
    // nothing pending: the form takes input at once
    await user.type(drawer.getByLabelText('Note for the supplier'), ', ring twice');
    expect(drawer.getByLabelText('Note for the supplier')).toHaveValue('Gate 2, ring twice');
  });

  it('takes no input while an order is pending, and again after Discard order', async () => {
    leaveDraft({
      deliveryDate: '2031-12-01',
      isPreorder: false,
      customerNote: 'Gate 2',
      pending: { submission, idempotencyKey: 'key-before-reload' },
    });
    const user = userEvent.setup();
    renderPortal({ data: { cart: [oil] } });
    const drawer = await openCart(user);
    const discard = await drawer.findByRole('button', { name: 'Discard order' });
    // shown as typed, but disabled rather than dropping keystrokes until the order is sent or discarded
    const note = drawer.getByLabelText('Note for the supplier');
    expect(note).toHaveValue('Gate 2');
    expect(note).toBeDisabled();
    await user.click(discard);
    expect(note).toBeEnabled();
    await user.type(note, '!');
    expect(note).toHaveValue('Gate 2!');
  });
});
