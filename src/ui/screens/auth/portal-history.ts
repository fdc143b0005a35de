import { useLayoutEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { signInPaths as paths } from '../../app/sign-in-paths';

// A tab opened straight on an /auth/* screen (a bookmark, the reset e-mail's link) has no portal page
// behind it: the browser's Back, and a Back button's history.back(), would leave the portal for a blank
// page. Such a tab gets the login screen put behind the screen.

interface NavigationEntries {
  currentEntry: { index: number } | null;
}

/**
 * Whether Back stays in the portal. The Navigation API counts only this origin's entries (index 0: the
 * first portal page of the tab); without it, a tab with a single entry has nothing behind it.
 */
export function hasPortalPageBehind(): boolean {
  const navigation = (window as Window & { navigation?: NavigationEntries }).navigation;
  const entry = navigation?.currentEntry;
  if (entry) return entry.index > 0;
  return window.history.length > 1;
}

/**
 * Puts the login screen behind the auth screen the tab opened on: the entry becomes the login screen and
 * the screen is pushed again on top, so Back lands on the login screen. Once only: afterwards (a reload
 * included) there is a portal page behind. False until done: the screens render after it, so a flow
 * that moves on at once (a direct visit to the code step goes to the e-mail step) moves from the pushed
 * entry. A layout effect: done before the first paint.
 */
export function useLoginBehindFreshTab(): boolean {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const [done, setDone] = useState(false);
  useLayoutEffect(() => {
    // on arrival only: the flows' own steps are pushed by the flows
    if (done) return;
    if (!hasPortalPageBehind()) {
      const here = `${paths.auth}${location}${search ? `?${search}` : ''}${window.location.hash}`;
      navigate(`~${paths.home}`, { replace: true });
      navigate(`~${here}`);
    }
    setDone(true);
  }, [done, location, search, navigate]);
  return done;
}
