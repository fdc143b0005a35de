import { assign, fromPromise, setup } from 'xstate';
import type { IsoWeekday } from '../../domain/delivery-calendar';
import type { IsoDateTime } from '../../domain/types';
import { isApiError } from '../../services/api';
import type { CompanyDeliveryCalendar } from '../../services/api/wire/delivery-calendar';
import type {
  StandingOrder,
  StandingOrderCreate,
  StandingOrderSource,
} from '../../services/api/wire/standing-orders';
import { provideReporting } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { isSavableDraft, type SeriesDraftLine, withoutLine, withQuantity } from './draft-lines';
import { firstDateOptions, servedWeekdays } from './standing-order.schedule';

/** What the create form holds; the first date is one of the served days on the weekday. */
export interface StandingOrderForm {
  name: string;
  intervalWeeks: 1 | 2;
  weekday: IsoWeekday | null;
  firstDeliveryDate: string | null;
  endDate: string | null;
}

/** The write waiting to be sent (or retried). */
export type SeriesWrite =
  | { kind: 'pause' }
  | { kind: 'resume' }
  | { kind: 'end' }
  | { kind: 'lines'; lines: SeriesDraftLine[] };

export interface CalendarAnswer {
  calendar: CompanyDeliveryCalendar | null;
  /** the instant the calendar was read: today and the served days are counted from it */
  now: IsoDateTime;
}

export interface StandingOrderContext {
  seriesId: number | null;
  source: StandingOrderSource | null;
  form: StandingOrderForm;
  calendar: CompanyDeliveryCalendar | null;
  now: IsoDateTime | null;
  series: StandingOrder | null;
  draft: SeriesDraftLine[];
  pending: SeriesWrite | null;
  error: ErrorInfo | null;
  /** the server's refusal code of the last create or write (`not_served_day`, `empty_source`, …) */
  refusal: string | null;
}

export type StandingOrderEvent =
  | { type: 'series.createStarted'; source: StandingOrderSource; name: string }
  | { type: 'series.opened'; seriesId: number }
  | { type: 'form.changed'; patch: Partial<StandingOrderForm> }
  | { type: 'form.submitted' }
  | { type: 'series.retried' }
  | { type: 'series.pauseRequested' }
  | { type: 'series.resumeRequested' }
  | { type: 'series.editStarted' }
  | { type: 'line.quantityChanged'; productId: number; quantity: string }
  | { type: 'line.removed'; productId: number }
  | { type: 'edit.saved' }
  | { type: 'edit.cancelled' }
  | { type: 'series.endRequested' }
  | { type: 'end.confirmed' }
  | { type: 'end.cancelled' }
  | { type: 'failure.dismissed' };

export interface SeriesWriteInput {
  seriesId: number;
  write: SeriesWrite;
}

const isComplete = (form: StandingOrderForm) =>
  form.name.trim().length > 0 &&
  form.weekday !== null &&
  form.firstDeliveryDate !== null &&
  (form.endDate === null || form.endDate >= form.firstDeliveryDate);

const refusalOf = (error: unknown): string | null =>
  isApiError(error) && error.kind === 'http' && error.status !== null && error.status < 500
    ? (error.code ?? 'invalid')
    : null;

const emptyForm = (name: string): StandingOrderForm => ({
  name,
  intervalWeeks: 1,
  weekday: null,
  firstDeliveryDate: null,
  endDate: null,
});

