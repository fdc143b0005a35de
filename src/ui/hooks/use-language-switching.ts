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
 *
 * Whenever i18next has switched (this change, a sign-in in the account's language), the machine hears
 * it, so the lists on screen are fetched again in the new language. Not before: the calls send the
 * interface language, which changes only once its texts have arrived.
 */
export function useLanguageSwitching() {
  const { i18n } = useTranslation();
  const languageChange = useSelector(useAppActor(), selectLanguageChangeRef);
  useEffect(() => {
    if (!languageChange) return;
    const subscription = languageChange.on('language.switched', ({ language }) => {
      void i18n.changeLanguage(language);
    });
    const applied = () => languageChange.send({ type: 'language.applied' });
    i18n.on('languageChanged', applied);
    return () => {
      subscription.unsubscribe();
      i18n.off('languageChanged', applied);
    };
  }, [languageChange, i18n]);
}
