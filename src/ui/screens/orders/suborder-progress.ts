import type { IsoDateTime, Suborder } from '../../../domain/types';
import { isSuborderLifeState, suborderLifeStates } from '../../../machines/orders';

/** Where a step stands: passed, the one the suborder is in, or still ahead. */
type ProgressStage = 'done' | 'current' | 'upcoming';

export interface ProgressStep {
  /** a state of the suborder chart, or one a backend reported that the chart does not know */
  state: string;
  /** when the suborder reached it, where known */
  at: IsoDateTime | null;
  stage: ProgressStage;
}

/** A delivery's way through the chart: every state but cancelled, which ends the way instead. */
const mainPath = suborderLifeStates.filter((state) => state !== 'cancelled');

/**
 * The steps the order detail draws for a suborder: placed, each state the supplier reported (the
 * first time it reached it) and the one it is in now, then the main path's states still ahead. A
 * state it passed without a report (confirmed without "received") is left out rather than claimed;
 * after cancelled, or in a state the chart does not know, nothing lies ahead. Null when the backend
 * sends no timeline: the suborder shows its status alone, as before.
 */
export function suborderProgress(
  suborder: Pick<Suborder, 'status' | 'createdAt' | 'timeline'>,
): ProgressStep[] | null {
  const { timeline, status } = suborder;
  if (timeline === undefined) return null;
  const reachedAt = new Map<string, IsoDateTime>([['processing', suborder.createdAt]]);
  for (const step of timeline) if (!reachedAt.has(step.state)) reachedAt.set(step.state, step.at);
  const passed: ProgressStep[] = [...reachedAt]
    .filter(([state]) => state !== status)
    .map(([state, at]) => ({ state, at, stage: 'done' }));
  const current: ProgressStep = { state: status, at: reachedAt.get(status) ?? null, stage: 'current' };
  const ahead =
    isSuborderLifeState(status) && status !== 'cancelled'
      ? mainPath.slice(mainPath.indexOf(status) + 1).filter((state) => !reachedAt.has(state))
      : [];
  return [
    ...passed,
    current,
    ...ahead.map((state): ProgressStep => ({ state, at: null, stage: 'upcoming' })),
  ];
}
