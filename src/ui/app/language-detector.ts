import type { LanguageDetectorModule } from 'i18next';

/** Where the chosen language is remembered (the name i18next's own detector used, so choices carry over). */
const storageKey = 'i18nextLng';

function cookie(name: string): string | null {
  const found = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : null;
}

function stored(storage: () => Storage): string | null {
  try {
    return storage().getItem(storageKey);
  } catch {
    return null; // storage refused (private mode, blocked cookies): look further
  }
}

/**
 * Spec point 9's order: query string (`?lng=`), cookie (`i18next`), localStorage, sessionStorage,
 * the browser's languages, `<html lang>`; the choice is kept in localStorage. i18next takes the first
 * candidate it supports ('de-AT' resolves to 'de'). Written here rather than taken from
 * i18next-browser-languagedetector, whose 6 kB the login route could not afford.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () =>
    [
      new URLSearchParams(window.location.search).get('lng'),
      cookie('i18next'),
      stored(() => window.localStorage),
      stored(() => window.sessionStorage),
      ...(navigator.languages ?? [navigator.language]),
      document.documentElement.lang,
    ].filter((candidate): candidate is string => Boolean(candidate)),
  cacheUserLanguage: (language) => {
    try {
      window.localStorage.setItem(storageKey, language);
    } catch {
      // nothing to remember it in: the next visit detects it again
    }
  },
};
