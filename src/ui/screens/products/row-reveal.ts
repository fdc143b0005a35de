import { startTransition } from 'react';

/**
 * Fills a virtual list's rows a few at a time. A jump through the list (the scrollbar thumb
 * dragged) mounts a whole screen of rows at once; drawn in one commit, their controls, star and price
 * are one long task, however the render itself was sliced. Each row first shows its placeholder and
 * asks to be filled in here; a frame fills the `perFrame` waiting rows nearest the top of the screen in
 * a transition (React renders it in slices and gives way to scrolling), and the next batch starts only
 * once that one is drawn, so no commit holds more than `perFrame` rows. A row scrolled away before its
 * turn costs nothing.
 */
export interface RowReveal {
  /**
   * Queues the fill-in of row `index`. Returns the cancel, which the row calls when it goes away and
   * once its fill-in is drawn (an effect's cleanup does both).
   */
  add: (index: number, reveal: () => void) => () => void;
  /** the first row on screen: rows are filled nearest to it first, those above it last */
  setAnchor: (index: number) => void;
}

const nextFrame = (run: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16);

/** a batch whose rows never report back (React dropped the render) does not hold up the others */
const BATCH_TIMEOUT_MS = 500;

export function createRowReveal(perFrame: number): RowReveal {
  const waiting = new Map<() => void, number>();
  const drawing = new Set<() => void>();
  let anchor = 0;
  let scheduled = false;
  let timeout: ReturnType<typeof setTimeout> | undefined;
  // rows on screen (at and below the anchor) before the rows drawn above it
  const distance = (index: number) => (index >= anchor ? index - anchor : anchor - index + 1_000_000);
  const run = () => {
    scheduled = false;
    const batch = [...waiting]
      .sort((a, b) => distance(a[1]) - distance(b[1]))
      .slice(0, perFrame)
      .map(([reveal]) => reveal);
    for (const reveal of batch) {
      waiting.delete(reveal);
      drawing.add(reveal);
    }
    startTransition(() => {
      for (const reveal of batch) reveal();
    });
    clearTimeout(timeout);
    timeout = setTimeout(() => {
      drawing.clear();
      schedule();
    }, BATCH_TIMEOUT_MS);
  };
  const schedule = () => {
    if (scheduled || drawing.size > 0 || waiting.size === 0) return;
    scheduled = true;
    nextFrame(run);
  };
  return {
    add: (index, reveal) => {
      waiting.set(reveal, index);
      schedule();
      return () => {
        waiting.delete(reveal);
        if (drawing.delete(reveal) && drawing.size === 0) clearTimeout(timeout);
        schedule();
      };
    },
    setAnchor: (index) => {
      anchor = index;
    },
  };
}
