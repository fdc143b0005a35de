import type { Inspection, InspectionBridge } from './live-bridge';
import { newTabId } from './messages';

/**
 * The readers of the actors' inspection events (bridge.ts) with their code loaded after the
 * start (the login route's budget): what the actors do meanwhile is kept and handed over when it
 * arrives, and dropped if it cannot be fetched (offline), so nothing piles up.
 */
export function lazyInspectionBridge(apiBase: string): InspectionBridge {
  const tab = newTabId();
  const early: Inspection[] = [];
  let forward: ((event: Inspection) => void) | undefined;
  import('./bridge').then(
    ({ createPortalInspection }) => {
      forward = createPortalInspection(apiBase, tab);
      for (const event of early.splice(0)) forward(event);
    },
    () => {
      forward = () => undefined;
      early.length = 0;
    },
  );
  return {
    tab,
    inspect: (event) => {
      if (forward) forward(event);
      else early.push(event);
    },
  };
}
