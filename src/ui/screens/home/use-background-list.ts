import { useDeferredValue } from 'react';

const NOTHING: readonly never[] = [];

/**
 * A list of the home below the first screen (the featured and newest products, the brands), drawn
 * in the background (issue 15): React renders a deferred value in a transition, in slices of a few
 * milliseconds, so forty product rows arriving at once do not block the phone's main thread in one
 * long task. Until its first drawing is done the section keeps its loading line; a later change
 * (a reload, another language) keeps showing the previous rows meanwhile.
 */
export function useBackgroundList<T, S extends string>(
  list: readonly T[],
  status: S,
): { list: readonly T[]; status: S | 'loading' } {
  const deferred = useDeferredValue<readonly T[]>(list, NOTHING);
  const firstDrawingPending = deferred !== list && deferred.length === 0 && list.length > 0;
  return firstDrawingPending ? { list: deferred, status: 'loading' } : { list: deferred, status };
}
