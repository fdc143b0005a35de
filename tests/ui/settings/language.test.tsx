import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../src/domain/types';
import ar from '../../../src/locales/ar.json';
import de from '../../../src/locales/de.json';
import { ApiError } from '../../../src/services/api';
import { fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';
import { demoClaims } from '../support/fakeSession';

const languages: Language[] = [
  { id: 1, code: 'en', name: 'English', flag: '🇬🇧' },
  { id: 3, code: 'de', name: 'Deutsch', flag: '🇩🇪' },
  { id: 4, code: 'ar', name: 'العربية', flag: '🇸🇦' },
];

/** The cart's fake API plus the languages list and the language update. */
function languageApi() {
  const updateLanguage = vi.fn(async (id: number) => languages.find((language) => language.id === id)!);
  const base = fakeApi();
  const api = new Proxy(base, {
    get: (target, name) =>
      name === 'languages'
        ? async () => languages
        : name === 'updateLanguage'
          ? updateLanguage
          : target[name as keyof typeof target],
  }) as typeof base;
  return { api, updateLanguage };
}

beforeAll(() => {
  i18next.addResourceBundle('de', 'translation', de);
  i18next.addResourceBundle('ar', 'translation', ar);
});
afterEach(async () => {
  await i18next.changeLanguage('en');
});

async function openHeaderMenu(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Language: English' }, { timeout: 60_000 });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  return screen.findByRole('menu');
}

describe('language change (spec point 4)', { timeout: 60_000 }, () => {
  it('switches the whole interface to Deutsch from the header dropdown at once', async () => {
    const user = userEvent.setup();
    const { api, updateLanguage } = languageApi();
    renderPortal({ api });
    const menu = await openHeaderMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Deutsch/ }));
    await waitFor(() => expect(i18next.language).toBe('de'));
    expect(updateLanguage).toHaveBeenCalledWith(3, expect.anything());
    // the side menu speaks German now
    expect(await screen.findAllByRole('link', { name: 'Einstellungen' })).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Sprache: Deutsch' })).toBeInTheDocument();
  });

  it('does nothing when the language already shown is chosen', async () => {
    const user = userEvent.setup();
    const { api, updateLanguage } = languageApi();
    renderPortal({ api });
    const menu = await openHeaderMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /English/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(updateLanguage).not.toHaveBeenCalled();
    expect(i18next.language).toBe('en');
  });

  it('keeps the interface and says so when the server refuses, and trying again works', async () => {
    const user = userEvent.setup();
    const { api, updateLanguage } = languageApi();
    updateLanguage.mockRejectedValueOnce(
      new ApiError({ kind: 'http', call: 'POST baf/update-language/', status: 503 }, 'HTTP 503'),
    );
    renderPortal({ api });
    const menu = await openHeaderMenu(user);
    await user.click(within(menu).getByRole('menuitem', { name: /Deutsch/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The language could not be changed to Deutsch. The portal stays as it was.',
    );
    expect(i18next.language).toBe('en');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(i18next.language).toBe('de'));
    expect(updateLanguage).toHaveBeenCalledTimes(2);
  });

  it('picks العربية in the settings section, which turns the interface right to left', async () => {
    const user = userEvent.setup();
    const { api } = languageApi();
    renderPortal({ api, path: '/settings/language/' });
    const english = await screen.findByRole(
      'button',
      { name: /English/, pressed: true },
      { timeout: 60_000 },
    );
    expect(english).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: /العربية/ })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: /العربية/ }));
    await waitFor(() => expect(i18next.language).toBe('ar'));
    expect(i18next.dir()).toBe('rtl');
    expect(await screen.findByRole('button', { name: /العربية/, pressed: true })).toBeInTheDocument();
  });

  it('is not offered in demo mode', async () => {
    const { api } = languageApi();
    renderPortal({ api, claims: demoClaims });
    expect(
      await screen.findByRole('button', { name: 'Dark theme' }, { timeout: 60_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Language/ })).not.toBeInTheDocument();
  });
});
