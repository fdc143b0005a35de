import type { i18n as I18n } from 'i18next';

/** Screen readers, hyphenation and the browser's right-to-left layout all read `lang` and `dir` on <html>. */
export function applyDocumentLanguage(i18n: I18n, language: string): void {
  const root = document.documentElement;
  root.lang = language;
  root.dir = i18n.dir(language);
}
