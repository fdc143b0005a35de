import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../services/api';
import type { OccurrenceAction, StandingOrderLineWrite } from '../../services/api/standing-orders';
import type { Occurrence } from '../../services/api/wire/standing-orders';
import { provideReporting } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { isSavableDraft, type SeriesDraftLine, withoutLine, withQuantity } from './draft-lines';

export interface OccurrenceInput {
  occurrence: Occurrence;
}

/** The write waiting to be sent (or retried): an action, or "this delivery only" lines. */
export type OccurrenceWrite = { kind: OccurrenceAction } | { kind: 'lines'; lines: SeriesDraftLine[] };

export interface OccurrenceWriteInput {
  seriesId: number;
  deliveryDate: string;
  write: OccurrenceWrite;
}

export interface OccurrenceContext {
  occurrence: Occurrence;
  draft: SeriesDraftLine[];
  pending: OccurrenceWrite | null;
  error: ErrorInfo | null;
}

export type OccurrenceEvent =
  | { type: 'occurrence.editStarted' }
  | { type: 'line.quantityChanged'; productId: number; quantity: string }
  | { type: 'line.removed'; productId: number }
  | { type: 'edit.saved' }
  | { type: 'edit.cancelled' }
  | { type: 'occurrence.skipRequested' }
  | { type: 'occurrence.unskipRequested' }
  | { type: 'occurrence.approveRequested' }
  /** in the review: take an unavailable product out of this delivery */
  | { type: 'review.lineDropped'; productId: number }
  | { type: 'occurrence.retried' }
  | { type: 'failure.dismissed' };

const linesOf = (occurrence: Occurrence): SeriesDraftLine[] =>
  occurrence.lines.map((line) => ({
    productId: line.productId,
    productName: line.productName,
    quantity: line.quantity,
    unit: line.unit,
  }));

const isPastCutoff = (error: unknown) =>
  isApiError(error) && error.status === 409 && error.code === 'past_cutoff';

