import { assign, fromPromise, setup } from 'xstate';
import type {
  AcceptedSubstitute,
  SubstituteAlternative,
  SubstitutesByProduct,
} from '../../services/api/wire/substitutes';
import { refetchAppCart } from '../cart';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';

export type { AcceptedSubstitute, SubstituteAlternative };

/**
 * One line that ran out or is short, and what the buyer does about it: the product asked for and, when
 * known, how many primary units the buyer wanted (absent: what the product's cart line holds).
 */
export interface SubstituteChoiceInput {
  productId: number;
  pieces?: number | null;
}

export interface SubstituteChoiceContext {
  productId: number;
  pieces: number | null;
  /** the supplier's alternatives the customer may take, in rank order */
  alternatives: SubstituteAlternative[];
  /** the alternative being taken or last tried */
  chosen: number | null;
  accepted: AcceptedSubstitute | null;
  error: ErrorInfo | null;
}

export type SubstituteChoiceEvent =
  | { type: 'substitutes.accepted'; substituteId: number }
  | { type: 'substitutes.shortageKept' }
  | { type: 'substitutes.lineRemoved' }
  | { type: 'substitutes.reconsidered' }
  | { type: 'substitutes.retried' };

export interface LoadSubstitutesInput {
  productIds: number[];
}
export interface AcceptSubstituteInput {
  product: number;
  substitute: number;
  pieces: number | null;
}

/**
 * The offer of substitutes for one line that is out of stock or short (the cart, the quick order's
 * preview, the list-to-cart report, a standing order's review): it asks for the supplier's
 * alternatives once, and the buyer takes one (it replaces the line in the cart, which remembers the
 * product asked for), keeps the shortage, or removes the line (the host removes it; the chart records
 * the choice). No alternatives, substitution forbidden, or a backend without substitutes: nothing is
 * offered.
 */
export const substituteChoiceMachine = setup({
  types: {
    context: {} as SubstituteChoiceContext,
    events: {} as SubstituteChoiceEvent,
    input: {} as SubstituteChoiceInput,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindSubstituteChoice` */
    loadSubstitutes: notBound<SubstitutesByProduct, LoadSubstitutesInput>('substituteChoice.loadSubstitutes'),
    /** bound by `bindSubstituteChoice` */
    acceptSubstitute: notBound<AcceptedSubstitute, AcceptSubstituteInput>(
      'substituteChoice.acceptSubstitute',
    ),
  },
  guards: {
    noneOffered: ({ context }, params: { offered: SubstitutesByProduct }) =>
      (params.offered[context.productId] ?? []).length === 0,
    /** a backend without the capability: the line simply has no offer */
    callMissing: (_, params: { error: unknown }) => toErrorInfo(params.error).missingCall === true,
  },
  actions: {
    keepAlternatives: assign(({ context }, params: { offered: SubstitutesByProduct }) => ({
      alternatives: params.offered[context.productId] ?? [],
      error: null,
    })),
    choose: assign((_, params: { substituteId: number }) => ({ chosen: params.substituteId, error: null })),
    keepAccepted: assign((_, params: { accepted: AcceptedSubstitute }) => ({ accepted: params.accepted })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    /** the app's cart shows the substitute in place of the line; a no-op here, bound by the binder */
    refetchCart: () => undefined,
  },
}).createMachine({
  id: 'substituteChoice',
  context: ({ input }) => ({
    productId: input.productId,
    pieces: input.pieces ?? null,
    alternatives: [],
    chosen: null,
    accepted: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      description: 'The line says "Looking for substitutes…" under its stock note.',
      tags: 'busy',
      invoke: {
        id: 'loadSubstitutes',
        src: 'loadSubstitutes',
        input: ({ context }) => ({ productIds: [context.productId] }),
        onDone: [
          {
            guard: { type: 'noneOffered', params: ({ event }) => ({ offered: event.output }) },
            target: 'none',
          },
          {
            target: 'offering',
            actions: { type: 'keepAlternatives', params: ({ event }) => ({ offered: event.output }) },
          },
        ],
        onError: [
          { guard: { type: 'callMissing', params: ({ event }) => ({ error: event.error }) }, target: 'none' },
          {
            target: 'loadFailed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    loadFailed: {
      description: 'The line says "Substitutes could not be loaded." with Try again.',
      on: { 'substitutes.retried': 'loading' },
    },
    none: {
      description:
        'No substitute is offered (none exists, substitution is switched off, or the backend has none).',
    },
    offering: {
      description:
        'The line lists the substitutes with their reason, price and stock, each with "Take this instead", and offers "Keep the shortage" and "Remove the line".',
      on: {
        'substitutes.accepted': {
          target: 'accepting',
          actions: { type: 'choose', params: ({ event }) => ({ substituteId: event.substituteId }) },
        },
        'substitutes.shortageKept': 'kept',
        'substitutes.lineRemoved': 'removed',
      },
    },
    accepting: {
      description: 'The chosen substitute\'s button shows a spinner and says "Taking the substitute…".',
      tags: 'busy',
      invoke: {
        id: 'acceptSubstitute',
        src: 'acceptSubstitute',
        input: ({ context }) => ({
          product: context.productId,
          substitute: context.chosen ?? 0,
          pieces: context.pieces,
        }),
        onDone: {
          target: 'taken',
          actions: [
            { type: 'keepAccepted', params: ({ event }) => ({ accepted: event.output }) },
            'refetchCart',
          ],
        },
        onError: {
          target: 'acceptFailed',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    acceptFailed: {
      description:
        'The list of substitutes stays, with "The substitute could not be taken." and Try again; another substitute, keeping the shortage or removing the line are still offered.',
      on: {
        'substitutes.retried': 'accepting',
        'substitutes.accepted': {
          target: 'accepting',
          actions: { type: 'choose', params: ({ event }) => ({ substituteId: event.substituteId }) },
        },
        'substitutes.shortageKept': 'kept',
        'substitutes.lineRemoved': 'removed',
      },
    },
    taken: {
      description: 'The substitute replaced the line: the line says "Substitute taken" and names it.',
      type: 'final',
    },
    kept: {
      description:
        'The buyer keeps the shortage: the line says so, with "Show substitutes" to change their mind.',
      on: { 'substitutes.reconsidered': 'offering' },
    },
    removed: {
      description: 'The buyer chose to remove the line; the host takes it out.',
      type: 'final',
    },
  },
});

/** Bound to the ports: the calls go to the API, and the app's cart refetches after a substitute is taken. */
export const bindSubstituteChoice = (ports: Ports) =>
  substituteChoiceMachine.provide({
    actors: {
      loadSubstitutes: fromPromise<SubstitutesByProduct, LoadSubstitutesInput>(({ input, signal }) =>
        ports.api.substitutes(input.productIds, { signal }),
      ),
      acceptSubstitute: fromPromise<AcceptedSubstitute, AcceptSubstituteInput>(({ input, signal }) =>
        ports.api.acceptSubstitute(
          {
            product: input.product,
            substitute: input.substitute,
            ...(input.pieces === null ? {} : { pieces: input.pieces }),
          },
          { signal },
        ),
      ),
    },
    actions: { refetchCart: refetchAppCart(ports) },
  });
