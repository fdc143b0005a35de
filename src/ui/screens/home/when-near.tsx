import { type ReactNode, useEffect, useRef, useState } from 'react';

/** How far below the screen a section starts drawing: far enough that a scroll meets it drawn. */
const AHEAD = '300px 0px';

/**
 * Draws its children once they come within a screen of the viewport, and keeps them from then on.
 * The signed-in home is long on a phone, and drawing the product tables and brands
 * below the first screen at start was most of its blocking time; until then a placeholder of
 * `reserve` height holds their place, below the screen, where growing moves nothing the reader sees.
 * Without IntersectionObserver (old browsers, jsdom) the children draw at once.
 */
export function WhenNear({ reserve, children }: { reserve: string; children: ReactNode }) {
  const placeholder = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = placeholder.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  if (near) return children;
  return <div ref={placeholder} data-when-near style={{ minBlockSize: reserve }} aria-hidden="true" />;
}
