import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import checkoutPaths from '../../../docs/paths/checkout.json';
import { machineCatalog } from '../../../src/studio/machine-catalog';
import { renderPortal } from '../catalogue/support';
import { buyerClaims } from '../support/fakeSession';

// The studio is a lazy chunk: loading it once here keeps that cost out of each test.
await import('../../../src/ui/screens/statecharts/statechart-studio');

const slow = { timeout: 60_000 };
const reviewer = { ...buyerClaims, canReviewFlows: true };

describe('the statechart studio', () => {
  it('is in the side menu of a user who reviews flows, and lists every machine with its purpose', async () => {
    renderPortal({ claims: reviewer });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, slow);
    await userEvent.click(within(menu).getByRole('link', { name: 'Statecharts' }));
    expect(await screen.findByRole('heading', { name: 'Machines' }, slow)).toBeInTheDocument();
    const cards = screen.getAllByRole('listitem').filter((item) => item.getAttribute('aria-labelledby'));
    expect(cards).toHaveLength(machineCatalog.length);
    const checkout = screen.getByRole('listitem', { name: 'checkout' });
    expect(within(checkout).getByText(/Placing an order from the cart: delivery date/)).toBeInTheDocument();
    // the counts of the path report (docs/paths), which the chart's own changes keep up to date
    expect(
      within(checkout).getByText(`${checkoutPaths.states} states, ${checkoutPaths.transitions} transitions`),
    ).toBeInTheDocument();
    expect(within(checkout).getByRole('link', { name: 'Simulate' })).toHaveAttribute(
      'href',
      '/statecharts/checkout/simulate/',
    );
  });

  it('filters the machines by name or purpose, and says so when none matches', async () => {
    renderPortal({ claims: reviewer, path: '/statecharts/' });
    const filter = await screen.findByRole('searchbox', { name: 'Filter machines' }, slow);
    await userEvent.type(filter, 'password');
    expect(screen.getByRole('listitem', { name: 'password-reset' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'change-password' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'cart' })).not.toBeInTheDocument();
    await userEvent.type(filter, 'zzz');
    expect(screen.getByText('No machine matches “passwordzzz”.')).toBeInTheDocument();
  });

  it('is neither in the menu nor reachable for a customer without the flag', async () => {
    renderPortal({ claims: buyerClaims, path: '/statecharts/' });
    const menu = await screen.findByRole('navigation', { name: 'Main menu' }, slow);
    expect(within(menu).queryByRole('link', { name: 'Statecharts' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Machines' })).not.toBeInTheDocument();
  });
});
