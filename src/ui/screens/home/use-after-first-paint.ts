import { useEffect, useState } from 'react';

/**
 * False until the browser has painted the first render of the component, then true. The
 * home asks for what is not its largest paint (the latest orders, the import panel's chunks) only
 * then: Lighthouse counts every request that finished before that paint as holding it back.
 * `already`: true when there is nothing to wait for (what it guards is there already), so a second
 * visit draws at once, as before.
 */
export function useAfterFirstPaint(already = false): boolean {
  const [painted, setPainted] = useState(already);
  useEffect(() => {
    if (painted) return;
    // the frame after the first one: by then the first has been shown, not only drawn
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        timer = setTimeout(() => setPainted(true));
      });
    });
    let timer: ReturnType<typeof setTimeout> | undefined;
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}
