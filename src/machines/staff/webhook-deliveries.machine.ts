import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../services/api/errors';
import type {
  WebhookDelivery,
  WebhookDeliveryFilter,
  WebhookDeliveryPage,
  WebhookDeliveryStateName,
} from '../../services/api/staff-webhooks';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import { untilAborted } from '../kernel/until-aborted';
import { orderIdOf } from './order-id';
import type { StaffPorts } from './staff-ports';

/** The filter as the form holds it: the order id as typed. */
export interface DeliveryFilterDraft {
  state: WebhookDeliveryStateName | null;
  endpointId: number | null;
  orderText: string;
}

export interface WebhookDeliveriesContext {
  /** the filter the list shows */
  filter: WebhookDeliveryFilter;
  draft: DeliveryFilterDraft;
  /** Show was pressed with an order id that is not one */
  orderProblem: boolean;
  deliveries: WebhookDelivery[];
  /** the cursor of the older page; null when the oldest is shown */
  nextBefore: number | null;
  /** the delivery a replay is for */
  replayingId: number | null;
  error: ErrorInfo | null;
}

export type WebhookDeliveriesEvent =
  | { type: 'deliveries.stateChosen'; state: WebhookDeliveryStateName | null }
  | { type: 'deliveries.endpointChosen'; endpointId: number | null }
  | { type: 'deliveries.orderTyped'; text: string }
  | { type: 'deliveries.filterApplied' }
  | { type: 'deliveries.retried' }
  | { type: 'deliveries.refreshed' }
  | { type: 'deliveries.olderAsked' }
  | { type: 'deliveries.replayAsked'; id: number };

/** The page opened with a filter (from an endpoint's counts, say); none shows every delivery. */
export interface WebhookDeliveriesInput {
  filter?: Partial<WebhookDeliveryFilter>;
}

export interface DeliveryPageInput {
  filter: WebhookDeliveryFilter;
  before: number | null;
}

const filterOf = (draft: DeliveryFilterDraft): WebhookDeliveryFilter => ({
  state: draft.state,
  endpointId: draft.endpointId,
  orderId: orderIdOf(draft.orderText) ?? null,
});

/** A delivery that has not arrived and is waiting again or given up may be sent again. */
const replayable = (delivery: WebhookDelivery | undefined) =>
  delivery?.state === 'failing' || delivery?.state === 'dead';

/**
 * The webhook delivery log, newest first: filtered by state (waiting, failing, given up, delivered),
 * endpoint and order; older pages one at a time; a failing or given-up delivery replayed (due again
 * now), its row updated. An empty result and a failure are states of their own, with Try again.
 */
