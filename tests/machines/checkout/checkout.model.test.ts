import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromCallback } from 'xstate';
import type { OrderSubmissionItem } from '../../../src/domain/types';
import {
  type CheckoutDraft,
  checkoutMachine,
  chosenAddressId,
  type DraftStoreEvent,
  type OrderPreview,
  type PlaceOrderInput,
  type PreviewOrderInput,
} from '../../../src/machines/checkout/checkout.machine';
import {
  selectCanSubmit,
  selectConfirmsWithoutPreview,
  selectDateMovedNotice,
  selectIsConfirming,
  selectPreviewFailed,
} from '../../../src/machines/checkout/checkout.selectors';
import { checkDeliveryDate } from '../../../src/machines/checkout/delivery-day';
import { SLOW_ANSWER_MS } from '../../../src/machines/kernel/slow-answer';
import { ApiError } from '../../../src/services/api/errors';
import { httpError, networkError } from '../../../src/test/api-errors';
import { anAddress } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { answerNextCall } from '../../../src/test/model-executors';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';
import { twoRouteCalendar } from './delivery-calendar-fixture';

// The form counts its dates from the clock, and each attempt draws its key from crypto: both fixed here.
// The slow-answer delay runs on fake time too, so answers reach the actor by advancing it.
vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: new Date(2026, 10, 20, 12, 0) });
const settle = () => vi.advanceTimersByTimeAsync(0);
vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValue('key-1-0-0-0');
const offlineError = new ApiError({ kind: 'network', call: 'POST orders', code: 'offline' }, 'offline');
const lines: OrderSubmissionItem[] = [{ product: 7, quantity: '2', unit: 1, cartItem: 107 }];
// what a reload found: the form as typed, with and without the order that was on its way
const typedDraft: CheckoutDraft = {
  deliveryDate: '2026-12-01',
  isPreorder: true,
  customerNote: 'Gate 2',
  pending: null,
};
const pendingDraft: CheckoutDraft = {
  ...typedDraft,
  pending: {
    submission: {
      items: lines,
      expectedDeliveryDate: '2026-12-01',
      isPreorder: true,
      customerNote: 'Gate 2',
    },
    idempotencyKey: 'key-before-reload',
  },
};
const preview: OrderPreview = {
  totals: {
    subtotal: '40.00',
    discountAmount: '0.00',
    tax: '0.00',
    depositTotal: '0.00',
    total: '40.00',
    totalWithoutTax: '40.00',
  },
  taxApplies: true,
  priceBasis: 'gross',
  total: '45.00',
  suborders: [],
};
// the company's two delivery addresses, each on its own route (twoRouteCalendar)
const addresses = [anAddress({ pk: 2, name: 'Shop Altona' }), anAddress({ pk: 3, name: 'Shop Ottensen' })];
const modelMachine = checkoutMachine.provide({
  actions: { reportOrder: () => undefined, refetchCart: () => undefined, reportError: () => undefined },
});

/**
 * Exactly what the guards read besides the event: hasItems, dateIsWrong (at the chosen address),
 * addressMovesDate (whether each address's route serves the date), knownAddress (the addresses are
 * loaded: both or none), savesPending, linesInvalid.
 * A snapshot on a path stands for every context with its key, so the walk compares only the key.
 */
const modelKey = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.items.length > 0,
    checkDeliveryDate(s.context.deliveryDate, s.context.calendar, new Date(), chosenAddressId(s.context)).ok,
    s.context.calendar !== null &&
      s.context.deliveryDate !== '' &&
      [2, 3].map((id) => checkDeliveryDate(s.context.deliveryDate, s.context.calendar, new Date(), id).ok),
    s.context.deliveryAddresses.length > 0,
    s.context.savesPending,
    s.context.linesInvalid,
  ]);

