import { useEffect, useMemo, useRef } from 'react';

/** How long a fetched file's object URL lives: long enough for the new tab or the download to read it. */
const FILE_URL_LIFETIME_MS = 60_000;

/** Releases a file's object URL once the tab or the download has had time to read it. */
export function releaseLater(url: string) {
  setTimeout(() => URL.revokeObjectURL(url), FILE_URL_LIFETIME_MS);
}

/**
 * A tab for a file that needs the bearer token (an invoice, a document): opened blank during the click
 * (a later `window.open` would be blocked as a pop-up), pointed at the file's object URL once a machine
 * has fetched it, and closed again when the fetch fails (`failed`) or no tab is wanted after all.
 */
export function usePendingTab(failed: boolean) {
  const pendingTab = useRef<Window | null>(null);

  useEffect(() => {
    if (failed) {
      pendingTab.current?.close();
      pendingTab.current = null;
    }
  }, [failed]);

  return useMemo(
    () => ({
      /** call during the click */
      open() {
        pendingTab.current = window.open('', '_blank');
        if (pendingTab.current) pendingTab.current.opener = null;
      },
      /** the file is there: shown in the pending tab, or a new one if it was closed meanwhile */
      show(url: string) {
        const tab = pendingTab.current;
        pendingTab.current = null;
        if (tab && !tab.closed) tab.location.href = url;
        else window.open(url, '_blank', 'noopener');
        releaseLater(url);
      },
      /** no tab after all (the file is saved instead) */
      discard() {
        pendingTab.current?.close();
        pendingTab.current = null;
      },
    }),
    [],
  );
}
