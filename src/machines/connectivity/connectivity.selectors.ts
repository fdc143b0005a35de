import type { SnapshotFrom } from 'xstate';
import type { connectivityMachine } from './connectivity.machine';

type ConnectivitySnapshot = SnapshotFrom<typeof connectivityMachine>;

/** Which banner the signed-in shell shows about the connection; `none` when all is sent and online. */
export type ConnectionBanner =
  | 'none'
  | 'offline'
  | 'syncing'
  | 'unreachable'
  | 'syncFailed'
  | 'changesRefused'
  | 'needsReview';

export function selectConnectionBanner(snapshot: ConnectivitySnapshot): ConnectionBanner {
  if (snapshot.matches('offline')) return 'offline';
  if (snapshot.matches('unreachable')) return 'unreachable';
  if (snapshot.matches('syncFailed')) return 'syncFailed';
  if (snapshot.matches('changesRefused')) return 'changesRefused';
  if (snapshot.matches('needsReview')) return 'needsReview';
  if (snapshot.hasTag('busy')) return 'syncing';
  return 'none';
}

export const selectWaitingChanges = (snapshot: ConnectivitySnapshot) => snapshot.context.waitingChanges;
export const selectWaitingOrders = (snapshot: ConnectivitySnapshot) => snapshot.context.waitingOrders;
/** the time the oldest saved answer on screen was saved: "prices as of" it */
export const selectCachedAsOf = (snapshot: ConnectivitySnapshot) => snapshot.context.cachedAsOf;
export const selectQueuedOrderReview = (snapshot: ConnectivitySnapshot) =>
  snapshot.matches('needsReview') ? snapshot.context.review : null;
/** "Send as it is" is offered: the chart takes it (only prices changed; a refusal or a missed day is the server's no) */
export const selectCanSendAsIs = (snapshot: ConnectivitySnapshot) =>
  snapshot.can({ type: 'review.sentAsIs' });
export const selectRefusedChanges = (snapshot: ConnectivitySnapshot) => snapshot.context.refused;