const model = modelFor(modelMachine, {
  events: [
    // the cart tells its lines after every change
    { type: 'checkout.itemsChanged', items: lines },
    { type: 'checkout.itemsChanged', items: [] },
    { type: 'checkout.dateChanged', date: '' },
    { type: 'checkout.dateChanged', date: '2026-11-21' },
    { type: 'checkout.dateChanged', date: '2026-12-01' },
    { type: 'checkout.preorderChanged', isPreorder: true },
    { type: 'checkout.noteChanged', note: 'Gate 2' },
    { type: 'xstate.done.actor.previewOrder', output: preview },
    { type: 'xstate.error.actor.previewOrder', error: httpError(500) },
    // a backend without the order preview answers its call 501 (or 405, or a bare 404)
    { type: 'xstate.error.actor.previewOrder', error: httpError(501) },
    { type: 'xstate.done.actor.placeOrder', output: 900 },
    { type: 'xstate.error.actor.placeOrder', error: networkError },
    // the browser was offline: the order is kept on the device instead
    { type: 'xstate.error.actor.placeOrder', error: offlineError },
    { type: 'xstate.done.actor.queueOrder' },
    { type: 'xstate.error.actor.queueOrder', error: new Error('IndexedDB is not available') },
    { type: 'xstate.error.actor.placeOrder', error: httpError(409, 'cart_changed') },
    { type: 'xstate.error.actor.placeOrder', error: httpError(400, 'minimum_order_not_reached') },
    // the cart tells whether a line's change is still on its way
    { type: 'checkout.savesChanged', pending: true },
    { type: 'checkout.savesChanged', pending: false },
    // the cart tells whether a line shows text that is no quantity
    { type: 'checkout.linesInvalidChanged', invalid: true },
    { type: 'checkout.linesInvalidChanged', invalid: false },
    { type: 'checkout.draftRestored', draft: typedDraft },
    { type: 'checkout.draftRestored', draft: pendingDraft },
    // the calendar loader: the company's calendar, none (the specification's rule), or a failed load
    { type: 'checkout.calendarLoaded', calendar: twoRouteCalendar },
    { type: 'checkout.calendarLoaded', calendar: null },
    { type: 'checkout.calendarFailed', error: networkError },
    // the countdown: the chosen day's cut-off has passed
    { type: 'checkout.cutoffPassed' },
    // the address loader, and the customer choosing where the order goes (each address its route)
    { type: 'checkout.addressesNeeded' },
    { type: 'checkout.addressesLoaded', addresses },
    { type: 'checkout.addressesFailed', error: networkError },
    { type: 'checkout.addressChanged', addressId: 3 },
    { type: 'checkout.addressChanged', addressId: 2 },
  ],
  serializeState: (s) => modelKey(s),
});
const paths = [
  ...model.getShortestPaths(),
  // edits that change no guard's answer loop back to the same key: walked here
  ...model.getPathsFromEvents([
    { type: 'checkout.preorderChanged', isPreorder: true },
    { type: 'checkout.noteChanged', note: 'Gate 2' },
    { type: 'checkout.draftRestored', draft: typedDraft },
    // a failed calendar load changes nothing the guards read: the specification's rule holds
    { type: 'checkout.calendarFailed', error: networkError },
    { type: 'checkout.addressesFailed', error: networkError },
    // the form asks for the addresses; their answer is its own event
    { type: 'checkout.addressesNeeded' },
    // without a calendar every address is served alike: another address keeps the date
    { type: 'checkout.addressesLoaded', addresses },
    { type: 'checkout.addressChanged', addressId: 3 },
  ]),
];
const walked = pathsToWalk('checkout', modelMachine, paths);

function createSut() {
  const previewOrder = controllableActor<OrderPreview, PreviewOrderInput>();
  const placeOrder = controllableActor<number, PlaceOrderInput>();
  const queueOrder = controllableActor<void, PlaceOrderInput>();
  const reported = vi.fn();
  const refetches = vi.fn();
  /** what the draft store was told, in order */
  const stored: DraftStoreEvent[] = [];
  const draftStore = fromCallback<DraftStoreEvent>(({ receive }) => receive((event) => stored.push(event)));
  const reportedErrors = vi.fn();
  const machine = checkoutMachine.provide({
    actors: {
      previewOrder: previewOrder.logic,
      placeOrder: placeOrder.logic,
      queueOrder: queueOrder.logic,
      draftStore,
    },
    actions: {
      reportOrder: ({ context }) => reported(context.orderId),
      refetchCart: refetches,
      reportError: reportedErrors,
    },
  });
  const actor = createActor(machine).start();
  return {
    actor,
    previewOrder,
    placeOrder,
    queueOrder,
    reported,
    refetches,
    reportedErrors,
    stored,
    placeCalls: 0,
    previewCalls: 0,
  };
}
type Sut = ReturnType<typeof createSut>;
let sut: Sut;
afterEach(() => sut?.actor.stop());

/** calls not answered yet and not aborted (cancelling the dialog aborts the preview) */
const running = <K extends 'previewOrder' | 'placeOrder'>(which: K) =>
  (sut[which].calls as Array<{ signal: AbortSignal }>).filter(
    (call) => !call.signal.aborted,
  ) as Sut[K]['calls'];
