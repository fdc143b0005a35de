import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { selectLanguageChangeRef } from '../../machines/app';
import { useAppActor } from './use-app-actor';

/**
 * Spec point 4: once the server has the new language and the session carries it, the interface
 * switches (i18next sets `lang` and `dir` on <html>, so Arabic turns right to left) and remembers the
 * choice for the next visit. Only a signed-in customer can change the language, so the signed-in
 * layout listens, not the login route.
 */
export function useLanguageSwitching() {
  const { i18n } = useTranslation();
  const languageChange = useSelector(useAppActor(), selectLanguageChangeRef);
  useEffect(() => {
    const subscription = languageChange?.on('language.switched', ({ language }) => {
      void i18n.changeLanguage(language);
    });
    return () => subscription?.unsubscribe();
  }, [languageChange, i18n]);
}
