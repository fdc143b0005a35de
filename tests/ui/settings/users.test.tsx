import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../cart/support/renderPortal';
import { buyerClaims } from '../support/fakeSession';
import { colin, httpError, ida, usersFakeApi } from './support/users-fake-api';

const colleagueClaims = { ...buyerClaims, name: 'Colin Colleague', isAdmin: false };
const slow = { timeout: 60_000 };

describe('users in Settings (main user)', { timeout: 60_000 }, () => {
  it('lists every user with their state and opens one', async () => {
    const user = userEvent.setup();
    const { location } = renderPortal({ path: '/settings/users/', api: usersFakeApi() });
    const table = await screen.findByRole('table', { name: 'Users of your company' }, slow);
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    const berta = within(rows[1]!);
    expect(berta.getByText('Berta Buyer')).toBeVisible();
    expect(berta.getByText('Main user')).toBeVisible();
    expect(berta.getByText('English')).toBeVisible();
    const colinRow = within(rows[2]!);
    // the mobile phone first, the language by its name
    expect(colinRow.getByText('+1 555 0199')).toBeVisible();
    expect(colinRow.getByText('Deutsch')).toBeVisible();
    expect(colinRow.getByText('Active')).toBeVisible();
    expect(within(rows[3]!).getByText('Inactive')).toBeVisible();
    expect(within(rows[3]!).getByText('Türkçe')).toBeVisible();
    await user.click(within(table).getByRole('link', { name: 'Colin Colleague' }));
    expect(location.history?.at(-1)).toBe('/settings/users/2/');
    expect(await screen.findByRole('heading', { name: 'Colin Colleague' }, slow)).toBeVisible();
  });

  it('says so when the company has no users, and offers a retry when the list fails', async () => {
    const user = userEvent.setup();
    const api = usersFakeApi({ users: [] });
    api.users.mockRejectedValueOnce(httpError(500));
    renderPortal({ path: '/settings/users/', api });
    await user.click(await screen.findByRole('button', { name: 'Retry' }, slow));
    expect(await screen.findByText('No users')).toBeVisible();
    expect(api.reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'users', status: 500 }));
  });

  it('edits and saves a user; the username stays', async () => {
    const user = userEvent.setup();
    const api = usersFakeApi();
    renderPortal({ path: '/settings/users/2/', api });
    const email = await screen.findByLabelText(/^E-mail/, {}, slow);
    expect(screen.queryByLabelText(/^Username/)).toBeNull();
    expect(screen.getByText('colleague')).toBeVisible();
    await user.clear(email);
    await user.type(email, 'nope');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invalid e-mail address.')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(api.updateUser).not.toHaveBeenCalled();
    await user.clear(email);
    await user.type(email, 'colin@shop.example');
    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Changes saved.')).toBeVisible();
    expect(api.updateUser).toHaveBeenCalledWith(
      2,
      expect.objectContaining({ email: 'colin@shop.example', language: 'en' }),
      expect.anything(),
    );
  });

  it('deactivates and reactivates a user', async () => {
    const user = userEvent.setup();
    renderPortal({ path: '/settings/users/2/', api: usersFakeApi() });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }, slow));
    expect(await screen.findByText('The user is deactivated: they can no longer sign in.')).toBeVisible();
    expect(screen.getByText('Inactive')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('The user is active again and can sign in.')).toBeVisible();
    expect(screen.queryByText('Inactive')).toBeNull();
    expect(screen.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  });

  it('deletes a user after a confirmation naming them, then shows the list without them', async () => {
    const user = userEvent.setup();
    const api = usersFakeApi();
    const { location } = renderPortal({ path: `/settings/users/${ida.id}/`, api });
    await user.click(await screen.findByRole('button', { name: 'Delete user' }, slow));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user?' });
    expect(within(dialog).getByText(/Ida Inactive will be deleted permanently/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.deleteUser).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete user' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete permanently' }),
    );
    await waitFor(() => expect(location.history?.at(-1)).toBe('/settings/users/'));
    const table = await screen.findByRole('table', {}, slow);
    expect(within(table).queryByText('Ida Inactive')).toBeNull();
    expect(api.deleteUser).toHaveBeenCalledWith(ida.id, expect.anything());
  });

  it('offers neither deactivate nor delete on the main user’s own page', async () => {
    renderPortal({ path: '/settings/users/1/', api: usersFakeApi() });
    expect(
      await screen.findByText(
        "This is the company's main user: they cannot be deactivated or deleted.",
        {},
        slow,
      ),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete user' })).toBeNull();
  });

  it('shows "user not found" with a way back for an unknown id', async () => {
    renderPortal({ path: '/settings/users/99/', api: usersFakeApi() });
    expect(await screen.findByRole('heading', { name: 'User not found' }, slow)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Back to users' })).toHaveAttribute('href', '/settings/users/');
  });

  it('creates a user; a taken username is a message on the field and nothing typed is lost', async () => {
    const user = userEvent.setup();
    const api = usersFakeApi();
    const { location } = renderPortal({ path: '/settings/users/', api });
    await user.click(await screen.findByRole('link', { name: 'New user' }, slow));
    const username = await screen.findByLabelText(/^Username/, {}, slow);
    await user.type(username, 'Colleague');
    await user.type(screen.getByLabelText(/^E-mail/), 'dora@example.com');
    await user.type(screen.getByLabelText(/^First name/), 'Dora');
    await user.type(screen.getByLabelText(/^Last name/), 'Diaz');
    await user.type(screen.getByLabelText('Mobile phone'), '+1 555 0142');
    // an initial password is the default: the new user can sign in at once
    expect(screen.getByRole('radio', { name: 'Set an initial password' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Send an invitation by e-mail' }));
    expect(screen.getByText('The invitation mail lets them choose their own password.')).toBeVisible();
    await user.click(screen.getByRole('radio', { name: 'Set an initial password' }));
    await user.type(screen.getByLabelText(/^Initial password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('The password must be at least 6 characters.')).toBeVisible();
    expect(api.createUser).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/^Initial password/), 'defg');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('This username is already taken.')).toBeVisible();
    expect(screen.getByLabelText(/^Username/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Dora');
    expect(screen.getByLabelText(/^Initial password/)).toHaveValue('abcdefg');
    await user.clear(screen.getByLabelText(/^Username/));
    await user.type(screen.getByLabelText(/^Username/), 'dora');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText('User created.', {}, slow)).toBeVisible();
    expect(location.history?.at(-1)).toMatch(/^\/settings\/users\/\d+\/\?created=1$/);
    expect(screen.getByRole('heading', { name: 'Dora Diaz' })).toBeVisible();
    expect(api.createUser).toHaveBeenLastCalledWith(
      expect.objectContaining({ username: 'dora', access: 'password', password: 'abcdefg', language: 'en' }),
      expect.anything(),
    );
  });

  it('keeps a colleague out: no Users section in the menu, and the page is forbidden', async () => {
    const api = usersFakeApi({ me: colin });
    const { unmount } = renderPortal({ path: '/settings/', api, claims: colleagueClaims });
    expect((await screen.findAllByRole('link', { name: /My account/ }, slow))[0]).toBeVisible();
    expect(screen.queryByRole('link', { name: /^Users/ })).toBeNull();
    unmount();
    renderPortal({ path: '/settings/users/', api, claims: colleagueClaims });
    expect(await screen.findByText(/^403/, {}, slow)).toBeVisible();
    expect(screen.queryByRole('table')).toBeNull();
    expect(api.users).not.toHaveBeenCalled();
    expect(screen.queryByRole('link', { name: 'New user' })).toBeNull();
  });
});