const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleCall =
  (which: 'previewOrder' | 'placeOrder', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = running(which)[0];
    if (!call) throw new Error(`${which} is not running`);
    const calls: unknown[] = sut[which].calls;
    calls.splice(calls.indexOf(call), 1);
    if (outcome === 'resolve') call.resolve(event.output as never);
    else call.reject(event.error);
    await settle();
  };
const track = (step: { event: { type: string } }) => {
  const before = sut.actor.getSnapshot();
  send(step);
  const after = sut.actor.getSnapshot();
  if (after.matches('previewing') && !before.matches('previewing')) sut.previewCalls += 1;
  if (after.matches('submitting') && !before.matches('submitting')) sut.placeCalls += 1;
};
const executors = {
  'checkout.dateChanged': send,
  'checkout.preorderChanged': send,
  'checkout.noteChanged': send,
  'checkout.submitted': track,
  'checkout.confirmed': track,
  'checkout.cancelled': send,
  'checkout.retried': track,
  'checkout.finished': send,
  'checkout.reset': send,
  'checkout.itemsChanged': send,
  'checkout.savesChanged': track,
  'checkout.linesInvalidChanged': send,
  'checkout.saveFailed': send,
  'checkout.draftRestored': send,
  'checkout.resumed': track,
  'checkout.discarded': send,
  'checkout.calendarLoaded': send,
  'checkout.calendarFailed': send,
  'checkout.addressesNeeded': send,
  'checkout.addressesLoaded': send,
  'checkout.addressesFailed': send,
  'checkout.addressChanged': send,
  // the countdown's report, sent as it sends it (its own timing is tested in checkout-calendar.test.ts)
  'checkout.cutoffPassed': send,
  'xstate.after.slowAnswer.checkout.submitting.waiting': () => vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS),
  'xstate.done.actor.previewOrder': settleCall('previewOrder', 'resolve'),
  'xstate.error.actor.previewOrder': settleCall('previewOrder', 'reject'),
  'xstate.done.actor.placeOrder': settleCall('placeOrder', 'resolve'),
  'xstate.error.actor.placeOrder': settleCall('placeOrder', 'reject'),
  'xstate.done.actor.queueOrder': answerNextCall(() => sut.queueOrder, settle),
  'xstate.error.actor.queueOrder': answerNextCall(() => sut.queueOrder, settle),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) =>
  expect(modelKey(sut.actor.getSnapshot())).toBe(modelKey(expected));
/** the machine under test's own context (a path's snapshot stands for every context with its key) */
const context = () => sut.actor.getSnapshot().context;
/** the draft store's last word: the form as shown, with the order on its way while it has a key */
const lastStored = () => sut.stored.at(-1);

