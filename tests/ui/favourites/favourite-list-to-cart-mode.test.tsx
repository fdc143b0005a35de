import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import de from '../../../src/locales/de.json';
import type { CartBulkLineResult, CartBulkMode, CartLineWrite } from '../../../src/services/api/cart';
import { gouda, renderPortal } from '../catalogue/support';
import { colleaguesGuide, favouritesApi } from './favourite-list-support';

await import('../../../src/ui/screens/favourites/favourite-list-screen');

// The signed-in portal is a lazily loaded chunk: the first query waits for its import.
const slow = { timeout: 60_000 };

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

/** The cart had 3 pieces of Gouda: the answer says what its line held and holds now. */
const answerFor = (lines: CartLineWrite[], mode: CartBulkMode): CartBulkLineResult[] =>
  lines.map((line, index) => ({
    index,
    product: line.product,
    status: mode === 'add' ? 'increased' : 'replaced',
    written: { id: 1, quantity: mode === 'add' ? String(3 + Number(line.quantity)) : line.quantity, unit: 1 },
    previous: { quantity: '3', unit: 1 },
  }));

describe('a favourite list into the cart: add to or replace what the cart holds', () => {
  it('adds to the quantity in the cart by default and says so per line', async () => {
    const user = userEvent.setup();
    const addCartItemsBulk = vi.fn(async (lines: CartLineWrite[], mode: CartBulkMode) =>
      answerFor(lines, mode),
    );
    const { portalApi } = favouritesApi(colleaguesGuide, { addCartItemsBulk });
    renderPortal({ path: '/favourites/32/', api: portalApi });
    const choice = await screen.findByRole('group', { name: 'Products already in the cart' }, slow);
    expect(within(choice).getByRole('radio', { name: 'Add to the quantity in the cart' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Add all to cart' }));
    const changed = await screen.findByRole('list', { name: 'Already in the cart' });
    expect(within(changed).getByRole('listitem')).toHaveTextContent(
      `${gouda.name} — in cart: 3 pieces → 5 pieces (added)`,
    );
    expect(addCartItemsBulk.mock.calls[0]?.[1]).toBe('add');
  });

  it('replaces it once chosen, in German too', async () => {
    const user = userEvent.setup();
    i18next.addResourceBundle('de', 'translation', de);
    await i18next.changeLanguage('de');
    const addCartItemsBulk = vi.fn(async (lines: CartLineWrite[], mode: CartBulkMode) =>
      answerFor(lines, mode),
    );
    const { portalApi } = favouritesApi(colleaguesGuide, { addCartItemsBulk });
    renderPortal({ path: '/favourites/32/', api: portalApi });
    const choice = await screen.findByRole('group', { name: 'Produkte, die schon im Warenkorb sind' }, slow);
    await user.click(within(choice).getByRole('radio', { name: 'Menge im Warenkorb ersetzen' }));
    await user.click(screen.getByRole('button', { name: /^Alle in den Warenkorb/ }));
    const changed = await screen.findByRole('list', { name: 'Schon im Warenkorb' });
    expect(within(changed).getByRole('listitem')).toHaveTextContent(/im Warenkorb: 3 .+ → 2 .+ \(ersetzt\)/);
    await waitFor(() => expect(addCartItemsBulk).toHaveBeenCalledTimes(1));
    expect(addCartItemsBulk.mock.calls[0]?.[1]).toBe('replace');
  });
});
