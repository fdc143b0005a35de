import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../cart/support/renderPortal';
import { buyerClaims } from '../support/fakeSession';
import { colin, httpError, usersFakeApi } from './support/users-fake-api';

const colleagueClaims = { ...buyerClaims, name: 'Colin Colleague', isAdmin: false };
const slow = { timeout: 60_000 };

/** Berta's account page with `address` typed into the e-mail field and saved. */
async function saveNewAddress(api: ReturnType<typeof usersFakeApi>, address = 'berta@new-shop.example') {
  const user = userEvent.setup();
  renderPortal({ path: '/settings/account/', api });
  const email = await screen.findByLabelText(/^E-mail/, {}, slow);
  await user.clear(email);
  await user.type(email, address);
  await user.click(screen.getByRole('button', { name: 'Save' }));
  return { user, email };
}

describe('own account in Settings', { timeout: 60_000 }, () => {
  it('lets a colleague change their own details, with a message per field', async () => {
    const user = userEvent.setup();
    const api = usersFakeApi({ me: colin });
    renderPortal({ path: '/settings/account/', api, claims: colleagueClaims });
    const firstName = await screen.findByLabelText(/^First name/, {}, slow);
    expect(firstName).toHaveValue('Colin');
    expect(screen.getByText('colleague')).toBeVisible();
    await user.clear(firstName);
    await user.type(screen.getByLabelText('Landline phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeVisible();
    expect(screen.getByText('Use only digits, spaces and + ( ) . / -')).toBeVisible();
    expect(firstName).toHaveAttribute('aria-invalid', 'true');
    expect(api.saveAccount).not.toHaveBeenCalled();
    await user.type(firstName, 'Colm');
    await user.clear(screen.getByLabelText('Landline phone'));
    await user.type(screen.getByLabelText('Landline phone'), '+1 555 0177');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your details are saved.')).toBeVisible();
    expect(api.saveAccount).toHaveBeenCalledWith(
      expect.objectContaining({ firstName: 'Colm', landlinePhone: '+1 555 0177' }),
      expect.anything(),
    );
  });

  it('keeps the draft when a save fails, and saves on retry', async () => {
    const user = userEvent.setup();
    const api = usersFakeApi();
    api.saveAccount.mockRejectedValueOnce(httpError(503));
    renderPortal({ path: '/settings/account/', api });
    const email = await screen.findByLabelText(/^E-mail/, {}, slow);
    await user.clear(email);
    await user.type(email, 'berta@shop.example');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown error. Please try again later.')).toBeVisible();
    expect(email).toHaveValue('berta@shop.example');
    expect(api.reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'account', status: 503 }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Your details are saved.')).toBeVisible();
    expect(api.saveAccount).toHaveBeenCalledTimes(2);
  });

  it('takes no typing while the save runs, visibly: the fields are read-only until the answer', async () => {
    const user = userEvent.setup();
    const api = usersFakeApi({ me: colin });
    let answer: () => void = () => {};
    api.saveAccount.mockImplementationOnce(
      (saved) => new Promise((resolve) => (answer = () => resolve({ ...colin, ...saved }))),
    );
    renderPortal({ path: '/settings/account/', api, claims: colleagueClaims });
    const firstName = await screen.findByLabelText(/^First name/, {}, slow);
    await user.clear(firstName);
    await user.type(firstName, 'Colm');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(firstName).toHaveAttribute('readonly'));
    await user.type(firstName, 'xyz');
    expect(firstName).toHaveValue('Colm');
    answer();
    expect(await screen.findByText('Your details are saved.')).toBeVisible();
    expect(firstName).not.toHaveAttribute('readonly');
    await user.type(firstName, 'x');
    expect(firstName).toHaveValue('Colmx');
  });

  it('shows the language the user works in, with a link to change it', async () => {
    const user = userEvent.setup();
    const { location } = renderPortal({
      path: '/settings/account/',
      api: usersFakeApi({ me: colin }),
      claims: colleagueClaims,
    });
    expect(await screen.findByText('You work in Deutsch.', {}, slow)).toBeVisible();
    await user.click(screen.getByRole('link', { name: 'Change language' }));
    await waitFor(() => expect(location.history?.at(-1)).toBe('/settings/language/'));
  });
});

describe('a new e-mail address confirmed with a code', { timeout: 60_000 }, () => {
  it('asks for the code sent to the new address, says when it is wrong, and confirms it', async () => {
    const api = usersFakeApi({ emailCode: '482913' });
    const { user, email } = await saveNewAddress(api);

    const box = await screen.findByRole('form', { name: 'Confirm your new e-mail address' });
    expect(box).toHaveTextContent('We sent a 6-digit code to');
    expect(box).toHaveTextContent('berta@new-shop.example');
    expect(box).toHaveTextContent('The code is valid for 30 minutes.');
    // the address stays the old one until the code comes back
    expect(email).toHaveValue('berta@example.com');
    const code = within(box).getByLabelText(/^Code from the e-mail/);
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');

    await user.type(code, '123');
    await user.keyboard('{Enter}');
    expect(await within(box).findByText('The security code is 6 digits.')).toBeVisible();
    expect(api.confirmEmail).not.toHaveBeenCalled();

    await user.clear(code);
    await user.type(code, '111111{Enter}');
    expect(
      await within(box).findByText('This code is not correct. Check the e-mail and try again.'),
    ).toBeVisible();
    expect(code).toHaveAttribute('aria-invalid', 'true');

    await user.clear(code);
    await user.type(code, '482 913');
    await user.click(within(box).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Your new e-mail address is confirmed.')).toBeVisible();
    expect(api.confirmEmail).toHaveBeenLastCalledWith('482913', expect.anything());
    expect(email).toHaveValue('berta@new-shop.example');
    expect(screen.queryByRole('form', { name: 'Confirm your new e-mail address' })).toBeNull();
  });

  it('keeps the current address on cancel, and sends a new code on request', async () => {
    const api = usersFakeApi({ emailCode: '482913' });
    const { user, email } = await saveNewAddress(api);
    const box = await screen.findByRole('form', { name: 'Confirm your new e-mail address' });

    await user.click(within(box).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(api.saveAccount).toHaveBeenCalledTimes(2));
    expect(api.saveAccount).toHaveBeenLastCalledWith(
      expect.objectContaining({ email: 'berta@new-shop.example' }),
      expect.anything(),
    );
    await user.click(await within(box).findByRole('button', { name: 'Keep my current address' }));
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Confirm your new e-mail address' })).toBeNull(),
    );
    expect(api.cancelEmailChange).toHaveBeenCalledTimes(1);
    expect(email).toHaveValue('berta@example.com');
  });

  it('keeps the address waiting when other details are saved meanwhile', async () => {
    const api = usersFakeApi({ emailCode: '482913' });
    const { user, email } = await saveNewAddress(api);
    await screen.findByRole('form', { name: 'Confirm your new e-mail address' });

    const mobile = screen.getByLabelText('Mobile phone');
    await user.clear(mobile);
    await user.type(mobile, '+1 555 0144');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.saveAccount).toHaveBeenCalledTimes(2));
    expect(api.saveAccount).toHaveBeenLastCalledWith(
      expect.objectContaining({ email: 'berta@example.com', mobilePhone: '+1 555 0144' }),
      expect.anything(),
    );
    const box = await screen.findByRole('form', { name: 'Confirm your new e-mail address' });
    expect(box).toHaveTextContent('berta@new-shop.example');
    expect(mobile).toHaveValue('+1 555 0144');
    expect(api.cancelEmailChange).not.toHaveBeenCalled();
    await user.type(within(box).getByLabelText(/^Code from the e-mail/), '482913{Enter}');
    expect(await screen.findByText('Your new e-mail address is confirmed.')).toBeVisible();
    expect(email).toHaveValue('berta@new-shop.example');
  });

  it('offers a retry when keeping the current address fails', async () => {
    const user = userEvent.setup();
    const api = usersFakeApi({ me: { ...colin, pendingEmail: 'colin@new-shop.example' } });
    api.cancelEmailChange.mockRejectedValueOnce(httpError(503));
    renderPortal({ path: '/settings/account/', api, claims: colleagueClaims });
    const box = await screen.findByRole('form', { name: 'Confirm your new e-mail address' }, slow);
    await user.click(within(box).getByRole('button', { name: 'Keep my current address' }));
    const retry = await within(box).findByRole('button', { name: 'Retry' });
    // while the call has failed, only its Retry is offered: the other buttons would do nothing
    expect(within(box).queryByRole('button', { name: 'Send a new code' })).toBeNull();
    expect(within(box).queryByRole('button', { name: 'Keep my current address' })).toBeNull();
    await user.click(retry);
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Confirm your new e-mail address' })).toBeNull(),
    );
    expect(api.cancelEmailChange).toHaveBeenCalledTimes(2);
    expect(api.saveAccount).not.toHaveBeenCalled();
    expect(screen.getByLabelText(/^E-mail/)).toHaveValue(colin.email);
    expect(api.reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'account', status: 503 }));
  });

  it('shows an address another account has as the e-mail field’s message', async () => {
    const api = usersFakeApi();
    api.saveAccount.mockRejectedValueOnce(httpError(400, 'email_taken'));
    const { email } = await saveNewAddress(api, 'colin@example.com');
    expect(await screen.findByText('An account with this e-mail address already exists.')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(api.reportError).not.toHaveBeenCalled();
  });
});
