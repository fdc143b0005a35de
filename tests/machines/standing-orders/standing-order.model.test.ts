import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindStandingOrder,
  type CalendarAnswer,
  type SeriesWriteInput,
  standingOrderMachine,
} from '../../../src/machines/standing-orders/standing-order.machine';
import {
  selectCreateFailed,
  selectFirstDateOptions,
  selectIsConfirmingEnd,
  selectIsEditingSeriesLines,
  selectIsStandingOrderBusy,
  selectSeriesDraft,
  selectSeriesPendingWrite,
  selectSeriesWriteFailed,
  selectServedWeekdays,
  selectStandingOrder,
  selectStandingOrderError,
  selectStandingOrderForm,
  selectStandingOrderRefusal,
  selectStandingOrderView,
} from '../../../src/machines/standing-orders/standing-order.selectors';
import type { CompanyDeliveryCalendar } from '../../../src/services/api/wire/delivery-calendar';
import type {
  SeriesStatus,
  StandingOrder,
  StandingOrderCreate,
} from '../../../src/services/api/wire/standing-orders';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

// a route driving Tuesdays and Fridays, orders closing at 18:00 the day before, in Berlin
const calendar: CompanyDeliveryCalendar = {
  timeZone: 'Europe/Berlin',
  routes: [{ id: 3, name: 'North', weekdays: [2, 5], cutoff: { daysBefore: 1, time: '18:00' }, leadDays: 0 }],
  warehouses: [],
  closures: [],
  addresses: [{ id: 11, routeId: 3, region: null }],
};
// a Saturday
const calendarAnswer: CalendarAnswer = { calendar, now: '2026-11-28T10:00:00Z' };

const seriesIn = (status: SeriesStatus): StandingOrder => ({
  id: 31,
  name: 'Weekly bread',
  intervalWeeks: 1,
  weekday: 2,
  firstDeliveryDate: '2026-12-01',
  endDate: null,
  status,
  addressId: 11,
  lines: [
    { productId: 7, quantity: '2', unit: 1, productName: 'Rye bread' },
    { productId: 8, quantity: '1', unit: 1, productName: 'Milk' },
  ],
  nextOccurrences: [],
  createdAt: '2026-11-28T10:00:00Z',
});

const creating = {
  type: 'series.createStarted',
  source: { kind: 'list', listId: 4 },
  name: 'Weekly bread',
};
const viewing = { type: 'series.opened', seriesId: 31 };

const events: ModelEvent[] = [
  creating,
  viewing,
  { type: 'xstate.done.actor.loadCalendar', output: calendarAnswer },
  { type: 'xstate.error.actor.loadCalendar', error: httpError(500) },
  { type: 'form.changed', patch: { weekday: 5 } },
  { type: 'form.changed', patch: { name: ' ' } },
  { type: 'xstate.done.actor.createSeries', output: seriesIn('active') },
  { type: 'xstate.error.actor.createSeries', error: httpError(422, 'not_served_day') },
  ...(['active', 'paused', 'ended'] as const).map((status) => ({
    type: 'xstate.done.actor.loadSeries',
    output: seriesIn(status),
  })),
  { type: 'xstate.done.actor.loadSeries', output: null },
  { type: 'xstate.error.actor.loadSeries', error: httpError(500) },
  ...(['active', 'paused', 'ended'] as const).map((status) => ({
    type: 'xstate.done.actor.writeSeries',
    output: seriesIn(status),
  })),
  { type: 'xstate.error.actor.writeSeries', error: httpError(500) },
  { type: 'line.quantityChanged', productId: 7, quantity: '5' },
  { type: 'line.quantityChanged', productId: 7, quantity: '0' },
  { type: 'line.removed', productId: 8 },
];

// guards read: creating or not, whether the calendar came, the form's completeness, the status, the draft
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.form.name.trim() === '',
    s.context.series?.status ?? null,
    s.context.draft.map((l: { quantity: string }) => l.quantity),
  ]);
const model = modelFor(standingOrderMachine, { events, serializeState });
const walked = pathsToWalk('standing-order', standingOrderMachine, model.getShortestPaths());

function createSut() {
  const loadCalendar = controllableActor<CalendarAnswer, void>();
  const loadSeries = controllableActor<StandingOrder | null, { seriesId: number }>();
  const createSeries = controllableActor<StandingOrder, StandingOrderCreate>();
  const writeSeries = controllableActor<StandingOrder, SeriesWriteInput>();
  const bound = bindStandingOrder(testPorts(unusedApi)).provide({
    actors: {
      loadCalendar: loadCalendar.logic,
      loadSeries: loadSeries.logic,
      createSeries: createSeries.logic,
      writeSeries: writeSeries.logic,
    },
  });
  const actor = createActor(bound).start();
  return { actor, loadCalendar, loadSeries, createSeries, writeSeries };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

type Call = 'loadCalendar' | 'loadSeries' | 'createSeries' | 'writeSeries';
const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const answer = (call: Call, outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const pending = sut[call].next();
  if (outcome === 'resolve') pending.resolve(event.output as never);
  else pending.reject(event.error);
  await settle();
};
const executors: Record<string, (step: { event: { type: string } }) => void | Promise<void>> = {
  'series.createStarted': send,
  'series.opened': send,
  'form.changed': send,
  'form.submitted': send,
  'series.retried': send,
  'series.pauseRequested': send,
  'series.resumeRequested': send,
  'series.editStarted': send,
  'line.quantityChanged': send,
  'line.removed': send,
  'edit.saved': send,
  'edit.cancelled': send,
  'series.endRequested': send,
  'end.confirmed': send,
  'end.cancelled': send,
  'failure.dismissed': send,
};
for (const call of ['loadCalendar', 'loadSeries', 'createSeries', 'writeSeries'] as const) {
  executors[`xstate.done.actor.${call}`] = answer(call, 'resolve');
  executors[`xstate.error.actor.${call}`] = answer(call, 'reject');
}
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  const snapshot = sut.actor.getSnapshot();
  expect(snapshot.value).toEqual(expected.value);
  expect(selectStandingOrder(snapshot)?.status ?? null).toBe(expected.context.series?.status ?? null);
};
const view = () => selectStandingOrderView(sut.actor.getSnapshot());

