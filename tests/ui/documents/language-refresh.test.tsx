import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language, PortalDocument } from '../../../src/domain/types';
import de from '../../../src/locales/de.json';
import { aDocument } from '../../../src/test/builders';
import { catalogueApi, deferred, renderPortal } from '../catalogue/support';

// The documents screen is a lazy chunk: loading it once here keeps that cost out of each test.
await import('../../../src/ui/screens/documents/documents-screen');

const languages: Language[] = [
  { id: 1, code: 'en', name: 'English', flag: '' },
  { id: 3, code: 'de', name: 'Deutsch', flag: '' },
];

const priceList = (name: string): PortalDocument => aDocument({ id: 'doc-3', type: 'price_list', name });

beforeAll(() => {
  i18next.addResourceBundle('de', 'translation', de);
});
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});

describe('documents after a language switch', { timeout: 60_000 }, () => {
  it('shows the titles in the new language without a reload, the old list staying until the new one arrives', async () => {
    const user = userEvent.setup();
    const german = deferred<PortalDocument[]>();
    renderPortal({
      path: '/documents/',
      api: catalogueApi({
        languages: async () => languages,
        updateLanguage: async () => undefined,
        // the server answers titles in the request's language, which is the interface language
        documents: () =>
          i18next.language === 'de' ? german.promise : Promise.resolve([priceList('Price list 2027')]),
      }),
    });
    expect(await screen.findByText('Price list 2027', {}, { timeout: 60_000 })).toBeInTheDocument();

    const button = await screen.findByRole('button', { name: 'Language: English' });
    await waitFor(() => expect(button).toBeEnabled());
    await user.click(button);
    await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: /Deutsch/ }));

    // the interface is German, the German titles are on their way: the list stays shown meanwhile
    expect(await screen.findByRole('heading', { level: 1, name: de.documents.title })).toBeInTheDocument();
    expect(screen.getByText('Price list 2027')).toBeInTheDocument();

    german.resolve([priceList('Preisliste 2027')]);
    expect(await screen.findByText('Preisliste 2027')).toBeInTheDocument();
    expect(screen.queryByText('Price list 2027')).not.toBeInTheDocument();
  });
});
