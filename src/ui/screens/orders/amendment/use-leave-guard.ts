import { type RefObject, useEffect, useRef } from 'react';

/**
 * While a draft has unsent changes, leaving asks first: a reload or a closed tab through the browser's
 * own question, a link inside the portal through the draft's (`ask`), which remembers where the link
 * went so that "Discard changes" goes on there. Answers that place (null when nothing waits).
 */
export function useLeaveGuard(unsent: boolean, ask: () => void): RefObject<string | null> {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    if (!unsent) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    // capture, before the router's own click handler on the link sees it
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!anchor || (anchor.target && anchor.target !== '_self')) return;
      const url = new URL(anchor.href, globalThis.location.href);
      if (url.origin !== globalThis.location.origin) return;
      event.preventDefault();
      event.stopPropagation();
      pending.current = `${url.pathname}${url.search}${url.hash}`;
      ask();
    };
    globalThis.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      globalThis.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [unsent, ask]);
  return pending;
}
