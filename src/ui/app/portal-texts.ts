import type { i18n as I18n } from 'i18next';
import { addTexts } from './i18n';

// The texts of the portal behind the login (and of registration and password reset): every group the
// login route does not show (vite-plugins/locale-parts.ts), one chunk per language.
const portalTexts = import.meta.glob<Record<string, unknown>>('../../locales/*.json', {
  query: { part: 'portal' },
  import: 'default',
});

/** Loads the portal's texts for the languages loaded so far, and with every language loaded later. */
export const loadPortalTexts = (instance?: I18n) =>
  addTexts(
    'translation',
    async (language) => (await portalTexts[`../../locales/${language}.json`]?.()) ?? {},
    instance,
  );