describe('checkout machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'form.editing': (s) => {
          sameAsModel(s);
          // the earliest served day of the chosen address's route with the calendar, today + 7 without one
          const earliest = { 2: '2026-11-24', 3: '2026-11-25' }[chosenAddressId(context()) ?? 2];
          expect(context().minDeliveryDate).toBe(context().calendar ? earliest : '2026-11-27');
          // a submit with a missing or too early date sends nothing
          expect(running('previewOrder').length + running('placeOrder').length).toBe(0);
          // Order is disabled while a line shows text that is no quantity
          expect(s.context.linesInvalid && selectCanSubmit(sut.actor.getSnapshot())).toBe(false);
        },
        previewing: (s) => {
          sameAsModel(s);
          expect(running('previewOrder')).toHaveLength(1);
          expect(running('previewOrder')[0]?.input.submission).toMatchObject({
            items: [{ product: 7, quantity: '2', unit: 1 }],
            expectedDeliveryDate: context().deliveryDate,
          });
          // the chosen address goes with the order once the company's addresses are known
          expect(running('previewOrder')[0]?.input.submission.deliveryAddress).toBe(
            chosenAddressId(context()) ?? undefined,
          );
        },
        previewFailed: (s) => {
          sameAsModel(s);
          expect(selectPreviewFailed(sut.actor.getSnapshot())).toBe(true);
          expect(context().error?.kind).toBe('http');
        },
        confirmingWithoutPreview: (s) => {
          sameAsModel(s);
          // the dialog is open on the cart's own summary: no preview asked for, none shown, no "try again"
          expect(selectIsConfirming(sut.actor.getSnapshot())).toBe(true);
          expect(selectConfirmsWithoutPreview(sut.actor.getSnapshot())).toBe(true);
          expect(selectPreviewFailed(sut.actor.getSnapshot())).toBe(false);
          expect(context().preview).toBeNull();
          expect(running('previewOrder')).toHaveLength(0);
          expect(running('placeOrder')).toHaveLength(0);
        },
        confirming: (s) => {
          sameAsModel(s);
          expect(context().preview).toEqual(preview);
          expect(running('placeOrder')).toHaveLength(0);
        },
        submitting: (s) => {
          sameAsModel(s);
          // one order call per submit, always with the attempt's key
          expect(running('placeOrder')).toHaveLength(1);
          const call = running('placeOrder')[0];
          // a new attempt draws a key; one restored after a reload sends the key it had
          expect(call?.input.idempotencyKey).toBe(context().idempotencyKey);
          expect(['key-1-0-0-0', 'key-before-reload']).toContain(call?.input.idempotencyKey);
          // the order and its key are in the tab before the answer comes
          expect(sut.stored).toContainEqual({
            type: 'draft.saved',
            draft: expect.objectContaining({
              pending: { submission: call?.input.submission, idempotencyKey: call?.input.idempotencyKey },
            }),
          });
          // Cancel is refused until the answer is slow
          expect(sut.actor.getSnapshot().can({ type: 'checkout.cancelled' })).toBe(
            s.matches({ submitting: 'slow' }),
          );
        },
        waitingForSaves: (s) => {
          sameAsModel(s);
          expect(s.context.savesPending).toBe(true);
          expect(running('previewOrder').length + running('placeOrder').length).toBe(0);
        },
        'form.lineSaveFailed': (s) => {
          sameAsModel(s);
          expect(running('previewOrder').length + running('placeOrder').length).toBe(0);
        },
        queueing: (s) => {
          sameAsModel(s);
          // the very order and key that could not be sent are kept
          const kept = sut.queueOrder.calls.at(-1)?.input;
          expect(kept?.idempotencyKey).toBe(context().idempotencyKey);
          expect(kept?.submission).toEqual(context().submission);
        },
        queued: (s) => {
          sameAsModel(s);
          // nothing more is sent from here, and no order number is claimed
          expect(running('placeOrder')).toHaveLength(0);
          expect(sut.reported).not.toHaveBeenCalled();
          expect(lastStored()).toEqual({ type: 'draft.cleared' });
        },
        submitCancelled: (s) => {
          sameAsModel(s);
          // the call was given up, the attempt kept: a retry sends the same key
          expect(running('placeOrder')).toHaveLength(0);
          expect(context().idempotencyKey).not.toBeNull();
          expect(context().submission).not.toBeNull();
          expect(sut.reported).not.toHaveBeenCalled();
        },
        'form.dateMoved': (s) => {
          sameAsModel(s);
          // the dialog closed: nothing is on its way with the old date
          expect(running('previewOrder').length + running('placeOrder').length).toBe(0);
          expect(selectDateMovedNotice(sut.actor.getSnapshot())).toEqual(context().dateMoved);
        },
        'form.minimumNotReached': (s) => {
          sameAsModel(s);
          // the cart is fetched afresh (another tab changed it) and the attempt forgotten
          expect(sut.refetches).toHaveBeenCalledTimes(1);
          expect(context().idempotencyKey).toBeNull();
          expect(running('placeOrder')).toHaveLength(0);
        },
        'form.cartChanged': (s) => {
          sameAsModel(s);
          expect(sut.refetches).toHaveBeenCalledTimes(1);
          expect(context().idempotencyKey).toBeNull();
          expect(lastStored()).toEqual({
            type: 'draft.saved',
            draft: expect.objectContaining({ pending: null }),
          });
        },
        resumable: (s) => {
          sameAsModel(s);
          expect(context().submission).toEqual(pendingDraft.pending?.submission);
          expect(context().idempotencyKey).toBe('key-before-reload');
          expect(running('placeOrder')).toHaveLength(0);
        },
        submitFailed: (s) => {
          sameAsModel(s);
          expect(sut.reported).not.toHaveBeenCalled();
          // no answer, or (offline) the device could not keep the order: either way the attempt stays for Try again
          expect(['network', 'unknown']).toContain(context().error?.kind);
          expect(context().idempotencyKey).not.toBeNull();
          expect(sut.actor.getSnapshot().can({ type: 'checkout.retried' })).toBe(true);
        },
        succeeded: (s) => {
          sameAsModel(s);
          expect(context().orderId).toBe(900);
          expect(sut.reported).toHaveBeenCalledWith(900);
          expect(lastStored()).toEqual({ type: 'draft.cleared' });
        },
      },
    });
  });
});