export const standingOrderMachine = setup({
  types: {
    context: {} as StandingOrderContext,
    events: {} as StandingOrderEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindStandingOrder`: the company's delivery calendar and the current instant */
    loadCalendar: notBound<CalendarAnswer>('standingOrder.loadCalendar'),
    /** the series by id; null when the caller has none with it */
    loadSeries: notBound<StandingOrder | null, { seriesId: number }>('standingOrder.loadSeries'),
    createSeries: notBound<StandingOrder, StandingOrderCreate>('standingOrder.createSeries'),
    /** a pause, resume, "every delivery" lines or end; answers the series as it is now */
    writeSeries: notBound<StandingOrder, SeriesWriteInput>('standingOrder.writeSeries'),
  },
  guards: {
    isFormComplete: ({ context }) => isComplete(context.form),
    isFound: ({ event }) => (event as unknown as { output: StandingOrder | null }).output !== null,
    isEnded: ({ context }) => context.series?.status === 'ended',
    isPaused: ({ context }) => context.series?.status === 'paused',
    isDraftValid: ({ context }) => isSavableDraft(context.draft),
  },
  actions: {
    startCreate: assign((_, params: { source: StandingOrderSource; name: string }) => ({
      source: params.source,
      form: emptyForm(params.name),
    })),
    open: assign((_, params: { seriesId: number }) => ({ seriesId: params.seriesId })),
    takeCalendar: assign(({ context }, params: CalendarAnswer) => {
      const weekdays = servedWeekdays(params.calendar);
      const weekday = context.form.weekday ?? weekdays[0] ?? null;
      const firstDeliveryDate = firstDateOptions(params.calendar, weekday, params.now)[0] ?? null;
      return {
        calendar: params.calendar,
        now: params.now,
        form: { ...context.form, weekday, firstDeliveryDate },
      };
    }),
    changeForm: assign(({ context }, params: { patch: Partial<StandingOrderForm> }) => {
      const form = { ...context.form, ...params.patch };
      // another weekday moves the first delivery to that weekday's first served day
      if (params.patch.weekday !== undefined && params.patch.weekday !== context.form.weekday)
        form.firstDeliveryDate =
          firstDateOptions(context.calendar, params.patch.weekday, context.now ?? '')[0] ?? null;
      return { form, refusal: null };
    }),
    takeSeries: assign((_, params: { series: StandingOrder }) => ({
      series: params.series,
      seriesId: params.series.id,
      pending: null,
      error: null,
      refusal: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({
      error: toErrorInfo(params.error),
      refusal: refusalOf(params.error),
    })),
    startDraft: assign(({ context }) => ({
      draft: (context.series?.lines ?? []).map((line) => ({
        productId: line.productId,
        productName: line.productName,
        quantity: line.quantity,
        unit: line.unit,
      })),
    })),
    changeQuantity: assign(({ context }, params: { productId: number; quantity: string }) => ({
      draft: withQuantity(context.draft, params.productId, params.quantity),
    })),
    removeLine: assign(({ context }, params: { productId: number }) => ({
      draft: withoutLine(context.draft, params.productId),
    })),
    plan: assign((_, params: { write: SeriesWrite }) => ({ pending: params.write })),
    planLines: assign(({ context }) => ({ pending: { kind: 'lines', lines: context.draft } as SeriesWrite })),
    clearFailure: assign({ error: null, refusal: null, pending: null }),
    /** errors a user sees are states; this one also reaches the supplier (a no-op until bound) */
    reportError: (_: unknown, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'standingOrder',
  context: {
    seriesId: null,
    source: null,
    form: emptyForm(''),
    calendar: null,
    now: null,
    series: null,
    draft: [],
    pending: null,
    error: null,
    refusal: null,
  },
  initial: 'idle',
  states: {
    idle: {
      description:
        'Nothing shows yet: the screen starts a new standing order from its source or opens an existing one.',
      on: {
        'series.createStarted': {
          target: 'loadingCalendar',
          actions: {
            type: 'startCreate',
            params: ({ event }) => ({ source: event.source, name: event.name }),
          },
        },
        'series.opened': {
          target: 'loading',
          actions: { type: 'open', params: ({ event }) => ({ seriesId: event.seriesId }) },
        },
      },
    },
    loadingCalendar: {
      description:
        'The form "Make a standing order" shows a spinner while the served delivery days are read.',
      tags: 'busy',
      invoke: {
        id: 'loadCalendar',
        src: 'loadCalendar',
        onDone: {
          target: 'composing',
          actions: { type: 'takeCalendar', params: ({ event }) => event.output },
        },
        onError: {
          target: 'calendarFailed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    calendarFailed: {
      description: 'The message "The delivery days could not be loaded." shows with Try again.',
      on: { 'series.retried': 'loadingCalendar' },
    },
    composing: {
      description:
        'The form asks for a name, "every week" or "every second week", one of the served weekdays, the first delivery (the next served days on that weekday) and an optional end date; Create standing order.',
      on: {
        'form.changed': { actions: { type: 'changeForm', params: ({ event }) => ({ patch: event.patch }) } },
        'form.submitted': { guard: 'isFormComplete', target: 'creating' },
      },
    },
    creating: {
      description: "Create standing order shows a spinner while the series is saved with the source's lines.",
      tags: 'busy',
      invoke: {
        id: 'createSeries',
        src: 'createSeries',
        input: ({ context }) => ({
          name: context.form.name.trim(),
          source: context.source ?? { kind: 'cart' },
          intervalWeeks: context.form.intervalWeeks,
          weekday: context.form.weekday ?? 1,
          firstDeliveryDate: context.form.firstDeliveryDate ?? '',
          endDate: context.form.endDate,
        }),
        onDone: {
          target: 'active',
          actions: { type: 'takeSeries', params: ({ event }) => ({ series: event.output }) },
        },
        onError: {
          target: 'createFailed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    createFailed: {
      description:
        'Above the form the refusal shows ("That weekday is not one of your delivery days.", "There is nothing to order in it.") or "The standing order could not be saved." with Try again; the form stays filled in.',
      on: {
        'series.retried': 'creating',
        'form.changed': {
          target: 'composing',
          actions: { type: 'changeForm', params: ({ event }) => ({ patch: event.patch }) },
        },
      },
    },
    loading: {
      description: 'The standing order\'s page shows "Loading the standing order…".',
      tags: 'busy',
      invoke: {
        id: 'loadSeries',
        src: 'loadSeries',
        input: ({ context }) => ({ seriesId: context.seriesId ?? 0 }),
        onDone: [
          {
            guard: 'isFound',
            target: 'active',
            actions: {
              type: 'takeSeries',
              params: ({ event }) => ({ series: event.output as StandingOrder }),
            },
          },
          { target: 'notFound' },
        ],
        onError: {
          target: 'loadFailed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    loadFailed: {
      description: 'The message "The standing order could not be loaded." shows with Try again.',
      on: { 'series.retried': 'loading' },
    },
    notFound: {
      description: 'The page says "There is no such standing order." with a link to all standing orders.',
    },
    active: {
      description:
        'The series shows its rhythm, lines and next deliveries, with Pause, Change every delivery and End standing order.',
      // the state follows the server's status: after the load and after every answer
      always: [
        { guard: 'isEnded', target: 'ended' },
        { guard: 'isPaused', target: 'paused' },
      ],
      on: {
        'series.pauseRequested': {
          target: 'writing',
          actions: { type: 'plan', params: { write: { kind: 'pause' } } },
        },
        'series.editStarted': { target: 'editingLines', actions: 'startDraft' },
        'series.endRequested': 'confirmingEnd',
      },
    },
    paused: {
      description:
        'The series says "Paused: no deliveries are placed" with Resume, Change every delivery and End standing order.',
      on: {
        'series.resumeRequested': {
          target: 'writing',
          actions: { type: 'plan', params: { write: { kind: 'resume' } } },
        },
        'series.editStarted': { target: 'editingLines', actions: 'startDraft' },
        'series.endRequested': 'confirmingEnd',
      },
    },
    editingLines: {
      description:
        'The lines open for every delivery: a quantity field and Remove per line; Save for every delivery and Cancel.',
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
        'edit.cancelled': 'active',
      },
    },
    confirmingEnd: {
      description:
        'A dialog asks "End this standing order? No further deliveries are placed." with End and Keep.',
      on: {
        'end.confirmed': { target: 'writing', actions: { type: 'plan', params: { write: { kind: 'end' } } } },
        'end.cancelled': 'active',
      },
    },
    writing: {
      description: 'The button pressed shows a spinner while the change is saved.',
      tags: 'busy',
      invoke: {
        id: 'writeSeries',
        src: 'writeSeries',
        input: ({ context }) => ({
          seriesId: context.seriesId ?? 0,
          write: context.pending ?? { kind: 'pause' },
        }),
        onDone: {
          target: 'active',
          actions: { type: 'takeSeries', params: ({ event }) => ({ series: event.output }) },
        },
        onError: {
          target: 'writeFailed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    writeFailed: {
      description:
        'The message "The change could not be saved." (or the server\'s refusal) shows with Try again and Close; nothing changed.',
      on: {
        'series.retried': 'writing',
        'failure.dismissed': { target: 'active', actions: 'clearFailure' },
      },
    },
    ended: {
      description: 'The series says "Ended: no further deliveries" and offers no actions.',
    },
  },
});

/** The standing order bound to the ports: the calendar, the list call, create and the writes. */
export const bindStandingOrder = ({ api }: Ports) =>
  provideReporting(
    standingOrderMachine.provide({
      actors: {
        loadCalendar: fromPromise<CalendarAnswer, void>(async ({ signal }) => ({
          calendar: await api.deliveryCalendar({ signal }),
          now: new Date().toISOString(),
        })),
        // the page lists the recent deliveries too (a placed one links to its order), so the series
        // carries the occurrences call's answer in place of its next four
        loadSeries: fromPromise<StandingOrder | null, { seriesId: number }>(async ({ input, signal }) => {
          const all = await api.standingOrders({ signal });
          const series = all.find((one) => one.id === input.seriesId);
          if (!series) return null;
          const occurrences = await api.standingOrderOccurrences(series.id, { signal });
          return { ...series, nextOccurrences: occurrences };
        }),
        createSeries: fromPromise<StandingOrder, StandingOrderCreate>(({ input, signal }) =>
          api.createStandingOrder(input, { signal }),
        ),
        writeSeries: fromPromise<StandingOrder, SeriesWriteInput>(async ({ input, signal }) => {
          const { seriesId, write } = input;
          if (write.kind === 'end') {
            await api.endStandingOrder(seriesId, { signal });
            const all = await api.standingOrders({ signal });
            const ended = all.find((series) => series.id === seriesId);
            if (ended) return ended;
            throw new Error(`standing order ${seriesId} is gone after ending it`);
          }
          return api.updateStandingOrder(
            seriesId,
            write.kind === 'lines'
              ? {
                  lines: write.lines.map((line) => ({
                    productId: line.productId,
                    quantity: line.quantity.trim().replace(',', '.'),
                    unit: line.unit,
                  })),
                }
              : { status: write.kind === 'pause' ? 'paused' : 'active' },
            { signal },
          );
        }),
      },
    }),
    api,
  );
