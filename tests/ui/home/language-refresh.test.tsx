import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Announcement, AppNotification, Category, Language } from '../../../src/domain/types';
import de from '../../../src/locales/de.json';
import { anAnnouncement } from '../../../src/test/builders';
import { catalogueApi, deferred, firstNotification, renderPortal } from '../catalogue/support';

const languages: Language[] = [
  { id: 1, code: 'en', name: 'English', flag: '' },
  { id: 3, code: 'de', name: 'Deutsch', flag: '' },
];

// The server answers texts in the request's language; the browser sends the interface language.
const inInterfaceLanguage = <T,>(english: T, german: T) => (i18next.language === 'de' ? german : english);

const categoriesIn = {
  en: [
    { id: 3, name: 'Soft Drinks & Water' },
    { id: 2, name: 'Dairy & Cheese' },
  ] satisfies Category[],
  de: [
    { id: 3, name: 'Erfrischungsgetränke & Wasser' },
    { id: 2, name: 'Milchprodukte & Käse' },
  ] satisfies Category[],
};
const announcement = (name: string): Announcement =>
  anAnnouncement({ id: 1, name, type: 'info', read: false });
const notification = (name: string): AppNotification => ({ ...firstNotification, name });

function languageAwareApi() {
  return catalogueApi({
    languages: async () => languages,
    updateLanguage: async () => undefined,
    categories: async () => inInterfaceLanguage(categoriesIn.en, categoriesIn.de),
    announcements: async () => [
      inInterfaceLanguage(announcement('New delivery day'), announcement('Neuer Liefertag')),
    ],
    notifications: async () => [
      inInterfaceLanguage(
        notification('Your order is on its way'),
        notification('Ihre Bestellung ist unterwegs'),
      ),
    ],
  });
}

async function chooseGerman(user: ReturnType<typeof userEvent.setup>) {
  const button = await screen.findByRole('button', { name: 'Language: English' }, { timeout: 60_000 });
  await waitFor(() => expect(button).toBeEnabled());
  await user.click(button);
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Deutsch/ }));
}

beforeAll(() => {
  i18next.addResourceBundle('de', 'translation', de);
});
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

describe('home after a language switch', { timeout: 60_000 }, () => {
  it('shows the categories, announcements and notifications in the new language without a reload', async () => {
    const user = userEvent.setup();
    renderPortal({ api: languageAwareApi() });
    expect(
      await screen.findByRole('link', { name: 'Soft Drinks & Water' }, { timeout: 60_000 }),
    ).toBeVisible();
    expect(screen.getByText('New delivery day')).toBeInTheDocument();
    expect(screen.getByText('Your order is on its way')).toBeInTheDocument();

    await chooseGerman(user);

    expect(await screen.findByRole('link', { name: 'Erfrischungsgetränke & Wasser' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Milchprodukte & Käse' })).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Soft Drinks & Water' })).not.toBeInTheDocument();
    expect(await screen.findByText('Neuer Liefertag')).toBeInTheDocument();
    expect(await screen.findByText('Ihre Bestellung ist unterwegs')).toBeInTheDocument();
  });

  it('keeps the old category names on screen until the new ones arrive', async () => {
    const user = userEvent.setup();
    const german = deferred<Category[]>();
    const api = languageAwareApi();
    api.categories = async () => (i18next.language === 'de' ? german.promise : categoriesIn.en);
    renderPortal({ api });
    expect(await screen.findByRole('link', { name: 'Dairy & Cheese' }, { timeout: 60_000 })).toBeVisible();

    await chooseGerman(user);
    await waitFor(() => expect(i18next.language).toBe('de'));

    // no empty section and no loading line in between
    expect(screen.getByRole('link', { name: 'Dairy & Cheese' })).toBeVisible();
    german.resolve(categoriesIn.de);
    expect(await screen.findByRole('link', { name: 'Milchprodukte & Käse' })).toBeVisible();
  });
});
