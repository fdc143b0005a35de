import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPortal } from '../cart/support/renderPortal';
import { buyerClaims } from '../support/fakeSession';
import { colin, httpError, usersFakeApi } from './support/users-fake-api';

const colleagueClaims = { ...buyerClaims, name: 'Colin Colleague', isAdmin: false };
const slow = { timeout: 8000 };

describe('own account in Settings', { timeout: 20_000 }, () => {
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
