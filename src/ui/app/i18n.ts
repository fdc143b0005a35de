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
  // Spec point 9: at most 10 reads in flight (the retries are `withRetries` below: i18next's own double
  // the wait each time, where the specification says 350 ms).
  maxParallelReads: 10,
  interpolation: { escapeValue: false },
};

type Texts = Record<string, unknown>;
// Each file its own chunk, fetched when asked for. Globs rather than `import(\`…/${language}.json\`)`, whose
// resolver helper the login route paid 0.3 kB for (budget 130 kB gzip). A language's texts come in parts
// (vite-plugins/locale-parts.ts): here only what the login route shows; the chunks that show the rest
// bring their own loader (`addTexts`): the signed-in portal's (portal-texts.ts) and the studio's.
const signInTexts = import.meta.glob<Texts>('../../locales/*.json', {
  query: { part: 'sign-in' },
  import: 'default',
});
type TextsOf = (language: string) => Promise<Texts>;
const laterTexts = new Map<string, TextsOf>();

/** Spec point 9: a chunk that fails is read again up to 5 times, 350 ms apart. */
async function withRetries(read: () => Promise<Texts>, retries = 5): Promise<Texts> {
  try {
    return await read();
  } catch (error) {
    if (!retries) throw error;
    await new Promise((resolve) => setTimeout(resolve, 350));
    return withRetries(read, retries - 1);
  }
}

async function textsOf(language: string, namespace: string): Promise<Texts> {
  const later = laterTexts.get(namespace);
  const [signIn, rest] = await Promise.all([
    namespace === 'translation' && signInTexts[`../../locales/${language}.json`]?.(),
    later?.(language),
  ]);
  // a loader added while this language was on its way
  const added = !later && laterTexts.get(namespace);
  return { ...signIn, ...rest, ...(added && (await added(language))) };
}

/**
 * i18next's backend: a language's texts are its chunks' JSON. A few lines instead of
 * i18next-resources-to-backend, whose 0.6 kB the login route could not afford; only supported
 * languages are asked for.
 */
const localeChunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    withRetries(() => textsOf(language, namespace)).then(
      (loaded) => callback(null, loaded),
      // not retryable: withRetries has tried; i18next gives up and says so (`failedLoading`)
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Adds a namespace's texts (or more of them) from a lazy chunk: for the languages loaded so far now, for
 * every language loaded later with it. The screens that show them wait for the promise before they render.
 */
export async function addTexts(namespace: string, load: TextsOf, instance: I18n = i18next): Promise<void> {
  laterTexts.set(namespace, load);
  await Promise.all(
    (instance.languages ?? []).map(async (language) =>
      instance.addResourceBundle(language, namespace, await withRetries(() => load(language)), true, false),
    ),
  );
}

/**
 * Each language is its own chunk, fetched only when chosen (plus English as the fallback),
 * so the login screen does not pay for nine translations.
 */
export async function initI18n(instance: I18n = i18next): Promise<I18n> {
  instance.on('languageChanged', (language) => applyDocumentLanguage(instance, language));
  await instance.use(languageDetector).use(localeChunks).use(initReactI18next).init(options);
  return instance;
}
