import { getNextSnapshot } from 'xstate';
import { type SuborderLifeEvent, suborderLifeMachine } from './suborder-life.machine';

/** The states of a suborder's life, in the order a delivery goes through them. */
export const suborderLifeStates = [
  'processing',
  'received',
  'confirmed',
  'picking',
  'shipped',
  'delivered',
  'invoiced',
  'cancelled',
] as const;
export type SuborderLifeState = (typeof suborderLifeStates)[number];

/** A suborder in one of these is no open work: its order is finalized when all its suborders are. */
export const closedSuborderStates: readonly SuborderLifeState[] = ['delivered', 'invoiced', 'cancelled'];

/** The reports the integration API takes (`type` of a suborder event), and the chart event each sends. */
export const suborderReportTypes = {
  received: 'suborder.received',
  confirmed: 'suborder.confirmed',
  picking: 'suborder.pickingStarted',
  shipped: 'suborder.shipped',
  delivered: 'suborder.delivered',
  invoiced: 'suborder.invoiced',
  cancelled: 'suborder.cancelled',
} as const satisfies Record<string, SuborderLifeEvent['type']>;
export type SuborderReportType = keyof typeof suborderReportTypes;

export const isSuborderLifeState = (status: string): status is SuborderLifeState =>
  (suborderLifeStates as readonly string[]).includes(status);

/**
 * The state a suborder in `current` moves to on `report`, or null when the chart has no such
 * transition (an impossible report: delivered before shipped, anything after cancelled…). A status
 * the chart does not know (rows older than it) moves nowhere.
 */
export function suborderStateAfter(current: string, report: SuborderReportType): SuborderLifeState | null {
  if (!isSuborderLifeState(current)) return null;
  const snapshot = suborderLifeMachine.resolveState({ value: current, context: undefined });
  const event = { type: suborderReportTypes[report] } as SuborderLifeEvent;
  if (!snapshot.can(event)) return null;
  const next = getNextSnapshot(suborderLifeMachine, snapshot, event);
  return next.value as SuborderLifeState;
}
