import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cans, oil } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

const goodsOf = async (drawer: ReturnType<typeof within>) => {
  const summary = within(await drawer.findByRole('region', { name: 'Summary' }));
  return summary.getByText('Goods').parentElement as HTMLElement;
};

// The lines are memoised on their actors (a change re-renders only its line): what a customer sees
// must still follow every change, on the changed line and in the totals, after the server answers too.
describe('cart drawer: a quantity change', { timeout: 60_000 }, () => {
  it('updates its own line and the goods total, and leaves the other lines as they were', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil, cans] });
    renderPortal({ api });
    const drawer = await openCart(user);
    const oilLine = within(await drawer.findByRole('listitem', { name: 'Sunflower oil 1 l' }));
    const cansLine = within(drawer.getByRole('listitem', { name: 'Tomato cans' }));
    // 2 x 10.00 + 1 box of 12 x 1.50
    expect(await oilLine.findByText('€20.00')).toBeInTheDocument();
    expect(within(await goodsOf(drawer)).getByText('€38.00')).toBeInTheDocument();

    const quantity = cansLine.getByRole('textbox');
    await user.clear(quantity);
    await user.type(quantity, '3');
    // 3 boxes of 12 x 1.50 at once, before the server answers
    expect(await cansLine.findByText('€54.00')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.updateCartItem).toHaveBeenCalledWith(
        102,
        expect.objectContaining({ quantity: '3', unit: 2 }),
        expect.anything(),
      ),
    );
    // goods 54.00 + 20.00
    await waitFor(async () => expect(within(await goodsOf(drawer)).getByText('€74.00')).toBeInTheDocument());
    expect(cansLine.getByRole('textbox')).toHaveValue('3');
    expect(cansLine.getByText('€54.00')).toBeInTheDocument();
    expect(oilLine.getByRole('textbox')).toHaveValue('2');
    expect(oilLine.getByText('€20.00')).toBeInTheDocument();

    // and the other line follows its own change afterwards
    await user.click(oilLine.getByRole('button', { name: /increase/i }));
    expect(await oilLine.findByText('€30.00')).toBeInTheDocument();
    await waitFor(async () => expect(within(await goodsOf(drawer)).getByText('€84.00')).toBeInTheDocument());
    expect(cansLine.getByText('€54.00')).toBeInTheDocument();
  });
});