export const occurrenceMachine = setup({
  types: {
    context: {} as OccurrenceContext,
    events: {} as OccurrenceEvent,
    input: {} as OccurrenceInput,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindOccurrence`: answers the occurrence as it is now */
    writeOccurrence: notBound<Occurrence, OccurrenceWriteInput>('standingOrderOccurrence.write'),
  },
  guards: {
    isFailed: ({ context }) => context.occurrence.status === 'failed',
    isSkipped: ({ context }) => context.occurrence.status === 'skipped',
    needsReview: ({ context }) => context.occurrence.status === 'needs_review',
    isPlaced: ({ context }) => context.occurrence.status === 'placed',
    isDraftValid: ({ context }) => isSavableDraft(context.draft),
    /** dropping a line must leave one: a delivery of nothing is a skip */
    keepsALine: ({ context }) => context.occurrence.lines.length > 1,
    isPastCutoff: ({ event }) => isPastCutoff((event as unknown as { error: unknown }).error),
  },
  actions: {
    startDraft: assign(({ context }) => ({ draft: linesOf(context.occurrence) })),
    changeQuantity: assign(({ context }, params: { productId: number; quantity: string }) => ({
      draft: withQuantity(context.draft, params.productId, params.quantity),
    })),
    removeLine: assign(({ context }, params: { productId: number }) => ({
      draft: withoutLine(context.draft, params.productId),
    })),
    planLines: assign(({ context }) => ({
      pending: { kind: 'lines', lines: context.draft } as OccurrenceWrite,
    })),
    planDrop: assign(({ context }, params: { productId: number }) => ({
      pending: {
        kind: 'lines',
        lines: linesOf(context.occurrence).filter((line) => line.productId !== params.productId),
      } as OccurrenceWrite,
    })),
    plan: assign((_, params: { kind: OccurrenceAction }) => ({ pending: { kind: params.kind } })),
    takeOccurrence: assign((_, params: { occurrence: Occurrence }) => ({
      occurrence: params.occurrence,
      pending: null,
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    clearFailure: assign({ pending: null, error: null }),
    reportError: (_: unknown, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'standingOrderOccurrence',
  context: ({ input }) => ({ occurrence: input.occurrence, draft: [], pending: null, error: null }),
  initial: 'open',
  states: {
    open: {
      description:
        'The delivery shows its date, lines and cut-off ("Changes until Monday 18:00"), with Change this delivery and Skip.',
      // the state follows the server's status: at start and after every answer
      always: [
        { guard: 'isSkipped', target: 'skipped' },
        { guard: 'needsReview', target: 'needsReview' },
        { guard: 'isPlaced', target: 'placed' },
        { guard: 'isFailed', target: 'failed' },
      ],
      on: {
        'occurrence.editStarted': { target: 'editing', actions: 'startDraft' },
        'occurrence.skipRequested': {
          target: 'writing',
          actions: { type: 'plan', params: { kind: 'skip' } },
        },
      },
    },
    skipped: {
      description: 'The delivery says "Skipped: nothing is delivered this time" with Deliver after all.',
      on: {
        'occurrence.unskipRequested': {
          target: 'writing',
          actions: { type: 'plan', params: { kind: 'unskip' } },
        },
      },
    },
    needsReview: {
      description:
        'The delivery waits for the buyer and says why: a price rose (was, now) or a product is unavailable; Approve as it is, Remove an unavailable line, Change this delivery or Skip.',
      on: {
        'occurrence.approveRequested': {
          target: 'writing',
          actions: { type: 'plan', params: { kind: 'approve' } },
        },
        'review.lineDropped': {
          guard: 'keepsALine',
          target: 'writing',
          actions: { type: 'planDrop', params: ({ event }) => ({ productId: event.productId }) },
        },
        'occurrence.editStarted': { target: 'editing', actions: 'startDraft' },
        'occurrence.skipRequested': {
          target: 'writing',
          actions: { type: 'plan', params: { kind: 'skip' } },
        },
      },
    },
    editing: {
      description:
        'The lines open for this delivery only: a quantity field and Remove per line; Save for this delivery and Cancel.',
      on: {
        'line.quantityChanged': {
          actions: {
            type: 'changeQuantity',
            params: ({ event }) => ({ productId: event.productId, quantity: event.quantity }),
          },
        },
        'line.removed': {
          actions: { type: 'removeLine', params: ({ event }) => ({ productId: event.productId }) },
        },
        'edit.saved': { guard: 'isDraftValid', target: 'writing', actions: 'planLines' },
        'edit.cancelled': 'open',
      },
    },
    writing: {
      description: 'The button pressed shows a spinner while the change to this delivery is saved.',
      tags: 'busy',
      invoke: {
        id: 'writeOccurrence',
        src: 'writeOccurrence',
        input: ({ context }) => ({
          seriesId: context.occurrence.seriesId,
          deliveryDate: context.occurrence.deliveryDate,
          write: context.pending ?? { kind: 'skip' },
        }),
        onDone: {
          target: 'open',
          actions: { type: 'takeOccurrence', params: ({ event }) => ({ occurrence: event.output }) },
        },
        onError: [
          { guard: 'isPastCutoff', target: 'refused' },
          {
            target: 'writeFailed',
            actions: [
              { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    writeFailed: {
      description:
        'The message "The change to this delivery could not be saved." shows with Try again and Close; nothing changed.',
      on: {
        'occurrence.retried': 'writing',
        'failure.dismissed': { target: 'open', actions: 'clearFailure' },
      },
    },
    refused: {
      description:
        'The supplier refused: "The cut-off for this delivery has passed; it can no longer be changed." No further actions.',
    },
    placed: {
      description: 'The delivery was placed as an order: "Placed as order #…" links to the order.',
    },
    failed: {
      description:
        'The delivery could not be placed: the reason shows ("Placing failed: …"); nothing was ordered.',
    },
  },
});

const toWrites = (lines: SeriesDraftLine[]): StandingOrderLineWrite[] =>
  lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity.trim().replace(',', '.'),
    unit: line.unit,
  }));

/** One delivery of a standing order bound to the ports: its writes call the API. */
export const bindOccurrence = ({ api }: Ports) =>
  provideReporting(
    occurrenceMachine.provide({
      actors: {
        writeOccurrence: fromPromise<Occurrence, OccurrenceWriteInput>(({ input, signal }) =>
          input.write.kind === 'lines'
            ? api.setOccurrenceLines(input.seriesId, input.deliveryDate, toWrites(input.write.lines), {
                signal,
              })
            : api.actOnOccurrence(input.seriesId, input.deliveryDate, input.write.kind, { signal }),
        ),
      },
    }),
    api,
  );
