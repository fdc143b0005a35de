import { flowUsageSwitch } from '../flow-usage/flow-usage-switch';
import { createInspectionBridge, type Inspection } from './live-bridge';

/**
 * Everything that reads the portal's inspection events, in the one chunk the start loads late
 * (lazy-bridge.ts): the studio's Live view, and the coverage overlay's recorder, which stays off
 * unless a browser journey or the supplier (the `flowUsage` capability) asks for it.
 */
export function createPortalInspection(apiBase: string, tab: string): (event: Inspection) => void {
  const live = createInspectionBridge(undefined, tab).inspect;
  const usage = flowUsageSwitch(apiBase, () =>
    import('../../studio/taken-transition-of').then((keys) => keys.takenTransitionOf),
  );
  return (event) => {
    live(event);
    usage(event);
  };
}
