import { useDeferredValue } from 'react';

const NOTHING: readonly never[] = [];

/**
 * A list of the home below the first screen (the featured and newest products, the brands), drawn
 * in the background: React renders a deferred value in a transition, in slices of a few
 * milliseconds, so forty product rows arriving at once do not block the phone's main thread in one
 * long task. Until its first drawing is done the section keeps its loading line; a later change
 * (a reload, another language) keeps showing the previous rows meanwhile.
 *
 * `drawAtMount`: a list already there when its section mounts is drawn with it, for a section that is
 * itself mounted in the background (the campaign carousel, the home's largest paint); only a list
 * arriving later is drawn in the background.
 */
export function useBackgroundList<T, S extends string>(
  list: readonly T[],
  status: S,
  { drawAtMount = false }: { drawAtMount?: boolean } = {},
): { list: readonly T[]; status: S | 'loading' } {
  const deferred = useDeferredValue<readonly T[]>(list, drawAtMount ? undefined : NOTHING);
  const firstDrawingPending = deferred !== list && deferred.length === 0 && list.length > 0;
  return firstDrawingPending ? { list: deferred, status: 'loading' } : { list: deferred, status };
}

/**
 * `value` as it is, except its first arrival (from nothing to something), which is drawn in the
 * background, in the same background pass as the rest of what arrived with it: the home's
 * notification banner and announcements, whose arrival settles the top of the home. Later changes (a
 * "Mark as read", a reload) are drawn at once.
 */
export function useFirstArrivalInBackground<T>(value: T, isNothing: (value: T) => boolean): T {
  const deferred = useDeferredValue(value);
  return isNothing(deferred) ? deferred : value;
}
