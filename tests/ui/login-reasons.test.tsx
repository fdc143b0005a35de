import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import de from '../../src/locales/de.json';
import en from '../../src/locales/en.json';
import { loginFailure } from './support/fakeSession';
import { renderApp } from './support/renderApp';

// The server's reasons at sign-in reach the buyer in the interface language (by their codes; the
// server's own text only for a reason the portal has no words for), and an empty sign-in is
// checked in the form: no request, no error report.

async function signIn(texts: typeof en, username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(await screen.findByLabelText(texts.login.username), username);
  if (password) await user.type(screen.getByLabelText(texts.login.password), password);
  await user.click(await screen.findByRole('button', { name: texts.login.submit }));
  return user;
}

const inGerman = async () => {
  i18next.addResourceBundle('de', 'translation', de, true, true);
  await i18next.changeLanguage('de');
};
afterEach(async () => {
  await i18next.changeLanguage('en');
});

describe('sign-in refusals in the interface language', () => {
  it('wrong credentials: German words for the server\'s "No active account found…"', async () => {
    await inGerman();
    renderApp({
      login: () =>
        Promise.reject(
          loginFailure({
            status: 401,
            code: 'invalid_credentials',
            detail: 'No active account found with the given credentials',
          }),
        ),
    });
    await signIn(de, 'buyer', 'wrong-password');

    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent(de.errors.loginFailed);
    expect(banner).toHaveTextContent(de.errors.invalidCredentials);
    expect(banner).not.toHaveTextContent('No active account found');
  });

  it('an inactive account and a throttled sign-in are worded in German too', async () => {
    await inGerman();
    const first = renderApp({
      login: () =>
        Promise.reject(
          loginFailure({
            status: 403,
            code: 'inactive_user',
            detail: 'This account is inactive. Please contact the administrator.',
          }),
        ),
    });
    await signIn(de, 'inactive', 'inactive123');
    expect(await screen.findByRole('alert')).toHaveTextContent(de.errors.inactiveUser);
    expect(screen.getByRole('alert')).not.toHaveTextContent('This account is inactive');
    first.unmount();

    renderApp({
      login: () =>
        Promise.reject(
          loginFailure({
            status: 429,
            code: 'throttled',
            detail: 'Too many failed sign-ins. Try again in 42 seconds.',
            retryAfterSeconds: 42,
          }),
        ),
    });
    await signIn(de, 'buyer', 'wrong');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      de.errors.throttled.replace('{{seconds}}', '42'),
    );
  });

  it("a 401 without a code the portal knows keeps the server's text as a last resort", async () => {
    renderApp({
      login: () =>
        Promise.reject(loginFailure({ status: 401, detail: 'Directory unavailable for this user' })),
    });
    await signIn(en, 'buyer', 'buyer123');
    expect(await screen.findByRole('alert')).toHaveTextContent('Directory unavailable for this user');
  });
});

describe('an empty sign-in', () => {
  it('is checked in the form: each empty field says so, nothing is sent and nothing is reported', async () => {
    const { sessionEvents, reportError } = renderApp();
    await signIn(en, '', '');

    const username = screen.getByLabelText(en.login.username);
    expect(username).toHaveAccessibleDescription(en.login.usernameRequired);
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(en.login.password)).toHaveAccessibleDescription(en.login.passwordRequired);
    expect(username).toHaveFocus();
    expect(sessionEvents.some((event) => event.type === 'session.login')).toBe(false);
    expect(reportError).not.toHaveBeenCalled();
    expect(screen.queryByText(en.errors.unknown)).not.toBeInTheDocument();
  });

  it('a missing password only: the password field says so and takes the focus; filled in, the sign-in goes out', async () => {
    const { sessionEvents } = renderApp();
    const user = await signIn(en, 'buyer', '');

    const password = screen.getByLabelText(en.login.password);
    expect(password).toHaveAccessibleDescription(en.login.passwordRequired);
    expect(password).toHaveFocus();
    expect(screen.getByLabelText(en.login.username)).not.toHaveAttribute('aria-invalid', 'true');
    expect(sessionEvents.some((event) => event.type === 'session.login')).toBe(false);

    await user.type(password, 'buyer123');
    expect(password).not.toHaveAccessibleDescription(en.login.passwordRequired);
    await user.click(screen.getByRole('button', { name: en.login.submit }));
    expect(sessionEvents).toContainEqual(
      expect.objectContaining({ type: 'session.login', username: 'buyer', password: 'buyer123' }),
    );
  });
});
