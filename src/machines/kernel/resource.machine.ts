import { assign, fromPromise, setup } from 'xstate';
import type { PortalApi } from '../../services/api';
import { provideReporting } from './error-reporting';
import { type ErrorInfo, toErrorInfo } from './errorInfo';
import { notBound } from './not-bound';

/** Fetches a resource's value; `signal` aborts when the resource is cleared mid-load. */
export type ResourceLoader<T> = (signal: AbortSignal) => Promise<T>;

export interface ResourceContext<T> {
  value: T | null;
  error: ErrorInfo | null;
}

export type ResourceEvent =
  | { type: 'resource.load' }
  | { type: 'resource.reload' }
  /**
   * What the server would answer now differs from what is shown or on its way (the interface
   * language changed, and texts come back per Accept-Language): fetch again, keeping what is shown.
   */
  | { type: 'resource.refresh' }
  | { type: 'resource.clear' };

/** A write elsewhere changed the loaded value (e.g. a notification marked read): the value as it is now. */
export type ResourcePatchedEvent<T> = { type: 'resource.patched'; value: T };

/**
 * A lazily loaded value (spec point 4, Data loading): new → loading → resolved |
 * rejected; reload keeps the value while it runs; clear → new from anywhere. A call the backend does
 * not have (`ErrorInfo.missingCall`) ends in `unavailable`, where nothing is retried or reported.
 * `resource.load` is a no-op once a value is there, so any view may send it. `resource.refresh`
 * fetches again whatever is shown or on its way, and leaves alone what nobody has asked for yet.
 */
export function createResourceMachine<T>(name: string) {
  return setup({
    types: {
      context: {} as ResourceContext<T>,
      events: {} as ResourceEvent | ResourcePatchedEvent<T>,
    },
    actors: {
      /** bound at the composition root with `bindResource` */
      load: notBound<T>(`${name}.load`),
    },
    guards: {
      /** the backend does not have the call (a capability it lacks): nothing to retry or report */
      isMissingCall: (_, params: { error: unknown }) => toErrorInfo(params.error).missingCall === true,
    },
    actions: {
      keepValue: assign((_, params: { value: T }) => ({ value: params.value, error: null })),
      keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
      forgetValue: assign({ value: null, error: null }),
      replaceValue: assign((_, params: { value: T }) => ({ value: params.value })),
      /** spec point 8: every failed load is reported, once; a no-op here, bound by `bindResource` */
      reportError: (_, _params: { error: unknown }) => undefined,
    },
  }).createMachine({
    id: name,
    context: { value: null, error: null },
    initial: 'new',
    on: {
      'resource.clear': { target: '.new', actions: 'forgetValue' },
    },
    states: {
      new: {
        description:
          'Nothing is shown yet: the data loads the first time a screen needs it (and again after a sign-out, which forgets it).',
        on: { 'resource.load': 'loading' },
      },
      loading: {
        description:
          'The screen that needs the data shows a loading message or placeholder while the server sends it.',
        // the answer on its way is in the old language: ask again rather than show it
        on: { 'resource.refresh': { target: 'loading', reenter: true } },
        invoke: {
          id: 'load',
          src: 'load',
          onDone: {
            target: 'resolved',
            actions: { type: 'keepValue', params: ({ event }) => ({ value: event.output }) },
          },
          onError: [
            {
              guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
              target: 'unavailable',
            },
            {
              target: 'rejected',
              actions: [
                { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          ],
        },
      },
      resolved: {
        description:
          'The screen shows the data as the server sent it; a change made elsewhere (such as a notification marked read) shows at once.',
        on: {
          'resource.reload': 'reloading',
          'resource.refresh': 'reloading',
          'resource.patched': {
            actions: { type: 'replaceValue', params: ({ event }) => ({ value: event.value }) },
          },
        },
      },
      reloading: {
        description:
          'The screen keeps showing the data it has while a fresh copy is fetched; it updates in place when the answer arrives.',
        // a write that lands meanwhile shows at once; the reload's answer follows it
        on: {
          'resource.patched': {
            actions: { type: 'replaceValue', params: ({ event }) => ({ value: event.value }) },
          },
          'resource.refresh': { target: 'reloading', reenter: true },
        },
        invoke: {
          id: 'reload',
          src: 'load',
          onDone: {
            target: 'resolved',
            actions: { type: 'keepValue', params: ({ event }) => ({ value: event.output }) },
          },
          // The previous value stays, so a view can keep showing it next to the error.
          onError: [
            {
              guard: { type: 'isMissingCall', params: ({ event }) => ({ error: event.error }) },
              target: 'unavailable',
            },
            {
              target: 'rejected',
              actions: [
                { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
                { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          ],
        },
      },
      rejected: {
        description:
          'The screen shows an error (with the data it had before, if any) and usually a Try again button, which loads it again.',
        on: { 'resource.load': 'loading' },
      },
      unavailable: {
        description:
          'The backend does not offer this (a capability beyond the specification): the screen leaves out what needs it, or says it is not offered, and nothing is asked for again until the next sign-in.',
      },
    },
  });
}

export type ResourceMachine<T> = ReturnType<typeof createResourceMachine<T>>;

/**
 * The resource with its loader and its error reporter bound (the API client closed over by the caller,
 * never in context). Each failed load is reported once under the resource's name (spec point 8); none
 * for a resource computed in the page (the studio's chart layout), which has nothing to tell an operator.
 */
export function bindResource<T>(
  machine: ResourceMachine<T>,
  loader: ResourceLoader<T>,
  reporting?: Partial<Pick<PortalApi, 'reportError'>>,
): ResourceMachine<T> {
  const bound = machine.provide({ actors: { load: fromPromise<T, void>(({ signal }) => loader(signal)) } });
  return reporting ? provideReporting(bound, reporting) : bound;
}
