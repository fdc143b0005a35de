import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../cart/support/renderPortal';
import { colin, httpError, usersFakeApi } from './support/users-fake-api';

const slow = { timeout: 60_000 };
const taken = 'An account with this e-mail address already exists.';
const waitingBox = () => screen.findByRole('form', { name: 'Waiting for confirmation' }, slow);

/** The colleague's page with a new address typed and saved. */
async function saveNewAddress(api: ReturnType<typeof usersFakeApi>, address = 'colin@new-shop.example') {
  const user = userEvent.setup();
  renderPortal({ path: '/settings/users/2/', api });
  const email = await screen.findByLabelText(/^E-mail/, {}, slow);
  await user.clear(email);
  await user.type(email, address);
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  return { user, email };
}

describe('a colleague’s e-mail address (main user)', { timeout: 60_000 }, () => {
  it('shows an address another account has as the e-mail field’s message when saving', async () => {
    const api = usersFakeApi();
    api.updateUser.mockRejectedValueOnce(httpError(400, 'email_taken', taken));
    const { email } = await saveNewAddress(api, 'berta@example.com');
    expect(await screen.findByText(taken)).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('berta@example.com');
    expect(
      screen.queryByText('The server did not accept these details. Please check them and try again.'),
    ).toBeNull();
    expect(api.reportError).not.toHaveBeenCalled();
  });

  it('shows an address another account has as the e-mail field’s message when creating', async () => {
    const user = userEvent.setup();
    const api = usersFakeApi();
    api.createUser.mockRejectedValueOnce(httpError(400, 'email_taken', taken));
    renderPortal({ path: '/settings/users/new/', api });
    await user.type(await screen.findByLabelText(/^Username/, {}, slow), 'dora');
    await user.type(screen.getByLabelText(/^E-mail/), 'Colin@Example.com');
    await user.type(screen.getByLabelText(/^First name/), 'Dora');
    await user.type(screen.getByLabelText(/^Last name/), 'Diaz');
    await user.type(screen.getByLabelText(/^Initial password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    expect(await screen.findByText(taken)).toBeVisible();
    expect(screen.getByLabelText(/^E-mail/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^First name/)).toHaveValue('Dora');
  });

  it('says saved at once with a server that changes addresses at once: nothing waits', async () => {
    const api = usersFakeApi();
    const { email } = await saveNewAddress(api);
    expect(await screen.findByText('Changes saved.')).toBeVisible();
    expect(email).toHaveValue('colin@new-shop.example');
    expect(screen.queryByRole('form', { name: 'Waiting for confirmation' })).toBeNull();
    expect(screen.queryByLabelText(/^Code the colleague received/)).toBeNull();
  });

  it('shows the new address waiting, says when a code is wrong, and confirms it with the right one', async () => {
    const api = usersFakeApi({ emailCode: '482913' });
    const { user, email } = await saveNewAddress(api);
    const box = await waitingBox();
    expect(box).toHaveTextContent('Waiting for confirmation: colin@new-shop.example');
    expect(box).toHaveTextContent('The colleague confirms it from their own account screen');
    expect(box).toHaveTextContent('The code is valid for 30 minutes.');
    // the address stays the old one until the code comes back
    expect(email).toHaveValue(colin.email);
    const code = within(box).getByLabelText(/^Code the colleague received/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // the code went to the colleague's mail: the main user's device has none of its own to offer
    expect(code).toHaveAttribute('autocomplete', 'off');

    await user.type(code, '123{Enter}');
    expect(await within(box).findByText('The security code is 6 digits.')).toBeVisible();
    expect(api.confirmUserEmail).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '111111{Enter}');
    expect(
      await within(box).findByText(
        'This code is not correct. Ask the colleague for the code in the latest e-mail.',
      ),
    ).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(api.reportError).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '482 913');
    await user.click(within(box).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The new e-mail address is confirmed.')).toBeVisible();
    expect(api.confirmUserEmail).toHaveBeenLastCalledWith(2, '482913', expect.anything());
    expect(email).toHaveValue('colin@new-shop.example');
    expect(screen.queryByRole('form', { name: 'Waiting for confirmation' })).toBeNull();
  });

  it('shows the waiting address when the page opens on one', async () => {
    const api = usersFakeApi({ users: [{ ...colin, pendingEmail: 'colin@new-shop.example' }] });
    renderPortal({ path: '/settings/users/2/', api });
    expect(await waitingBox()).toHaveTextContent('Waiting for confirmation: colin@new-shop.example');
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue(colin.email);
  });

  it('offers a new code when the code has expired or was tried too often, and a retry when a call fails', async () => {
    const api = usersFakeApi({ emailCode: '482913' });
    api.confirmUserEmail
      .mockRejectedValueOnce(httpError(400, 'too_many_tries'))
      .mockRejectedValueOnce(httpError(503));
    const { user } = await saveNewAddress(api);
    const box = await waitingBox();
    await user.type(within(box).getByLabelText(/^Code the colleague received/), '482913{Enter}');
    expect(
      await within(box).findByText(
        'This code can no longer be used: it has expired or was entered wrongly too often. Send a new code.',
      ),
    ).toBeVisible();
    expect(within(box).queryByLabelText(/^Code the colleague received/)).toBeNull();
    expect(api.reportError).not.toHaveBeenCalled();

    await user.click(within(box).getByRole('button', { name: 'Send a new code' }));
    const code = await within(box).findByLabelText(/^Code the colleague received/);
    // the user saved again with the waiting address: the server mails a new code
    expect(api.updateUser).toHaveBeenLastCalledWith(
      2,
      expect.objectContaining({ email: 'colin@new-shop.example' }),
      expect.anything(),
    );

    await user.type(code, '482913{Enter}');
    await user.click(await within(box).findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('The new e-mail address is confirmed.')).toBeVisible();
    expect(api.confirmUserEmail).toHaveBeenCalledTimes(3);
    expect(api.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'userEditor', status: 503 }),
    );
  });

  it('keeps the current address on request, withdrawing the waiting one without saving the form', async () => {
    const api = usersFakeApi({ emailCode: '482913' });
    const { user, email } = await saveNewAddress(api);
    const box = await waitingBox();
    // typed but not saved: withdrawing the address neither saves nor discards it
    const mobile = screen.getByLabelText('Mobile phone');
    await user.clear(mobile);
    await user.type(mobile, '+1 555 0144');
    await user.click(within(box).getByRole('button', { name: 'Keep the current address' }));
    expect(
      await screen.findByText('The change of e-mail address is withdrawn; the address stays as it was.'),
    ).toBeVisible();
    expect(api.cancelUserEmailChange).toHaveBeenCalledWith(2, expect.anything());
    expect(api.updateUser).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Waiting for confirmation' })).toBeNull());
    expect(email).toHaveValue(colin.email);
    expect(mobile).toHaveValue('+1 555 0144');
  });

  it('offers a retry when withdrawing the waiting address fails', async () => {
    const api = usersFakeApi({ emailCode: '482913' });
    api.cancelUserEmailChange.mockRejectedValueOnce(httpError(503));
    const { user } = await saveNewAddress(api);
    const box = await waitingBox();
    await user.click(within(box).getByRole('button', { name: 'Keep the current address' }));
    await user.click(await within(box).findByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByText('The change of e-mail address is withdrawn; the address stays as it was.'),
    ).toBeVisible();
    expect(api.cancelUserEmailChange).toHaveBeenCalledTimes(2);
    expect(api.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'userEditor', status: 503 }),
    );
  });

  it('keeps the address waiting when other details are saved meanwhile', async () => {
    const api = usersFakeApi({ emailCode: '482913' });
    const { user, email } = await saveNewAddress(api);
    await waitingBox();
    const mobile = screen.getByLabelText('Mobile phone');
    await user.clear(mobile);
    await user.type(mobile, '+1 555 0144');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.updateUser).toHaveBeenCalledTimes(2));
    expect(api.updateUser).toHaveBeenLastCalledWith(
      2,
      expect.objectContaining({ email: colin.email, mobilePhone: '+1 555 0144' }),
      expect.anything(),
    );
    const box = await waitingBox();
    expect(box).toHaveTextContent('Waiting for confirmation: colin@new-shop.example');
    expect(email).toHaveValue(colin.email);
    expect(mobile).toHaveValue('+1 555 0144');
    expect(api.cancelUserEmailChange).not.toHaveBeenCalled();
    await user.type(within(box).getByLabelText(/^Code the colleague received/), '482913{Enter}');
    expect(await screen.findByText('The new e-mail address is confirmed.')).toBeVisible();
    expect(email).toHaveValue('colin@new-shop.example');
  });

  it('keeps the waiting address in view when the colleague is deactivated meanwhile', async () => {
    const api = usersFakeApi({ emailCode: '482913' });
    const { user } = await saveNewAddress(api);
    await waitingBox();
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('The user is deactivated: they can no longer sign in.')).toBeVisible();
    expect(await waitingBox()).toHaveTextContent('Waiting for confirmation: colin@new-shop.example');
  });
});
