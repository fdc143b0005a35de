import i18next, { type BackendModule, type i18n as I18n, type InitOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { applyDocumentLanguage } from './document-language';
import { languageDetector } from './language-detector';
import { fallbackLanguage, supportedLanguages } from './languages';

const options: InitOptions = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: fallbackLanguage,
  // 'de-AT' from the browser resolves to 'de'; no region files exist.
  load: 'languageOnly',
  // Spec point 9: the loader retries 5 times, 350 ms apart, with at most 10 reads in flight.
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  interpolation: { escapeValue: false },
};

type Texts = Record<string, unknown>;
// Each file its own chunk, fetched when asked for. Globs rather than `import(\`…/${language}.json\`)`, whose
// resolver helper the login route paid 0.3 kB for (issue 15, budget 130 kB gzip).
const interfaceTexts = import.meta.glob<Texts>('../../locales/*.json', { import: 'default' });
const studioTexts = import.meta.glob<Texts>('../../locales/studio/*.json', { import: 'default' });

/**
 * i18next's backend: a language's texts are its chunk's JSON. Ten lines instead of
 * i18next-resources-to-backend, whose 0.6 kB the login route could not afford (issue 15, budget 130 kB
 * gzip); only supported languages are asked for.
 */
const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    // the statechart studio's texts load with the studio, never with the login screen
    const load =
      namespace === 'studio'
        ? studioTexts[`../../locales/studio/${language}.json`]
        : interfaceTexts[`../../locales/${language}.json`];
    if (!load) return callback(new Error(`No texts for ${language}/${namespace}`), false);
    load().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Each language is its own chunk, fetched only when chosen (plus English as the fallback),
 * so the login screen does not pay for nine translations. The `studio` namespace is a chunk of its
 * own per language too, loaded when the statechart studio asks for it (`useTranslation('studio')`).
 */
export async function initI18n(instance: I18n = i18next): Promise<I18n> {
  instance.on('languageChanged', (language) => applyDocumentLanguage(instance, language));
  await instance.use(languageDetector).use(localeChunks).use(initReactI18next).init(options);
  return instance;
}
