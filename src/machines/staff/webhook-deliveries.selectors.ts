import type { SnapshotFrom } from 'xstate';
import type { webhookDeliveriesMachine } from './webhook-deliveries.machine';

export type WebhookDeliveriesSnapshot = SnapshotFrom<typeof webhookDeliveriesMachine>;

export const selectDeliveriesLoading = (s: WebhookDeliveriesSnapshot) => s.matches('loading');
export const selectDeliveriesLoadFailed = (s: WebhookDeliveriesSnapshot) => s.matches('loadFailed');
export const selectDeliveriesEmpty = (s: WebhookDeliveriesSnapshot) => s.matches('empty');
export const selectDeliveriesShown = (s: WebhookDeliveriesSnapshot) => s.matches('shown');
export const selectDeliveries = (s: WebhookDeliveriesSnapshot) => s.context.deliveries;
/** the filter the shown list answers */
export const selectDeliveryFilter = (s: WebhookDeliveriesSnapshot) => s.context.filter;
/** the filter form as chosen and typed */
export const selectDeliveryDraft = (s: WebhookDeliveriesSnapshot) => s.context.draft;
export const selectDeliveryOrderProblem = (s: WebhookDeliveriesSnapshot) => s.context.orderProblem;
/** Older is offered: there are older deliveries and none are loading */
export const selectHasOlderDeliveries = (s: WebhookDeliveriesSnapshot) =>
  s.matches('shown') && s.context.nextBefore !== null;
export const selectLoadingOlderDeliveries = (s: WebhookDeliveriesSnapshot) =>
  s.matches({ shown: 'loadingOlder' });
export const selectOlderDeliveriesFailed = (s: WebhookDeliveriesSnapshot) =>
  s.matches({ shown: 'olderFailed' });
export type ReplayStep = 'replaying' | 'failed' | 'alreadyDelivered';
/** the replay of the delivery with this id: under way, failed or refused; null for every other row */
export const selectReplayStep = (s: WebhookDeliveriesSnapshot, id: number): ReplayStep | null => {
  if (s.context.replayingId !== id) return null;
  if (s.matches({ shown: 'replaying' })) return 'replaying';
  if (s.matches({ shown: 'replayFailed' })) return 'failed';
  if (s.matches({ shown: 'replayRefused' })) return 'alreadyDelivered';
  return null;
};
/** a replay runs: the other rows' Replay waits */
export const selectIsReplaying = (s: WebhookDeliveriesSnapshot) => s.matches({ shown: 'replaying' });
