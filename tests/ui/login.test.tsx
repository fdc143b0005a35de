import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buyerClaims, loginFailure, signedInAs } from './support/fakeSession';
import { renderApp, testConfiguration } from './support/renderApp';

async function fillAndSubmit(username: string, password: string, options: { remember?: boolean } = {}) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  if (options.remember) await user.click(screen.getByRole('checkbox', { name: 'Remember Me' }));
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('login screen', () => {
  it('replaces the app when nobody is signed in and shows every element of the spec', async () => {
    const { container } = renderApp({ path: '/orders/' });

    expect(await screen.findByRole('heading', { name: 'B2B LOGIN' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    expect(screen.getByText(testConfiguration.siteName)).toBeInTheDocument();
    const username = screen.getByLabelText('Username');
    expect(username).toHaveAttribute('name', 'username');
    expect(username).toHaveAttribute('autocomplete', 'username');
    const password = screen.getByLabelText('Password');
    expect(password).toHaveAttribute('name', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(password).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Remember Me' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password/',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(container.querySelector('input[name="username"]')).toBe(username);
  });

  it('offers Back only when a portal page is behind it: in a fresh tab Back would leave the portal', async () => {
    const historyLength = vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const fresh = renderApp();
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    fresh.unmount();
    historyLength.mockReturnValue(3);
    renderApp();
    expect(await screen.findByRole('button', { name: 'Back' })).toBeInTheDocument();
    historyLength.mockRestore();
  });

  it('shows the configured wide logo, named after the site', async () => {
    renderApp({ configuration: { ...testConfiguration, logoWide: '/media/logo-wide.svg' } });
    expect(await screen.findByRole('img', { name: testConfiguration.siteName })).toHaveAttribute(
      'src',
      '/media/logo-wide.svg',
    );
  });

  it('offers registration only when the default customer type is above 0', async () => {
    const { unmount } = renderApp();
    await screen.findByRole('heading', { name: 'B2B LOGIN' });
    expect(screen.queryByRole('link', { name: 'Create an account' })).not.toBeInTheDocument();
    unmount();

    renderApp({ configuration: { ...testConfiguration, defaultCustomerType: 1 } });
    expect(await screen.findByRole('link', { name: 'Create an account' })).toHaveAttribute(
      'href',
      '/auth/register/',
    );
  });

  it('shows a spinner while the stored session is being restored', async () => {
    renderApp({
      stored: {
        credentials: { refresh: 'stored-refresh', remember: true },
        refresh: () => new Promise(() => {}),
      },
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Checking your session…');
    expect(screen.queryByRole('heading', { name: 'B2B LOGIN' })).not.toBeInTheDocument();
  });

  // (that the stored credentials are removed is checked on the bound session: session.model.test.ts)
  it('a restored session of an account deactivated meanwhile says so, not "Unknown error"', async () => {
    renderApp({
      stored: {
        credentials: { refresh: 'stored-refresh', remember: true },
        refresh: () =>
          Promise.reject(
            loginFailure({ status: 403, code: 'inactive_user', detail: 'This account is inactive.' }),
          ),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/contact the administrator/i);
    expect(screen.getByRole('alert')).not.toHaveTextContent('Unknown error');
  });

  it('toggles the password between hidden and shown', async () => {
    const user = userEvent.setup();
    renderApp();
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'secret1');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('secret1');

    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('sends session.login with the typed values and the Remember Me choice, with a spinner meanwhile', async () => {
    const { sessionEvents } = renderApp();
    await fillAndSubmit('buyer', 'buyer123', { remember: true });

    expect(sessionEvents).toContainEqual({
      type: 'session.login',
      username: 'buyer',
      password: 'buyer123',
      remember: true,
    });
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Logging in…');
  });

  it('sends remember: false when Remember Me stays unticked', async () => {
    const { sessionEvents } = renderApp();
    await fillAndSubmit('buyer', 'buyer123');
    expect(sessionEvents.find((event) => event.type === 'session.login')).toMatchObject({ remember: false });
  });

  it('lands on the address it was opened at once signed in (a deep link keeps its query)', async () => {
    const { location } = renderApp({
      path: '/products/?brand=3',
      login: async () => signedInAs(buyerClaims),
    });
    await fillAndSubmit('buyer', 'buyer123');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Products' }, { timeout: 60_000 }),
    ).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/products/?brand=3');
    expect(screen.queryByRole('heading', { name: 'B2B LOGIN' })).not.toBeInTheDocument();
  });

  it('a remembered sign-in that expired asks to log in and then lands on the address it was opened at', async () => {
    const { location } = renderApp({
      path: '/campaigns/',
      stored: {
        credentials: { refresh: 'expired-refresh', remember: true },
        refresh: () => Promise.reject(loginFailure({ status: 401, detail: 'Token is invalid or expired' })),
      },
      login: async () => signedInAs(buyerClaims),
    });
    await screen.findByRole('alert');
    await fillAndSubmit('buyer', 'buyer123');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Campaigns' }, { timeout: 60_000 }),
    ).toBeInTheDocument();
    expect(location.history.at(-1)).toBe('/campaigns/');
  });

  it('a remembered sign-in opens the portal at the address it was opened at', async () => {
    const { location } = renderApp({
      path: '/products/?brand=3',
      stored: {
        credentials: { refresh: signedInAs(buyerClaims).tokens.refresh, remember: true },
        refresh: async () => signedInAs(buyerClaims),
      },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Products' }, { timeout: 60_000 }),
    ).toBeInTheDocument();
    expect(location.history).toEqual(['/products/?brand=3']);
  });
});

describe('login error banner', () => {
  it('wrong credentials: the spec banner text with the server detail, and the username is kept', async () => {
    renderApp({
      login: () =>
        Promise.reject(
          loginFailure({ status: 401, detail: 'No active account found with the given credentials' }),
        ),
    });
    await fillAndSubmit('buyer', 'wrong-password');

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Please enter your username and password in the relevant fields.');
    expect(banner).toHaveTextContent('No active account found with the given credentials');
    expect(screen.getByLabelText('Username')).toHaveValue('buyer');
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('inactive user: told to contact the administrator', async () => {
    renderApp({
      login: () =>
        Promise.reject(loginFailure({ status: 403, code: 'inactive_user', detail: 'User is inactive' })),
    });
    await fillAndSubmit('inactive', 'inactive123');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your account is not active. Please contact the administrator.',
    );
  });

  it('throttled: says how many seconds to wait', async () => {
    renderApp({ login: () => Promise.reject(loginFailure({ status: 429, retryAfterSeconds: 42 })) });
    await fillAndSubmit('buyer', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many failed attempts. Please wait 42 seconds and try again.',
    );
  });

  it('unexpected failure: the banner with the generic unknown error, and the error is reported', async () => {
    const { reportError } = renderApp({ login: () => Promise.reject(new TypeError('Failed to fetch')) });
    await fillAndSubmit('buyer', 'buyer123');
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Please enter your username and password in the relevant fields.');
    expect(banner).toHaveTextContent('Unknown error. Please try again later.');
    expect(reportError).toHaveBeenCalledWith({ source: 'session', message: 'Failed to fetch', status: null });
  });

  it('expired stored session: asks to log in again', async () => {
    renderApp({
      stored: {
        credentials: { refresh: 'expired-refresh', remember: true },
        refresh: () => Promise.reject(loginFailure({ status: 401, detail: 'Token is invalid or expired' })),
      },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your session has expired. Please log in again.',
    );
    expect(screen.getByRole('heading', { name: 'B2B LOGIN' })).toBeInTheDocument();
  });

  it('clears when a new login starts', async () => {
    let attempt = 0;
    renderApp({
      login: () =>
        attempt++ === 0
          ? Promise.reject(loginFailure({ status: 401, detail: 'Wrong' }))
          : new Promise(() => {}),
    });
    const user = await fillAndSubmit('buyer', 'wrong');
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});
