import type { LanguagesTable } from '../db/schema';

/** The nine interface languages, in the order the language picker lists them. */
export const languageRows: LanguagesTable[] = [
  { id: 1, code: 'en', name: 'English', flag: '🇬🇧', position: 1 },
  { id: 2, code: 'tr', name: 'Türkçe', flag: '🇹🇷', position: 2 },
  { id: 3, code: 'de', name: 'Deutsch', flag: '🇩🇪', position: 3 },
  { id: 4, code: 'ar', name: 'العربية', flag: '🇸🇦', position: 4 },
  { id: 5, code: 'es', name: 'Español', flag: '🇪🇸', position: 5 },
  { id: 6, code: 'fr', name: 'Français', flag: '🇫🇷', position: 6 },
  { id: 7, code: 'it', name: 'Italiano', flag: '🇮🇹', position: 7 },
  { id: 8, code: 'nn', name: 'Nynorsk', flag: '🇳🇴', position: 8 },
  { id: 9, code: 'sv', name: 'Svenska', flag: '🇸🇪', position: 9 },
];
