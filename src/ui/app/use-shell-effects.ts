import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { selectTheme } from '../../machines/app';
import { usePreferencesRef, useSessionRef } from '../hooks/use-app-actor';
import { useConfiguration } from '../hooks/use-configuration';
import { supportedLanguages } from './languages';
import { signInPaths as paths } from './sign-in-paths';

/**
 * What the machines ask of the outside world and cannot do themselves (they import no router):
 * leave the /auth/* flows after signing in, speak the account's language, put the theme on <html>, and name the
 * tab
 * after the supplier.
 */
export function useShellEffects() {
  const session = useSessionRef();
  const preferences = usePreferencesRef();
  const [location, navigate] = useLocation();

  // Spec point 4: signing in (also again after a language change) picks up the account's language
  // (a claim of the refresh token). Only then: a restored session keeps what this browser chose, and a
  // `?lng=` in the address wins.
  const { i18n } = useTranslation();
  useEffect(() => {
    const subscription = session.on('session.signedIn', ({ language }) => {
      const supported = supportedLanguages.find((code) => code === language);
      const chosenInAddress = new URLSearchParams(window.location.search).has('lng');
      if (supported && !chosenInAddress && i18n.resolvedLanguage !== supported)
        void i18n.changeLanguage(supported);
      // The address the login screen replaced (a deep link, the page a session expired on) is where
      // signing in lands: only the /auth/* flows, which are no portal page, give way to the home.
      if (location.startsWith(paths.auth)) navigate(paths.home);
    });
    return () => subscription.unsubscribe();
  }, [session, location, navigate, i18n]);

  const dark = useSelector(preferences, selectTheme) === 'dark';
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);

  const siteName = useConfiguration()?.siteName;
  useEffect(() => {
    if (siteName) document.title = siteName;
  }, [siteName]);
}
