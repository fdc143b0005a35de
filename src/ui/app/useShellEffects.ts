import { useSelector } from '@xstate/react';
import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'wouter';
import { usePreferencesRef, useSessionRef } from './AppActorContext';
import { paths } from './paths';
import { useConfiguration } from './useConfiguration';

/**
 * What the machines ask of the outside world and cannot do themselves (they import no router):
 * go home after signing in, put the theme on <html>, and name the tab after the supplier.
 */
export function useShellEffects() {
  const session = useSessionRef();
  const preferences = usePreferencesRef();
  const [, navigate] = useLocation();

  useEffect(() => {
    const subscription = session.on('session.signedIn', () => navigate(paths.home));
    return () => subscription.unsubscribe();
  }, [session, navigate]);

  const dark = useSelector(preferences, (snapshot) => snapshot.matches({ theme: 'dark' }));
  useLayoutEffect(() => {
    document.documentElement.classList.toggle('dark', dark);
  }, [dark]);

  const siteName = useConfiguration()?.siteName;
  useEffect(() => {
    if (siteName) document.title = siteName;
  }, [siteName]);
}
