import { assign, fromPromise, setup } from 'xstate';
import type { FavouriteListSummary } from '../../domain/types';
import { isApiError } from '../../services/api';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { tellListChanged } from './favourite-lists.machine';

export interface OrderGuideBuildContext {
  /** the name asked for (the view words it: "Order guide 28/11/2026") */
  name: string;
  built: FavouriteListSummary | null;
  error: ErrorInfo | null;
  /** the refusal said nothing was ordered in the last 90 days */
  noRecentOrders: boolean;
}

export type OrderGuideBuildEvent =
  | { type: 'orderGuide.buildRequested'; name: string }
  | { type: 'orderGuide.retried' }
  | { type: 'orderGuide.dismissed' };

/**
 * "Build a guide from my orders" on the lists page: one call makes a new order guide of what the
 * company ordered in the last 90 days; the app's lists learn of it and the page opens it.
 */
export const orderGuideBuildMachine = setup({
  types: {
    context: {} as OrderGuideBuildContext,
    events: {} as OrderGuideBuildEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindOrderGuideBuild` */
    buildGuide: notBound<FavouriteListSummary, { name: string }>('orderGuideBuild.buildGuide'),
  },
  actions: {
    keepName: assign((_, params: { name: string }) => ({ name: params.name, error: null })),
    keepBuilt: assign((_, params: { list: FavouriteListSummary }) => ({ built: params.list, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({
      error: toErrorInfo(params.error),
      noRecentOrders: isApiError(params.error) && params.error.code === 'no_recent_orders',
    })),
    forget: assign({ built: null, error: null, noRecentOrders: false }),
    /** the app's lists show the new guide; a no-op here, bound by `bindOrderGuideBuild` */
    listChanged: (_, _params: { list: FavouriteListSummary }) => undefined,
  },
}).createMachine({
  id: 'orderGuideBuild',
  context: { name: '', built: null, error: null, noRecentOrders: false },
  initial: 'idle',
  states: {
    idle: {
      description: 'The lists page offers "Build a guide from my orders" with a line on what it does.',
      on: {
        'orderGuide.buildRequested': {
          target: 'building',
          actions: { type: 'keepName', params: ({ event }) => ({ name: event.name }) },
        },
      },
    },
    building: {
      description: 'The button shows a spinner and says "Building the guide…".',
      tags: 'busy',
      invoke: {
        id: 'buildGuide',
        src: 'buildGuide',
        input: ({ context }) => ({ name: context.name }),
        onDone: {
          target: 'built',
          actions: [
            { type: 'keepBuilt', params: ({ event }) => ({ list: event.output }) },
            { type: 'listChanged', params: ({ event }) => ({ list: event.output }) },
          ],
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description:
        'A message says the guide could not be built, or that nothing was ordered in the last 90 days, with Try again and Close.',
      on: {
        'orderGuide.retried': 'building',
        'orderGuide.dismissed': { target: 'idle', actions: 'forget' },
      },
    },
    built: {
      description: 'The new guide is among the lists, and the page opens it.',
      on: { 'orderGuide.dismissed': { target: 'idle', actions: 'forget' } },
    },
  },
});

/** Bound to the ports: the API builds the guide, and the app's favourite lists are told. */
export const bindOrderGuideBuild = (ports: Ports) =>
  orderGuideBuildMachine.provide({
    actors: {
      buildGuide: fromPromise<FavouriteListSummary, { name: string }>(({ input, signal }) =>
        untilAborted(signal, ports.api.buildOrderGuide(input.name, { signal })),
      ),
    },
    actions: { listChanged: tellListChanged(ports) },
  });
