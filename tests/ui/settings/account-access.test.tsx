import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/services/api';
import { renderPortal } from '../cart/support/renderPortal';
import { httpError, usersFakeApi } from './support/users-fake-api';

const slow = { timeout: 60_000 };

/** The users fake (berta, username "buyer", is signed in) plus the password change and the deletion. */
function accountAccessApi() {
  const calls = {
    changePassword: vi.fn(async (_current: string, _password: string) => undefined),
    deleteAccount: vi.fn(async () => undefined),
  };
  const base = usersFakeApi();
  const api = new Proxy(base, {
    get: (target, name) =>
      name in calls ? calls[name as keyof typeof calls] : target[name as keyof typeof target],
  }) as typeof base & typeof calls;
  return api;
}

const wrongCurrentPassword = new ApiError(
  {
    kind: 'http',
    call: 'POST change-password/',
    status: 400,
    code: 'wrong_current_password',
    detail: 'The current password is not correct.',
    fieldErrors: { current_password: ['The current password is not correct.'] },
  },
  'HTTP 400',
);

async function fillPasswordForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText(/^Current password/, {}, slow), 'old-secret');
  await user.type(screen.getByLabelText(/^New password/), 'new-secret');
  await user.type(screen.getByLabelText(/^Repeat the new password/), 'new-secret');
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change password in Settings', { timeout: 60_000 }, () => {
  it('changes the password: a note says so, and the form is empty again', async () => {
    const user = userEvent.setup();
    const api = accountAccessApi();
    renderPortal({ path: '/settings/account/', api });
    const current = await screen.findByLabelText(/^Current password/, {}, slow);
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('autocomplete', 'new-password');
    await fillPasswordForm(user);
    expect(
      await screen.findByText(
        'Your password is changed. You stay signed in here; other devices are signed out.',
      ),
    ).toBeVisible();
    expect(api.changePassword).toHaveBeenCalledWith('old-secret', 'new-secret', expect.anything());
    expect(current).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
  });

  it('checks the form first, and the messages follow the typing after a submit', async () => {
    const user = userEvent.setup();
    const api = accountAccessApi();
    renderPortal({ path: '/settings/account/', api });
    await user.type(await screen.findByLabelText(/^Current password/, {}, slow), 'old-secret');
    await user.type(screen.getByLabelText(/^New password/), 'abc');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The password must be at least 6 characters.')).toBeVisible();
    await user.type(screen.getByLabelText(/^New password/), 'def');
    await waitFor(() =>
      expect(screen.queryByText('The password must be at least 6 characters.')).not.toBeInTheDocument(),
    );
    expect(api.changePassword).not.toHaveBeenCalled();
  });

  it('shows a wrong current password at that field, and keeps what was typed', async () => {
    const user = userEvent.setup();
    const api = accountAccessApi();
    api.changePassword.mockRejectedValueOnce(wrongCurrentPassword);
    renderPortal({ path: '/settings/account/', api });
    await fillPasswordForm(user);
    expect(await screen.findByText('The current password is not correct.')).toBeVisible();
    expect(screen.getByLabelText(/^Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('new-secret');
    expect(api.reportError).not.toHaveBeenCalled();
  });

  it('a server failure says so in a sentence, keeps the typed values and is reported', async () => {
    const user = userEvent.setup();
    const api = accountAccessApi();
    api.changePassword.mockRejectedValueOnce(httpError(500));
    renderPortal({ path: '/settings/account/', api });
    await fillPasswordForm(user);
    expect(
      await screen.findByText('There was an error changing the password. Please try again later.'),
    ).toBeVisible();
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('old-secret');
    expect(api.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'changePassword', status: 500 }),
    );
    // a second try goes through
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(/Your password is changed/)).toBeVisible();
  });
});

async function openDeleteDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }, slow));
  return screen.findByRole('dialog', { name: 'Delete your account?' });
}

describe('delete account in Settings', { timeout: 60_000 }, () => {
  it('asks for the username, then deletes the account and signs out', async () => {
    const user = userEvent.setup();
    const api = accountAccessApi();
    renderPortal({ path: '/settings/account/', api });
    const dialog = await openDeleteDialog(user);
    expect(within(dialog).getByText(/cannot be undone/)).toBeVisible();
    expect(within(dialog).getByText(/new registration/)).toBeVisible();
    expect(within(dialog).getByText(/existing orders remain/)).toBeVisible();
    const confirm = within(dialog).getByRole('button', { name: 'Delete permanently' });
    expect(confirm).toBeDisabled();
    const username = within(dialog).getByLabelText(/^Type your username buyer to confirm/);
    await user.type(username, 'buy');
    expect(confirm).toBeDisabled();
    await user.type(username, 'er');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByRole('heading', { name: 'B2B LOGIN' }, slow)).toBeInTheDocument();
    expect(api.deleteAccount).toHaveBeenCalledTimes(1);
  });

  it('cancel closes the dialog, forgets the typed text and deletes nothing', async () => {
    const user = userEvent.setup();
    const api = accountAccessApi();
    renderPortal({ path: '/settings/account/', api });
    let dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText(/^Type your username/), 'buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDeleteDialog(user);
    expect(within(dialog).getByLabelText(/^Type your username/)).toHaveValue('');
    expect(api.deleteAccount).not.toHaveBeenCalled();
  });

  it('the last main user of a company with other users is told to hand over first', async () => {
    const user = userEvent.setup();
    const api = accountAccessApi();
    api.deleteAccount.mockRejectedValueOnce(
      httpError(400, 'hand_over_first', 'Hand over the main user role first.'),
    );
    renderPortal({ path: '/settings/account/', api });
    const dialog = await openDeleteDialog(user);
    await user.type(within(dialog).getByLabelText(/^Type your username/), 'buyer');
    await user.click(within(dialog).getByRole('button', { name: 'Delete permanently' }));
    expect(
      await within(dialog).findByText(
        'You are the main user of your company and other users remain. Hand over the main user role or remove the other users first.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'B2B LOGIN' })).not.toBeInTheDocument();
    expect(api.reportError).not.toHaveBeenCalled();
  });
});
