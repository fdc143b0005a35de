import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../src/locales/de.json';
import { ApiError } from '../../../src/services/api';
import { oil, placedOrder } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

// A product the customer may no longer order (retired, or out of its assortments): the cart line
// says so in the interface language, and a refused change offers removal.

const notAvailable = new ApiError(
  {
    kind: 'http',
    call: 'PUT netb2b/cart-items/101/',
    status: 400,
    code: 'product_not_available',
    detail: 'This product is no longer available to you.',
    maxQuantity: null,
  },
  'HTTP 400: This product is no longer available to you.',
);

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^warenkorb/i }, { timeout: 60_000 }));
  const drawer = within(await screen.findByRole('dialog', { name: de.cart.title }));
  return within(await drawer.findByRole('listitem', { name: oil.product.name }));
}

beforeEach(async () => {
  i18next.addResourceBundle('de', 'translation', de, true, true);
  await i18next.changeLanguage('de');
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('cart line: a product no longer available to the customer', { timeout: 60_000 }, () => {
  it('a change refused as not available says so in German and offers removal', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [{ ...oil, quantity: '10' }] });
    api.updateCartItem.mockRejectedValueOnce(notAvailable);
    renderPortal({ api });
    const line = await openCart(user);

    await user.click(line.getByRole('button', { name: de.quantity.increase }));

    const alert = await line.findByRole('alert');
    expect(alert).toHaveTextContent(de.cart.refused.productNotAvailable);
    expect(alert).not.toHaveTextContent('no longer available to you');
    expect(line.queryByRole('button', { name: de.common.tryAgain })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: de.cart.remove }));
    expect(await screen.findByRole('dialog', { name: de.cart.removeTitle })).toBeInTheDocument();
  });

  it('a line the server marks unavailable says so before any change', async () => {
    const user = userEvent.setup();
    renderPortal({ api: fakeApi({ cart: [{ ...oil, unavailable: true }] }) });
    const line = await openCart(user);

    expect(line.getByText(de.cart.refused.productNotAvailable)).toBeInTheDocument();
  });

  it('a line the server does not mark shows no such text', async () => {
    const user = userEvent.setup();
    renderPortal({ api: fakeApi({ cart: [oil] }) });
    const line = await openCart(user);

    expect(line.queryByText(de.cart.refused.productNotAvailable)).not.toBeInTheDocument();
  });
});

describe('order again: a line no longer available to the customer', { timeout: 60_000 }, () => {
  it('is listed as not added, with the reason in German', async () => {
    const user = userEvent.setup();
    const order = placedOrder(14, '2026-11-09T10:00:00');
    const api = fakeApi({ orders: [order] });
    const [line] = order.suborders[0]?.items ?? [];
    if (!line) throw new Error('the order has no line');
    api.addCartItemsBulk = vi.fn(async () => [
      {
        index: 0,
        product: line.product.id,
        status: 'rejected' as const,
        code: 'product_not_available',
        errors: {},
        maxQuantity: null,
        previous: null,
      },
    ]);
    renderPortal({ path: '/orders/14', api });

    await user.click(await screen.findByRole('button', { name: de.reorder.action }, { timeout: 60_000 }));

    const notAdded = within(await screen.findByRole('list', { name: de.reorder.unavailable }));
    expect(notAdded.getByRole('listitem')).toHaveTextContent(
      `${line.product.name} — ${de.favourites.list.reasons.product_not_available}`,
    );
  });
});
