import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import de from '../../../src/locales/de.json';
import { ApiError } from '../../../src/services/api';
import { oil } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

// A change the server refuses with a reason is shown with that reason, in the interface language,
// with what can succeed instead of a Try again that cannot.

const refusal = (code: string, detail: string, maxQuantity?: number) =>
  new ApiError(
    {
      kind: 'http',
      call: 'PUT netb2b/cart-items/101/',
      status: 400,
      code,
      detail,
      maxQuantity: maxQuantity ?? null,
    },
    `HTTP 400: ${detail}`,
  );

const tenPiecesOfOil = { ...oil, quantity: '10' };

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

describe('cart line: a change the server refuses', { timeout: 60_000 }, () => {
  it('a unit change refused for stock shows the reason in German and offers the most stock allows', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [tenPiecesOfOil] });
    api.updateCartItem.mockRejectedValueOnce(
      refusal('not_enough_stock', 'Not enough stock: at most 4 boxes.', 4),
    );
    renderPortal({ api });
    const line = await openCart(user);

    await user.selectOptions(line.getByRole('combobox', { name: `Einheit von ${oil.product.name}` }), '2');

    const alert = await line.findByRole('alert');
    expect(alert).toHaveTextContent('Nicht genug Bestand: höchstens 4 boxes.');
    expect(alert).not.toHaveTextContent('Not enough stock');
    expect(alert).not.toHaveTextContent(de.cart.saveFailed);
    // sending the same change again cannot succeed
    expect(line.queryByRole('button', { name: de.common.tryAgain })).not.toBeInTheDocument();
    // the line shows what the cart holds: 10 pieces
    expect(line.getByRole('textbox')).toHaveValue('10');

    await user.click(line.getByRole('button', { name: 'Auf 4 boxes ändern' }));
    await waitFor(() =>
      expect(api.updateCartItem).toHaveBeenLastCalledWith(
        oil.id,
        expect.objectContaining({ quantity: '4', unit: 2 }),
        expect.anything(),
      ),
    );
    await waitFor(() => expect(line.queryByRole('alert')).not.toBeInTheDocument());
    expect(line.getByRole('textbox')).toHaveValue('4');
  });

  it('a product sold out meanwhile says so and offers removal, not Try again', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [tenPiecesOfOil] });
    api.updateCartItem.mockRejectedValueOnce(refusal('out_of_stock', 'This product is out of stock.'));
    renderPortal({ api });
    const line = await openCart(user);

    await user.click(line.getByRole('button', { name: de.quantity.increase }));

    const alert = await line.findByRole('alert');
    expect(alert).toHaveTextContent(de.cart.refused.outOfStock);
    expect(line.queryByRole('button', { name: de.common.tryAgain })).not.toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: de.cart.remove }));
    expect(await screen.findByRole('dialog', { name: de.cart.removeTitle })).toBeInTheDocument();
  });

  it("a refusal with a code the portal has no words for shows the server's text as a last resort", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [tenPiecesOfOil] });
    api.updateCartItem.mockRejectedValueOnce(refusal('credit_limit', 'Credit limit reached.'));
    renderPortal({ api });
    const line = await openCart(user);

    await user.click(line.getByRole('button', { name: de.quantity.increase }));

    expect(await line.findByRole('alert')).toHaveTextContent(
      'Die Änderung wurde nicht angenommen: Credit limit reached.',
    );
  });

  it('a change that failed for want of an answer still offers Try again', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [tenPiecesOfOil] });
    api.updateCartItem.mockRejectedValueOnce(
      new ApiError({ kind: 'network', call: 'PUT netb2b/cart-items/101/' }, 'no answer'),
    );
    renderPortal({ api });
    const line = await openCart(user);

    await user.click(line.getByRole('button', { name: de.quantity.increase }));

    expect(await line.findByRole('alert')).toHaveTextContent(de.cart.saveFailed);
    await user.click(line.getByRole('button', { name: de.common.tryAgain }));
    await waitFor(() => expect(line.queryByRole('alert')).not.toBeInTheDocument());
    expect(api.updateCartItem).toHaveBeenLastCalledWith(
      oil.id,
      expect.objectContaining({ quantity: '11', unit: 1 }),
      expect.anything(),
    );
  });
});
