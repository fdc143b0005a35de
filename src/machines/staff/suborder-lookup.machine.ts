import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../services/api/errors';
import type { SuborderHistory } from '../../services/api/staff-suborders';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import { untilAborted } from '../kernel/until-aborted';
import { orderIdOf } from './order-id';
import type { StaffPorts } from './staff-ports';

export const SUBORDER_REFERENCE_MAX = 100;

/** What is looked up: an order's suborders by its number, or one suborder by its reference. */
export type SuborderLookupKind = 'order' | 'reference';

export interface SuborderQuery {
  kind: SuborderLookupKind;
  text: string;
}

export interface SuborderLookupContext {
  kind: SuborderLookupKind;
  text: string;
  /** Look up was pressed: from then on the form's message shows */
  submitted: boolean;
  /** the query the shown answer (or its failure) is for */
  query: SuborderQuery | null;
  histories: SuborderHistory[];
  error: ErrorInfo | null;
}

export type SuborderLookupEvent =
  | { type: 'lookup.kindChosen'; kind: SuborderLookupKind }
  | { type: 'lookup.textChanged'; text: string }
  | { type: 'lookup.submitted' }
  | { type: 'lookup.retried' };

export type SuborderQueryProblem = 'missing' | 'invalid';

/** Why a typed query cannot be looked up, or null. */
export function suborderQueryProblem({ kind, text }: SuborderQuery): SuborderQueryProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'missing';
  if (kind === 'order') return orderIdOf(trimmed) === undefined ? 'invalid' : null;
  return trimmed.length > SUBORDER_REFERENCE_MAX ? 'invalid' : null;
}

/**
 * A staff user looks up what the ERP reported: by order number (each of its suborders) or by a
 * suborder's reference (the portal's "SO-…" or the ERP's own number). Each suborder shows its state
 * and its reports in order. Nothing found and a failure are states of their own.
 */
export const suborderLookupMachine = setup({
  types: {
    context: {} as SuborderLookupContext,
    events: {} as SuborderLookupEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindSuborderLookup`: GET /api/staff/suborders?order= and each one's events, or one by reference */
    lookUp: notBound<SuborderHistory[], SuborderQuery>('suborderLookup.lookUp'),
  },
  guards: {
    queryValid: ({ context }) => suborderQueryProblem(context) === null,
    noneFound: (_, params: { histories: SuborderHistory[] }) => params.histories.length === 0,
    isNotFound: (_, params: { error: unknown }) => isApiError(params.error) && params.error.status === 404,
  },
  actions: {
    chooseKind: assign((_, params: { kind: SuborderLookupKind }) => ({
      kind: params.kind,
      submitted: false,
    })),
    setText: assign((_, params: { text: string }) => ({ text: params.text, submitted: false })),
    markSubmitted: assign({ submitted: true }),
    keepQuery: assign(({ context }) => ({
      query: {
        kind: context.kind,
        text: context.kind === 'order' ? String(orderIdOf(context.text)) : context.text.trim(),
      },
      submitted: true,
    })),
    keepHistories: assign((_, params: { histories: SuborderHistory[] }) => ({
      histories: params.histories,
      error: null,
    })),
    forgetHistories: assign({ histories: [] }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    forgetError: assign({ error: null }),
  },
}).createMachine({
  id: 'suborderLookup',
  context: { kind: 'order', text: '', submitted: false, query: null, histories: [], error: null },
  initial: 'idle',
  on: {
    'lookup.kindChosen': {
      actions: { type: 'chooseKind', params: ({ event }) => ({ kind: event.kind }) },
    },
    'lookup.textChanged': {
      actions: { type: 'setText', params: ({ event }) => ({ text: event.text }) },
    },
    'lookup.submitted': [
      { guard: 'queryValid', target: '.searching', reenter: true, actions: 'keepQuery' },
      { actions: 'markSubmitted' },
    ],
  },
  states: {
    idle: {
      description:
        'The form: look up by order number or by suborder reference, the number or reference, and Look up. A number missing or not one shows its message once Look up was pressed.',
    },
    searching: {
      description: 'Look up shows a spinner while the suborders and their reports load.',
      tags: 'busy',
      entry: 'forgetHistories',
      invoke: {
        id: 'lookUp',
        src: 'lookUp',
        input: ({ context }) => context.query ?? { kind: context.kind, text: context.text },
        onDone: [
          {
            guard: { type: 'noneFound', params: ({ event }) => ({ histories: event.output }) },
            target: 'notFound',
          },
          {
            target: 'found',
            actions: { type: 'keepHistories', params: ({ event }) => ({ histories: event.output }) },
          },
        ],
        onError: [
          {
            guard: { type: 'isNotFound', params: ({ event }) => ({ error: event.error }) },
            target: 'notFound',
          },
          {
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    found: {
      description:
        'Each suborder: its reference, state, customer, warehouse, expected arrival and delivery note; then its reports in order with their type, the state after, when it happened and when it was recorded, and what they carried (arrival, delivery note, delivered lines, reason).',
    },
    notFound: {
      description: 'The page says no suborder was found for the order number or reference.',
    },
    failed: {
      description: 'The page says the suborders could not be loaded, with Try again.',
      exit: 'forgetError',
      on: { 'lookup.retried': 'searching' },
    },
  },
});

/** The lookup bound to its ports: an order's suborders and each one's reports, or one suborder's. */
export const bindSuborderLookup = ({ api }: StaffPorts) =>
  suborderLookupMachine.provide({
    actors: {
      lookUp: fromPromise<SuborderHistory[], SuborderQuery>(async ({ input, signal }) => {
        if (input.kind === 'reference')
          return [await untilAborted(signal, api.suborderHistory(input.text, { signal }))];
        const suborders = await untilAborted(
          signal,
          api.subordersOfOrder(orderIdOf(input.text) ?? 0, { signal }),
        );
        return untilAborted(
          signal,
          Promise.all(suborders.map((suborder) => api.suborderHistory(suborder.reference, { signal }))),
        );
      }),
    },
  });