export const webhookDeliveriesMachine = setup({
  types: {
    context: {} as WebhookDeliveriesContext,
    events: {} as WebhookDeliveriesEvent,
    input: {} as WebhookDeliveriesInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindWebhookDeliveries`: GET /api/staff/webhook-deliveries */
    listDeliveries: notBound<WebhookDeliveryPage, DeliveryPageInput>('webhookDeliveries.listDeliveries'),
    /** bound: POST /api/staff/webhook-deliveries/{id}/replay */
    replayDelivery: notBound<WebhookDelivery, { id: number }>('webhookDeliveries.replayDelivery'),
  },
  guards: {
    draftValid: ({ context }) => orderIdOf(context.draft.orderText) !== undefined,
    pageEmpty: (_, params: { page: WebhookDeliveryPage }) => params.page.deliveries.length === 0,
    hasOlder: ({ context }) => context.nextBefore !== null,
    isReplayable: ({ context }, params: { id: number }) =>
      replayable(context.deliveries.find((delivery) => delivery.id === params.id)),
    /** 409 already_delivered: it arrived meanwhile */
    isAlreadyDelivered: (_, params: { error: unknown }) =>
      isApiError(params.error) && params.error.status === 409,
  },
  actions: {
    chooseState: assign(({ context }, params: { state: WebhookDeliveryStateName | null }) => ({
      draft: { ...context.draft, state: params.state },
    })),
    chooseEndpoint: assign(({ context }, params: { endpointId: number | null }) => ({
      draft: { ...context.draft, endpointId: params.endpointId },
    })),
    typeOrder: assign(({ context }, params: { text: string }) => ({
      draft: { ...context.draft, orderText: params.text },
      orderProblem: false,
    })),
    applyDraft: assign(({ context }) => ({ filter: filterOf(context.draft), orderProblem: false })),
    markOrderProblem: assign({ orderProblem: true }),
    keepPage: assign((_, params: { page: WebhookDeliveryPage }) => ({
      deliveries: params.page.deliveries,
      nextBefore: params.page.nextBefore,
      error: null,
    })),
    addOlderPage: assign(({ context }, params: { page: WebhookDeliveryPage }) => ({
      deliveries: [
        ...context.deliveries,
        // a delivery made meanwhile moves the pages: one already shown is not shown twice
        ...params.page.deliveries.filter((delivery) => !context.deliveries.some((d) => d.id === delivery.id)),
      ],
      nextBefore: params.page.nextBefore,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetError: assign({ error: null }),
    chooseReplay: assign((_, params: { id: number }) => ({ replayingId: params.id })),
    replaceDelivery: assign(({ context }, params: { delivery: WebhookDelivery }) => ({
      deliveries: context.deliveries.map((delivery) =>
        delivery.id === params.delivery.id ? params.delivery : delivery,
      ),
    })),
  },
}).createMachine({
  id: 'webhookDeliveries',
  context: ({ input }) => {
    const filter: WebhookDeliveryFilter = {
      state: input?.filter?.state ?? null,
      endpointId: input?.filter?.endpointId ?? null,
      orderId: input?.filter?.orderId ?? null,
    };
    return {
      filter,
      draft: {
        state: filter.state,
        endpointId: filter.endpointId,
        orderText: filter.orderId === null ? '' : String(filter.orderId),
      },
      orderProblem: false,
      deliveries: [],
      nextBefore: null,
      replayingId: null,
      error: null,
    };
  },
  initial: 'loading',
  on: {
    'deliveries.stateChosen': {
      actions: { type: 'chooseState', params: ({ event }) => ({ state: event.state }) },
    },
    'deliveries.endpointChosen': {
      actions: { type: 'chooseEndpoint', params: ({ event }) => ({ endpointId: event.endpointId }) },
    },
    'deliveries.orderTyped': {
      actions: { type: 'typeOrder', params: ({ event }) => ({ text: event.text }) },
    },
    'deliveries.filterApplied': [
      { guard: 'draftValid', target: '.loading', reenter: true, actions: 'applyDraft' },
      { actions: 'markOrderProblem' },
    ],
  },
  states: {
    loading: {
      description: 'The log shows a spinner while the deliveries the filter names load (the newest 50).',
      tags: 'busy',
      invoke: {
        id: 'listDeliveries',
        src: 'listDeliveries',
        input: ({ context }) => ({ filter: context.filter, before: null }),
        onDone: [
          {
            guard: { type: 'pageEmpty', params: ({ event }) => ({ page: event.output }) },
            target: 'empty',
            actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) },
          },
          {
            target: 'shown',
            actions: { type: 'keepPage', params: ({ event }) => ({ page: event.output }) },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The log says the deliveries could not be loaded, with Try again.',
      on: { 'deliveries.retried': 'loading' },
    },
    empty: {
      description:
        'No delivery is as the filter asks (or none was made yet): a sentence says so, with Refresh.',
      on: { 'deliveries.refreshed': 'loading' },
    },
    shown: {
      description:
        'The deliveries, newest first: event type, order, endpoint, tries, the last answer or error, the next try or when it arrived; Replay on the failing and given-up ones; Older while there are more.',
      initial: 'idle',
      on: { 'deliveries.refreshed': '#webhookDeliveries.loading' },
      states: {
        idle: {
          on: {
            'deliveries.olderAsked': { guard: 'hasOlder', target: 'loadingOlder' },
            'deliveries.replayAsked': {
              guard: { type: 'isReplayable', params: ({ event }) => ({ id: event.id }) },
              target: 'replaying',
              actions: { type: 'chooseReplay', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        loadingOlder: {
          description: 'Older shows a spinner while the next page of older deliveries loads.',
          tags: 'busy',
          invoke: {
            id: 'listOlderDeliveries',
            src: 'listDeliveries',
            input: ({ context }) => ({ filter: context.filter, before: context.nextBefore }),
            onDone: {
              target: 'idle',
              actions: { type: 'addOlderPage', params: ({ event }) => ({ page: event.output }) },
            },
            onError: {
              target: 'olderFailed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        olderFailed: {
          description: 'Under the list: the older deliveries could not be loaded; Older tries again.',
          exit: 'forgetError',
          on: {
            'deliveries.olderAsked': { guard: 'hasOlder', target: 'loadingOlder' },
            'deliveries.replayAsked': {
              guard: { type: 'isReplayable', params: ({ event }) => ({ id: event.id }) },
              target: 'replaying',
              actions: { type: 'chooseReplay', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        replaying: {
          description: 'Replay shows a spinner on the delivery’s row while the server makes it due again.',
          tags: 'busy',
          invoke: {
            id: 'replayDelivery',
            src: 'replayDelivery',
            input: ({ context }) => ({ id: context.replayingId ?? 0 }),
            onDone: {
              target: 'idle',
              actions: { type: 'replaceDelivery', params: ({ event }) => ({ delivery: event.output }) },
            },
            onError: [
              {
                guard: { type: 'isAlreadyDelivered', params: ({ event }) => ({ error: event.error }) },
                target: 'replayRefused',
              },
              {
                target: 'replayFailed',
                actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        replayFailed: {
          description: 'The delivery’s row says it could not be replayed; Replay tries again.',
          exit: 'forgetError',
          on: {
            'deliveries.olderAsked': { guard: 'hasOlder', target: 'loadingOlder' },
            'deliveries.replayAsked': {
              guard: { type: 'isReplayable', params: ({ event }) => ({ id: event.id }) },
              target: 'replaying',
              actions: { type: 'chooseReplay', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
        replayRefused: {
          description:
            'The delivery’s row says it arrived meanwhile, so there is nothing to replay; Refresh shows it as it is.',
          on: {
            'deliveries.olderAsked': { guard: 'hasOlder', target: 'loadingOlder' },
            'deliveries.replayAsked': {
              guard: { type: 'isReplayable', params: ({ event }) => ({ id: event.id }) },
              target: 'replaying',
              actions: { type: 'chooseReplay', params: ({ event }) => ({ id: event.id }) },
            },
          },
        },
      },
    },
  },
});

/** The delivery log bound to its ports: the calls. */
export const bindWebhookDeliveries = ({ api }: StaffPorts) =>
  webhookDeliveriesMachine.provide({
    actors: {
      listDeliveries: fromPromise<WebhookDeliveryPage, DeliveryPageInput>(({ input, signal }) =>
        untilAborted(signal, api.webhookDeliveries(input.filter, input.before, { signal })),
      ),
      replayDelivery: fromPromise<WebhookDelivery, { id: number }>(({ input, signal }) =>
        untilAborted(signal, api.replayWebhookDelivery(input.id, { signal })),
      ),
    },
  });
