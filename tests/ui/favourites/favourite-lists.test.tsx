import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aList } from '../../../src/test/builders';
import { catalogueApi, renderPortal } from '../catalogue/support';
import { favouritesFake, refusal } from './favourite-lists-support';

const weekly = aList(3, 'Weekly order', { productIds: [1, 9] });
const bar = aList(4, 'Bar', { shared: true });
const guide = aList(5, 'Kitchen guide', {
  editable: false,
  shared: true,
  owner: { id: 2, name: 'Max Main' },
  ownerIsMainUser: true,
});
const colleagues = aList(6, 'Tapas', {
  editable: false,
  shared: true,
  owner: { id: 3, name: 'Cleo Cook' },
  ownerIsMainUser: false,
});

function renderIndex(fake = favouritesFake()) {
  const user = userEvent.setup();
  renderPortal({ path: '/favourites/', api: catalogueApi(fake) });
  return { user, fake };
}

describe('favourite lists index', () => {
  it('shows an empty state that says how to start', async () => {
    renderIndex();
    expect(await screen.findByText(/No lists yet\./, {}, { timeout: 60_000 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Favourite lists' })).toBeInTheDocument();
  });

  it('lists own lists, then colleagues’ shared ones with owner and order-guide badge', async () => {
    renderIndex(favouritesFake([guide, weekly, colleagues, bar]));
    const own = await screen.findByRole('region', { name: 'My lists' }, { timeout: 60_000 });
    const ownRows = within(own).getAllByRole('row').slice(1);
    expect(ownRows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Bar', 'Weekly order']);
    expect(within(own).getByRole('link', { name: 'Weekly order' })).toHaveAttribute('href', '/favourites/3/');
    const weeklyRow = ownRows[1]!;
    expect(within(weeklyRow).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(weeklyRow).getAllByText('Private').length).toBeGreaterThan(0);

    const shared = screen.getByRole('region', { name: 'Shared by colleagues' });
    const guideRow = within(shared).getByRole('link', { name: 'Kitchen guide' }).closest('tr')!;
    expect(within(guideRow).getByText('Max Main')).toBeInTheDocument();
    expect(within(guideRow).getAllByText('Order guide').length).toBeGreaterThan(0);
    const tapasRow = within(shared).getByRole('link', { name: 'Tapas' }).closest('tr')!;
    expect(within(tapasRow).queryByText('Order guide')).not.toBeInTheDocument();
    expect(within(tapasRow).getByText('Cleo Cook')).toBeInTheDocument();
  });

  it('creates a shared list and shows it with a link', async () => {
    const { user, fake } = renderIndex(favouritesFake([weekly]));
    await screen.findByRole('link', { name: 'Weekly order' }, { timeout: 60_000 });
    const form = screen.getByRole('region', { name: 'New list' });
    // a blank name is refused before any call
    await user.click(within(form).getByRole('button', { name: 'Create list' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please give the list a name.');
    expect(fake.createFavouriteList).not.toHaveBeenCalled();

    await user.type(within(form).getByRole('textbox', { name: 'List name' }), 'Bakery run');
    await user.click(within(form).getByRole('switch', { name: 'Share with my company' }));
    await user.click(within(form).getByRole('button', { name: 'Create list' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('List “Bakery run” created.');
    expect(fake.createFavouriteList.mock.calls[0]?.[0]).toEqual({ name: 'Bakery run', shared: true });
    expect(within(form).getByRole('link', { name: 'Open list' })).toHaveAttribute('href', '/favourites/100/');
    const own = screen.getByRole('region', { name: 'My lists' });
    expect(within(own).getByRole('link', { name: 'Bakery run' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Create another list' }));
    expect(within(form).getByRole('textbox', { name: 'List name' })).toHaveValue('');
  });

  it('words a taken name and keeps what was typed', async () => {
    const fake = favouritesFake([weekly]);
    fake.createFavouriteList.mockRejectedValueOnce(refusal(400, 'name_taken'));
    const { user } = renderIndex(fake);
    const form = await screen.findByRole('region', { name: 'New list' }, { timeout: 60_000 });
    await user.type(within(form).getByRole('textbox', { name: 'List name' }), 'weekly order');
    await user.click(within(form).getByRole('button', { name: 'Create list' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'You already have a list with this name. Please choose another.',
    );
    expect(within(form).getByRole('textbox', { name: 'List name' })).toHaveValue('weekly order');
    expect(within(form).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('shows an error with retry when the lists cannot be loaded', async () => {
    const fake = favouritesFake([weekly]);
    fake.favouriteLists.mockRejectedValueOnce(new Error('offline'));
    const { user } = renderIndex(fake);
    const alert = await screen.findByRole('alert', {}, { timeout: 60_000 });
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Weekly order' })).toBeInTheDocument();
    await waitFor(() => expect(fake.favouriteLists).toHaveBeenCalledTimes(2));
  });
});
