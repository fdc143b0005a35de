import { assign, fromPromise, setup } from 'xstate';
import type { PortalApi } from '../services/api';
import { type ErrorInfo, toErrorInfo } from './errorInfo';

/** Fetches a resource's value; `signal` aborts when the resource is cleared mid-load. */
export type ResourceLoader<T> = (args: { api: PortalApi; signal: AbortSignal }) => Promise<T>;

export interface ResourceContext<T> {
  value: T | null;
  error: ErrorInfo | null;
  /** injected dependency for the loader; not data */
  api: PortalApi;
}

export type ResourceEvent =
  | { type: 'resource.load' }
  | { type: 'resource.reload' }
  | { type: 'resource.clear' };

export interface ResourceInput {
  api: PortalApi;
}

/**
 * A lazily loaded value (spec point 4, Data loading): new → loading → resolved |
 * rejected; reload keeps the value while it runs; clear → new from anywhere.
 * `resource.load` is a no-op once a value is there, so any view may send it.
 */
export function createResourceMachine<T>(name: string, loader: ResourceLoader<T>) {
  return setup({
    types: {
      context: {} as ResourceContext<T>,
      events: {} as ResourceEvent,
      input: {} as ResourceInput,
    },
    actors: {
      load: fromPromise<T, ResourceInput>(({ input, signal }) => loader({ api: input.api, signal })),
    },
    actions: {
      keepValue: assign((_, params: { value: T }) => ({ value: params.value, error: null })),
      keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
      forgetValue: assign({ value: null, error: null }),
    },
  }).createMachine({
    id: name,
    context: ({ input }) => ({ value: null, error: null, api: input.api }),
    initial: 'new',
    on: {
      'resource.clear': { target: '.new', actions: 'forgetValue' },
    },
    states: {
      new: {
        on: { 'resource.load': 'loading' },
      },
      loading: {
        invoke: {
          id: 'load',
          src: 'load',
          input: ({ context }) => ({ api: context.api }),
          onDone: {
            target: 'resolved',
            actions: { type: 'keepValue', params: ({ event }) => ({ value: event.output }) },
          },
          onError: {
            target: 'rejected',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      resolved: {
        on: { 'resource.reload': 'reloading' },
      },
      reloading: {
        invoke: {
          id: 'reload',
          src: 'load',
          input: ({ context }) => ({ api: context.api }),
          onDone: {
            target: 'resolved',
            actions: { type: 'keepValue', params: ({ event }) => ({ value: event.output }) },
          },
          // The previous value stays, so a view can keep showing it next to the error.
          onError: {
            target: 'rejected',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      rejected: {
        on: { 'resource.load': 'loading' },
      },
    },
  });
}

export type ResourceMachine<T> = ReturnType<typeof createResourceMachine<T>>;
