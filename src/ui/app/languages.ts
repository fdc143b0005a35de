/** The nine interface languages of spec point 1; English is the default and the fallback. */
export const supportedLanguages = ['en', 'tr', 'de', 'ar', 'es', 'fr', 'it', 'nn', 'sv'] as const;
export type SupportedLanguage = (typeof supportedLanguages)[number];
export const fallbackLanguage: SupportedLanguage = 'en';
