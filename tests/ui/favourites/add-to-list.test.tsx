import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SessionClaims } from '../../../src/domain/types';
import { aList } from '../../../src/test/builders';
import { catalogueApi, gouda, renderPortal } from '../catalogue/support';
import { demoClaims } from '../support/fakeSession';
import { favouritesFake, refusal } from './favourite-lists-support';

const weekly = aList(3, 'Weekly order');
const bar = aList(4, 'Bar', { productIds: [1] });
const guide = aList(5, 'Kitchen guide', { editable: false, shared: true, owner: { id: 2, name: 'Max' } });

/** The product dialog of the Gouda (id 1), opened from the search box. */
async function openDialog(fake = favouritesFake([weekly, bar, guide]), claims?: SessionClaims) {
  const user = userEvent.setup();
  renderPortal({ api: catalogueApi(fake), ...(claims ? { claims } : {}) });
  await user.type(await screen.findByRole('combobox', { name: 'Search products' }, { timeout: 60_000 }), 'x');
  await user.click(await screen.findByRole('option', { name: /Käse Gouda/ }));
  const dialog = within(await screen.findByRole('dialog'));
  await dialog.findByRole('combobox', { name: 'Unit' });
  return { user, dialog, fake };
}

describe('add to list from the product dialog', () => {
  it('puts the product on a list with the dialog’s quantity and unit, and takes it off again', async () => {
    const { user, dialog, fake } = await openDialog(favouritesFake([weekly, guide]));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Unit' }), 'box');
    await user.click(dialog.getByRole('button', { name: 'Increase quantity' }));
    await user.click(await dialog.findByRole('button', { name: 'Add to list' }));

    // only the buyer's own lists can take the product
    const weeklyBox = await screen.findByRole('checkbox', { name: 'Weekly order' });
    expect(screen.queryByRole('checkbox', { name: 'Kitchen guide' })).not.toBeInTheDocument();
    expect(weeklyBox).not.toBeChecked();
    await user.click(weeklyBox);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Weekly order' })).toBeChecked());
    expect(fake.putFavouriteItem).toHaveBeenCalledWith(
      3,
      { product: 1, quantity: '2', unit: 2 },
      expect.anything(),
    );
    // the star follows the collection
    expect(dialog.getByRole('button', { name: 'On a list' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Weekly order' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Weekly order' })).not.toBeChecked());
    expect(fake.removeFavouriteItem).toHaveBeenCalledWith(3, 1, expect.anything());
    expect(dialog.getByRole('button', { name: 'Add to list' })).toBeInTheDocument();
  });

  it('keeps an out-of-stock product on a list with 1 of its default unit (its quantity control stands at 0)', async () => {
    const fake = favouritesFake([weekly]);
    const soldOut = { ...gouda, quantityInStock: 0 };
    const { user, dialog } = await openDialog({
      ...fake,
      searchProducts: async () => [soldOut],
    } as typeof fake);
    await user.click(await dialog.findByRole('button', { name: 'Add to list' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Weekly order' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Weekly order' })).toBeChecked());
    expect(fake.putFavouriteItem).toHaveBeenCalledWith(
      3,
      expect.objectContaining({ product: 1, quantity: '1' }),
      expect.anything(),
    );
  });

  it('shows a product already on a list as checked and the star as “On a list”', async () => {
    const { user, dialog } = await openDialog();
    await user.click(await dialog.findByRole('button', { name: 'On a list' }));
    expect(await screen.findByRole('checkbox', { name: 'Bar' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Weekly order' })).not.toBeChecked();
  });

  it('creates a new list with the product on it', async () => {
    const { user, dialog, fake } = await openDialog();
    await user.click(await dialog.findByRole('button', { name: 'On a list' }));
    await user.click(await screen.findByRole('button', { name: 'New list' }));
    const name = screen.getByRole('textbox', { name: 'List name' });
    expect(name).toHaveFocus();
    await user.type(name, 'Cheese board');
    await user.click(screen.getByRole('button', { name: 'Create list' }));
    expect(await screen.findByText('Created “Cheese board” with this product.')).toBeInTheDocument();
    expect(fake.createFavouriteList.mock.calls[0]?.[0]).toEqual({
      name: 'Cheese board',
      shared: false,
      items: [{ product: 1, quantity: '1', unit: 1 }],
    });
    expect(screen.getByRole('checkbox', { name: 'Cheese board' })).toBeChecked();
    expect(screen.getByRole('link', { name: 'Open list' })).toHaveAttribute('href', '/favourites/100/');
  });

  it('words a refusal (the list is full) and offers retry only for unexpected failures', async () => {
    const fake = favouritesFake([weekly]);
    fake.putFavouriteItem.mockRejectedValueOnce(refusal(400, 'line_limit'));
    fake.putFavouriteItem.mockRejectedValueOnce(refusal(503, 'unavailable'));
    const { user, dialog } = await openDialog(fake);
    await user.click(await dialog.findByRole('button', { name: 'Add to list' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Weekly order' }));
    expect(
      await screen.findByText('This list already holds 1,000 products, the most allowed.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Weekly order' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Weekly order' }));
    expect(await screen.findByText('That did not work. Please try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Weekly order' })).toBeChecked());
    expect(fake.putFavouriteItem).toHaveBeenCalledTimes(3);
  });

  it('is not there for a demo user', async () => {
    const { dialog } = await openDialog(undefined, demoClaims);
    expect(dialog.queryByRole('button', { name: /Add to list|On a list/ })).not.toBeInTheDocument();
  });
});

describe('the “on a list” mark', () => {
  it('marks a search result whose product is on a list', async () => {
    const user = userEvent.setup();
    renderPortal({ api: catalogueApi(favouritesFake([bar])) });
    await user.type(
      await screen.findByRole('combobox', { name: 'Search products' }, { timeout: 60_000 }),
      'x',
    );
    const gouda = await screen.findByRole('option', { name: /Käse Gouda/ });
    expect(await within(gouda).findByRole('img', { name: 'On a list' })).toBeInTheDocument();
    const water = screen.getByRole('option', { name: /Mineral Water/ });
    expect(within(water).queryByRole('img', { name: 'On a list' })).not.toBeInTheDocument();
  });
});

describe('add to list by keyboard', () => {
  it('opens with Enter, toggles with Space and closes with Escape', async () => {
    const { user, dialog, fake } = await openDialog(favouritesFake([weekly]));
    const star = await dialog.findByRole('button', { name: 'Add to list' });
    star.focus();
    await user.keyboard('{Enter}');
    const box = await screen.findByRole('checkbox', { name: 'Weekly order' });
    const panel = screen.getByRole('region', { name: 'Your lists' });
    // the focus moves into the panel; Tab walks its lists and "New list"
    await waitFor(() => expect(panel).toContainElement(document.activeElement as HTMLElement));
    if (document.activeElement !== box) await user.tab({ shift: true });
    expect(box).toHaveFocus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Weekly order' })).toBeChecked());
    expect(fake.putFavouriteItem).toHaveBeenCalledTimes(1);
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('checkbox', { name: 'Weekly order' })).not.toBeInTheDocument(),
    );
    // the product dialog stays open, the focus back on the star
    expect(dialog.getByRole('button', { name: 'On a list' })).toHaveFocus();
  });
});
