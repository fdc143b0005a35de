import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aList } from '../../../src/test/builders';
import { catalogueApi, renderPortal } from '../catalogue/support';
import { favouritesFake } from './favourite-lists-support';

const weekly = aList(3, 'Weekly order', { productIds: [1, 9] });

/** The lists page in a tab; calling it again after `unmount` is a reload of that tab (same sessionStorage). */
async function openIndex(fake = favouritesFake([weekly])) {
  const user = userEvent.setup();
  const rendered = renderPortal({ path: '/favourites/', api: catalogueApi(fake) });
  const form = await screen.findByRole('region', { name: 'New list' }, { timeout: 60_000 });
  return { user, fake, form, unmount: rendered.unmount };
}

describe('new favourite list draft', { timeout: 60_000 }, () => {
  it('keeps the typed name and the sharing switch across a reload', async () => {
    const first = await openIndex();
    await first.user.type(within(first.form).getByRole('textbox', { name: 'List name' }), 'Bakery run');
    await first.user.click(within(first.form).getByRole('switch', { name: 'Share with my company' }));
    first.unmount();

    const { form } = await openIndex();
    expect(within(form).getByRole('textbox', { name: 'List name' })).toHaveValue('Bakery run');
    expect(within(form).getByRole('switch', { name: 'Share with my company' })).toBeChecked();
  });

  it('starts empty after a reload once the list was created', async () => {
    const first = await openIndex();
    await first.user.type(within(first.form).getByRole('textbox', { name: 'List name' }), 'Bakery run');
    await first.user.click(within(first.form).getByRole('button', { name: 'Create list' }));
    expect(await within(first.form).findByRole('status')).toHaveTextContent('List “Bakery run” created.');
    first.unmount();

    const { form } = await openIndex();
    expect(within(form).getByRole('textbox', { name: 'List name' })).toHaveValue('');
    expect(within(form).getByRole('switch', { name: 'Share with my company' })).not.toBeChecked();
  });
});
