import { addTexts } from '../../app/i18n';

// The studio's own namespace, one chunk per language, loaded with the studio (never with the login route):
// importing this module tells i18next where the texts are; `useTranslation('studio')` then loads them.
const studioTexts = import.meta.glob<Record<string, unknown>>('../../../locales/studio/*.json', {
  import: 'default',
});

void addTexts(
  'studio',
  async (language) => (await studioTexts[`../../../locales/studio/${language}.json`]?.()) ?? {},
);