describe('standing order machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          expect(sut.loadCalendar.calls).toHaveLength(0);
          expect(sut.loadSeries.calls).toHaveLength(0);
        },
        loadingCalendar: (s) => {
          sameAsModel(s);
          expect(view()).toBe('loadingCalendar');
          expect(sut.loadCalendar.calls.length).toBeGreaterThan(0);
        },
        calendarFailed: (s) => {
          sameAsModel(s);
          expect(view()).toBe('calendarFailed');
          expect(selectStandingOrderError(sut.actor.getSnapshot())).toMatchObject({ status: 500 });
        },
        composing: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(view()).toBe('form');
          // only the route's weekdays are offered, and the first date falls on the chosen one
          expect(selectServedWeekdays(snapshot)).toEqual([2, 5]);
          const form = selectStandingOrderForm(snapshot);
          expect(selectFirstDateOptions(snapshot)[0]).toBe(form.firstDeliveryDate);
          expect(form.firstDeliveryDate).toBe(form.weekday === 2 ? '2026-12-01' : '2026-12-04');
        },
        creating: (s) => {
          sameAsModel(s);
          expect(selectIsStandingOrderBusy(sut.actor.getSnapshot())).toBe(true);
          const input = sut.createSeries.calls.at(-1)!.input;
          expect(input).toMatchObject({
            name: 'Weekly bread',
            source: { kind: 'list', listId: 4 },
            endDate: null,
          });
          // the first delivery is the chosen weekday's next served day
          expect([input.weekday, input.firstDeliveryDate]).toEqual(
            input.weekday === 2 ? [2, '2026-12-01'] : [5, '2026-12-04'],
          );
        },
        createFailed: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectCreateFailed(snapshot)).toBe(true);
          expect(selectStandingOrderRefusal(snapshot)).toBe('not_served_day');
        },
        loading: (s) => {
          sameAsModel(s);
          expect(view()).toBe('loading');
          expect(sut.loadSeries.calls.at(-1)!.input).toEqual({ seriesId: 31 });
        },
        loadFailed: (s) => {
          sameAsModel(s);
          expect(view()).toBe('loadFailed');
        },
        notFound: (s) => {
          sameAsModel(s);
          expect(view()).toBe('notFound');
        },
        active: (s) => {
          sameAsModel(s);
          expect(view()).toBe('series');
          expect(selectStandingOrder(sut.actor.getSnapshot())?.status).toBe('active');
        },
        paused: (s) => {
          sameAsModel(s);
          expect(selectStandingOrder(sut.actor.getSnapshot())?.status).toBe('paused');
        },
        editingLines: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectIsEditingSeriesLines(snapshot)).toBe(true);
          expect(selectSeriesDraft(snapshot).map((l) => l.quantity)).toEqual(
            s.context.draft.map((l: { quantity: string }) => l.quantity),
          );
        },
        confirmingEnd: (s) => {
          sameAsModel(s);
          expect(selectIsConfirmingEnd(sut.actor.getSnapshot())).toBe(true);
        },
        writing: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectIsStandingOrderBusy(snapshot)).toBe(true);
          const call = sut.writeSeries.calls.at(-1)!.input;
          expect(call.seriesId).toBe(31);
          expect(call.write.kind).toBe(selectSeriesPendingWrite(snapshot));
        },
        writeFailed: (s) => {
          sameAsModel(s);
          expect(selectSeriesWriteFailed(sut.actor.getSnapshot())).toBe(true);
        },
        ended: (s) => {
          sameAsModel(s);
          expect(selectStandingOrder(sut.actor.getSnapshot())?.status).toBe('ended');
        },
      },
    });
  });

  it('moves the first delivery to the next served day of another weekday', async () => {
    sut = createSut();
    sut.actor.send(creating as never);
    sut.loadCalendar.next().resolve(calendarAnswer);
    await settle();
    sut.actor.send({ type: 'form.changed', patch: { weekday: 5 } });
    const snapshot = sut.actor.getSnapshot();
    expect(selectStandingOrderForm(snapshot).firstDeliveryDate).toBe('2026-12-04');
    expect(selectFirstDateOptions(snapshot).slice(0, 3)).toEqual(['2026-12-04', '2026-12-11', '2026-12-18']);
  });

  it('sends "every delivery" lines as typed, without the removed one', async () => {
    sut = createSut();
    sut.actor.send(viewing as never);
    sut.loadSeries.next().resolve(seriesIn('active'));
    await settle();
    sut.actor.send({ type: 'series.editStarted' });
    sut.actor.send({ type: 'line.quantityChanged', productId: 7, quantity: '4' });
    sut.actor.send({ type: 'line.removed', productId: 8 });
    sut.actor.send({ type: 'edit.saved' });
    expect(sut.writeSeries.calls.at(-1)!.input.write).toEqual({
      kind: 'lines',
      lines: [{ productId: 7, productName: 'Rye bread', quantity: '4', unit: 1 }],
    });
  });
});
