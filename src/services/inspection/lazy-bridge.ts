import type { Inspection, InspectionBridge } from './bridge';
import { newTabId } from './messages';

/**
 * The inspection bridge with its code loaded after the start (the login route's budget): what the actors
 * do meanwhile is kept and handed over when it arrives, and dropped if it cannot be fetched (offline), so
 * nothing piles up.
 */
export function lazyInspectionBridge(): InspectionBridge {
  const tab = newTabId();
  const early: Inspection[] = [];
  let forward: ((event: Inspection) => void) | undefined;
  import('./bridge').then(
    ({ createInspectionBridge }) => {
      forward = createInspectionBridge(undefined, tab).inspect;
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
