import type { SnapshotFrom } from 'xstate';
import type { Capability } from '../../services/api/capabilities';
import type { capabilitiesMachine } from './capabilities.machine';

type CapabilitiesSnapshot = SnapshotFrom<typeof capabilitiesMachine>;

/**
 * Whether a screen offers what needs `name`: yes unless the backend is known to lack it. Before the
 * backend has answered (a moment at start) the screen is drawn as usual; a call it then turns out not
 * to have is answered as missing, and the screen degrades from there (the `capability.lost` event).
 */
export const selectHasCapability = (snapshot: CapabilitiesSnapshot, name: Capability): boolean =>
  !lacksCapability(snapshot, name);

/** Whether the backend has answered the question (a screen may wait for it rather than flash). */
export const selectCapabilitiesKnown = (snapshot: CapabilitiesSnapshot): boolean => snapshot.matches('known');

/**
 * Known to be absent (a call to skip): a call showed it missing, or the backend said what it has and
 * this is not among it.
 */
export const lacksCapability = (snapshot: CapabilitiesSnapshot, name: Capability): boolean =>
  snapshot.context.lost.includes(name) ||
  (snapshot.matches('known') && !snapshot.context.available.includes(name));
