import { useEffect, useEffectEvent, useRef } from 'react';

// A layer over a page (the product dialog) is no page of its own, yet a buyer presses Back to leave it, and
// Back that left the page instead would lose the list, its filters and its scroll. So an opened layer gets
// a history entry of the same address, marked with the opening's number in the entry's state.

const KEY = 'portalLayer';
let openings = 0;

const layerIn = (state: unknown): unknown =>
  typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[KEY] : undefined;

/**
 * Back closes the layer while `open` (`onBack` closes it) and stays on the page. A layer closed any
 * other way takes its entry along (history.back()), so the next Back leaves the page as it should; a
 * link that leaves the layer for another page should replace the layer's entry (`<Link replace>`).
 */
export function useBackCloses(open: boolean, onBack: () => void) {
  const entry = useRef<number | null>(null);
  const closeOnBack = useEffectEvent(onBack);

  useEffect(() => {
    const popped = () => {
      if (entry.current === null || layerIn(window.history.state) === entry.current) return;
      entry.current = null;
      closeOnBack();
    };
    window.addEventListener('popstate', popped);
    return () => window.removeEventListener('popstate', popped);
  }, []);

  // Acts on changes only, never in a cleanup: StrictMode's second run finds its entry already there.
  useEffect(() => {
    const current = layerIn(window.history.state);
    if (open && (entry.current === null || current !== entry.current)) {
      openings += 1;
      entry.current = openings;
      window.history.pushState({ ...(window.history.state ?? {}), [KEY]: openings }, '');
    } else if (!open && entry.current !== null) {
      const ours = current === entry.current;
      entry.current = null;
      if (ours) window.history.back();
    }
  }, [open]);
}
