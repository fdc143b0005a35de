import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Capability } from '../../../src/services/api/capabilities';
import { renderPortal } from '../cart/support/renderPortal';
import { buyerClaims } from '../support/fakeSession';
import { httpError, usersFakeApi } from './support/users-fake-api';

const slow = { timeout: 60_000 };
const notOffered = 'This is not offered on this portal.';

/** The users fake on a backend that announces `capabilities` (every other call as the fake answers). */
function backendWith(capabilities: Capability[]) {
  const api = usersFakeApi();
  const announcing = new Proxy(api, {
    get: (target, name) =>
      name === 'capabilities' ? async () => capabilities : target[name as keyof typeof target],
  });
  return { api, announcing };
}

describe('settings on a backend with the users list only', { timeout: 60_000 }, () => {
  it('lists the users read only, without New user', async () => {
    const { api, announcing } = backendWith([]);
    renderPortal({ path: '/settings/users/', api: announcing });
    const table = await screen.findByRole('table', { name: 'Users of your company' }, slow);
    expect(within(table).getByText('Colin Colleague')).toBeVisible();
    expect(within(table).queryByRole('link', { name: 'Colin Colleague' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New user' })).not.toBeInTheDocument();
    expect(api.users).toHaveBeenCalled();
  });

  it("a bookmarked user's page or new-user form says it is not offered and asks nothing", async () => {
    const { api, announcing } = backendWith([]);
    renderPortal({ path: '/settings/users/2/', api: announcing });
    expect(await screen.findByText(notOffered, {}, slow)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/settings/users/');
    expect(api.user).not.toHaveBeenCalled();
  });

  it('a user call the backend turns out not to have says so instead of "user not found"', async () => {
    const api = usersFakeApi();
    api.user.mockRejectedValueOnce(httpError(404, 'no_such_call'));
    renderPortal({ path: '/settings/users/2/', api });
    expect(await screen.findByText(notOffered, {}, slow)).toBeVisible();
    expect(screen.queryByText('User not found')).not.toBeInTheDocument();
    expect(api.reportError).not.toHaveBeenCalled();
  });
});

describe('own account on a backend without account editing', { timeout: 60_000 }, () => {
  it('shows the name and company of the sign-in, change password and delete account, and no form', async () => {
    const user = userEvent.setup();
    const { api, announcing } = backendWith([]);
    renderPortal({ path: '/settings/account/', api: announcing });
    expect(await screen.findByText(buyerClaims.name, {}, slow)).toBeVisible();
    expect(screen.getByText(buyerClaims.accountName)).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Change password' })).toBeVisible();
    expect(screen.queryByLabelText(/^E-mail/)).not.toBeInTheDocument();
    expect(api.account).not.toHaveBeenCalled();
    // the deletion is confirmed with the name shown, as there is no username to hand
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(
      await screen.findByLabelText(new RegExp(`Type your name .*${buyerClaims.name}.* to confirm`)),
    ).toBeVisible();
  });

  it('an account call the backend turns out not to have shows the same, unreported', async () => {
    const api = usersFakeApi();
    api.account.mockRejectedValueOnce(httpError(501));
    renderPortal({ path: '/settings/account/', api });
    expect(await screen.findByText(buyerClaims.name, {}, slow)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(api.reportError).not.toHaveBeenCalled();
  });
});
