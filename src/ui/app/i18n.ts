import i18next, { type i18n as I18n, type InitOptions } from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
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

/**
 * Each language is its own chunk, fetched only when chosen (plus English as the fallback),
 * so the login screen does not pay for nine translations. The `studio` namespace is a chunk of its
 * own per language too, loaded when the statechart studio asks for it (`useTranslation('studio')`).
 */
export async function initI18n(instance: I18n = i18next): Promise<I18n> {
  instance.on('languageChanged', (language) => applyDocumentLanguage(instance, language));
  await instance
    .use(languageDetector)
    .use(
      resourcesToBackend((language: string, namespace: string) =>
        // the statechart studio's texts load with the studio, never with the login screen
        namespace === 'studio'
          ? import(`../../locales/studio/${language}.json`)
          : import(`../../locales/${language}.json`),
      ),
    )
    .use(initReactI18next)
    .init(options);
  return instance;
}
