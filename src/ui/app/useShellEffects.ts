import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { selectLanguage } from '../../machines/session.selectors';
import { usePreferencesRef, useSessionRef } from './AppActorContext';
import { supportedLanguages } from './languages';
import { paths } from './paths';
import { useConfiguration } from './useConfiguration';

/**
 * What the machines ask of the outside world and cannot do themselves (they import no router):
 * go home after signing in, speak the account's language, put the theme on <html>, and name the tab
 * after the supplier.
 */
export function useShellEffects() {
  const session = useSessionRef();
  const preferences = usePreferencesRef();
  const [, navigate] = useLocation();

  useEffect(() => {
    const subscription = session.on('session.signedIn', () => navigate(paths.home));
    return () => subscription.unsubscribe();
  }, [session, navigate]);

  // The account's language (a claim of the refresh token) is the customer's choice: once signed in,
  // the interface speaks it, as it will after a language change (spec point 4, Language change).
  const { i18n } = useTranslation();
  const accountLanguage = useSelector(session, selectLanguage);
  useEffect(() => {
    const supported = supportedLanguages.find((code) => code === accountLanguage);
    if (supported && i18n.resolvedLanguage !== supported) void i18n.changeLanguage(supported);
  }, [accountLanguage, i18n]);

  const dark = useSelector(preferences, (snapshot) => snapshot.matches({ theme: 'dark' }));
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);

  const siteName = useConfiguration()?.siteName;
  useEffect(() => {
    if (siteName) document.title = siteName;
  }, [siteName]);
}
