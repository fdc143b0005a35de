import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Capability } from '../../../src/services/api/capabilities';
import { buyerClaims } from '../support/fakeSession';
import { renderSignedIn } from '../support/renderSignedIn';

const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 60_000 });
const reviewer = { ...buyerClaims, canReviewFlows: true };

async function signOut(capabilities: Capability[]) {
  const user = userEvent.setup();
  const rendered = renderSignedIn(buyerClaims, { capabilities });
  // the menu is drawn before discovery answers; sign out once the backend has said what it has
  await vi.waitFor(() =>
    expect(rendered.app.getSnapshot().children.capabilities?.getSnapshot().value).toBe('known'),
  );
  await user.click(within(await mainMenu()).getByRole('button', { name: 'Logout' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
  expect(await screen.findByRole('heading', { name: 'B2B LOGIN' })).toBeInTheDocument();
  return rendered.sessionEvents.filter((event) => event.type === 'session.logout');
}

describe('sign-out and the revoke capability', () => {
  it('asks the server to end the session when the backend has revoke', async () => {
    expect(await signOut(['revoke'])).toEqual([{ type: 'session.logout', revoke: true }]);
  });

  it('only forgets the session here when the backend has no revoke', async () => {
    expect(await signOut([])).toEqual([{ type: 'session.logout', revoke: false }]);
  });
});

describe('the studio entry and the studio capability', () => {
  it('shows for a flow reviewer when the backend has the studio', async () => {
    renderSignedIn(reviewer, { capabilities: ['studio'] });
    expect(within(await mainMenu()).getByRole('link', { name: 'Statecharts' })).toBeInTheDocument();
  });

  it('hides for a flow reviewer when the backend has no studio', async () => {
    renderSignedIn(reviewer, { capabilities: ['favourites'] });
    const menu = await mainMenu();
    await vi.waitFor(() =>
      expect(within(menu).queryByRole('link', { name: 'Statecharts' })).not.toBeInTheDocument(),
    );
  });
});
