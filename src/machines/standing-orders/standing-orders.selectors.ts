import type { SnapshotFrom } from 'xstate';
import type { StandingOrder } from '../../services/api/wire/standing-orders';
import type { standingOrdersResource } from './standing-orders.resource';

export type StandingOrdersSnapshot = SnapshotFrom<typeof standingOrdersResource>;
export type StandingOrdersStatus = 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected' | 'unavailable';

export const selectStandingOrdersStatus = (s: StandingOrdersSnapshot): StandingOrdersStatus =>
  s.value as StandingOrdersStatus;
/** The series, active and paused first, ended last; empty until loaded. */
export const selectStandingOrders = (s: StandingOrdersSnapshot): StandingOrder[] =>
  [...(s.context.value ?? [])].sort(
    (a, b) => Number(a.status === 'ended') - Number(b.status === 'ended') || a.id - b.id,
  );
