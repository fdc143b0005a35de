import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, getInitialSnapshot } from 'xstate';
import type { Order } from '../../src/domain/types';
import {
  amendmentOf,
  hasDraftChanges,
  isDraftComplete,
} from '../../src/machines/orders/order-amendment.draft';
import {
  type AmendOrderInput,
  bindOrderAmendment,
  type CancelOrderInput,
  type LoadOrderInput,
  type OrderAmendmentEmitted,
  orderAmendmentMachine,
} from '../../src/machines/orders/order-amendment.machine';
import {
  selectAmendedOrder,
  selectAmendmentCountdown,
  selectAmendmentDraft,
  selectAmendmentError,
  selectAmendmentExpired,
  selectAmendmentFailed,
  selectAmendmentRefusal,
  selectAmendmentRefused,
  selectCanAmend,
  selectChangedElsewhere,
  selectHasUnsentChanges,
  selectIsAmending,
  selectIsCancelling,
  selectIsConfirmingCancel,
  selectIsConfirmingLeave,
  selectIsReloadingOrder,
  selectIsReviewing,
  selectIsSending,
  selectRefusedForCutoff,
} from '../../src/machines/orders/order-amendment.selectors';
import type { PortalApi } from '../../src/services/api';
import { httpError, networkError } from '../../src/test/api-errors';
import { anOrder, anOrderLine, aProduct, aSuborder, units } from '../../src/test/builders';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../src/test/modelFor';
import { testPorts } from '../../src/test/ports';
import { pathsToWalk } from '../../src/test/walk';

// far ahead: the real countdown child never reports on its own in the walk
const amendableUntil = '2099-11-30T17:00:00.000Z';
const oil = aProduct({ id: 7, name: 'Sunflower oil 1 l', quantityInStock: 100 });
const flour = aProduct({ id: 8, name: 'Flour 1 kg', quantityInStock: 50 });
const order: Order = anOrder({
  id: 501,
  version: 1,
  amendableUntil,
  cancelledAt: null,
  expectedDeliveryDate: '2099-12-01',
  suborders: [aSuborder({ items: [anOrderLine({ product: oil, quantity: '2.000', unit: 1 })] })],
});
/** the answer to a change: the second version, still changeable */
const changed: Order = { ...order, version: 2, total: '55.00' };
/** the answer to a cancel: no longer changeable */
const cancelled: Order = { ...order, version: 2, cancelledAt: '2099-11-29T09:00:00Z', amendableUntil: null };
/** the order as another tab left it */
const current: Order = { ...order, version: 3, total: '77.00' };

const input = { order, offered: true, units };

/** Exactly what the guards read besides the state. */
const modelKey = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.operation,
    s.context.passed,
    isDraftComplete(s.context.draft),
    hasDraftChanges(s.context.draft, s.context.order),
    s.context.offered && !!s.context.order.amendableUntil,
  ]);

const refusals = {
  cutoff: httpError(409, 'order_cutoff_passed'),
  changed: httpError(409, 'order_changed'),
  invalid: httpError(400, 'not_enough_stock'),
  network: networkError,
};

const model = modelFor(orderAmendmentMachine, {
  input,
  events: [
    { type: 'amendment.quantityTyped', key: 'line-0', text: '5' },
    { type: 'amendment.quantityTyped', key: 'line-0', text: 'five' },
    { type: 'amendment.quantityStepped', key: 'line-0', step: 'increase' },
    { type: 'amendment.unitChanged', key: 'line-0', unit: 2 },
    { type: 'amendment.lineRemoved', key: 'line-0' },
    { type: 'amendment.productAdded', product: flour },
    { type: 'amendment.dayChanged', day: '2099-12-02' },
    { type: 'amendment.noteChanged', note: 'Ring twice' },
    { type: 'amendment.unitsKnown', units },
    { type: 'xstate.done.actor.amendOrder', output: changed },
    ...Object.values(refusals).map((error) => ({ type: 'xstate.error.actor.amendOrder', error })),
    { type: 'xstate.done.actor.cancelOrder', output: cancelled },
    ...Object.values(refusals).map((error) => ({ type: 'xstate.error.actor.cancelOrder', error })),
    { type: 'xstate.done.actor.loadOrder', output: current },
    { type: 'xstate.error.actor.loadOrder', error: networkError },
  ],
  serializeState: modelKey,
});
// editing a line, the day or the note may keep the key (the draft stays complete and changed): walked here
const edits: ModelEvent[] = [
  { type: 'amendment.quantityTyped', key: 'line-0', text: '5' },
  // down, not up: an ordered line has no stock maximum, and the walk of repeated steps must end
  { type: 'amendment.quantityStepped', key: 'line-0', step: 'decrease' },
  { type: 'amendment.unitChanged', key: 'line-0', unit: 2 },
  { type: 'amendment.productAdded', product: flour },
  { type: 'amendment.lineRemoved', key: 'line-0' },
  { type: 'amendment.dayChanged', day: '2099-12-02' },
  { type: 'amendment.noteChanged', note: 'Ring twice' },
];
const walked = pathsToWalk('orderAmendment', orderAmendmentMachine, [
  ...model.getShortestPaths(),
  ...edits.flatMap((edit) =>
    model.getPathsFromEvents([{ type: 'amendment.changeRequested' }, edit], {
      fromState: getInitialSnapshot(orderAmendmentMachine, input),
    }),
  ),
]);

function createSut() {
  const amendOrder = controllableActor<Order, AmendOrderInput>();
  const cancelOrder = controllableActor<Order, CancelOrderInput>();
  const loadOrder = controllableActor<Order, LoadOrderInput>();
  const actor = createActor(
    orderAmendmentMachine.provide({
      actors: { amendOrder: amendOrder.logic, cancelOrder: cancelOrder.logic, loadOrder: loadOrder.logic },
    }),
    { input },
  );
  const replaced: Order[] = [];
  actor.on('amendment.orderReplaced', (event: OrderAmendmentEmitted) => replaced.push(event.order));
  actor.start();
  const sent = { amend: [] as AmendOrderInput[], cancel: [] as CancelOrderInput[], load: 0 };
  return { actor, amendOrder, cancelOrder, loadOrder, replaced, sent };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith =
  (which: 'amendOrder' | 'cancelOrder' | 'loadOrder', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = sut[which].next();
    if (which === 'amendOrder') sut.sent.amend.push(call.input as AmendOrderInput);
    if (which === 'cancelOrder') sut.sent.cancel.push(call.input as CancelOrderInput);
    if (outcome === 'resolve') call.resolve(event.output as Order);
    else call.reject(event.error);
    await settle();
  };
const executors = {
  'amendment.changeRequested': send,
  'amendment.cancelRequested': send,
  'amendment.quantityTyped': send,
  'amendment.quantityStepped': send,
  'amendment.unitChanged': send,
  'amendment.lineRemoved': send,
  'amendment.productAdded': send,
  'amendment.dayChanged': send,
  'amendment.noteChanged': send,
  'amendment.reviewRequested': send,
  'amendment.editRequested': send,
  'amendment.sendRequested': send,
  'amendment.retried': send,
  'amendment.closeRequested': send,
  'amendment.leaveConfirmed': send,
  'amendment.leaveCancelled': send,
  'amendment.cancelConfirmed': send,
  'amendment.cancelDismissed': send,
  'amendment.dismissed': send,
  'amendment.unitsKnown': send,
  // the countdown child's report (its own clock is tested below and in the countdown's test)
  'checkout.cutoffPassed': send,
  'xstate.done.actor.amendOrder': settleWith('amendOrder', 'resolve'),
  'xstate.error.actor.amendOrder': settleWith('amendOrder', 'reject'),
  'xstate.done.actor.cancelOrder': settleWith('cancelOrder', 'resolve'),
  'xstate.error.actor.cancelOrder': settleWith('cancelOrder', 'reject'),
  'xstate.done.actor.loadOrder': settleWith('loadOrder', 'resolve'),
  'xstate.error.actor.loadOrder': settleWith('loadOrder', 'reject'),
};
assertExecutorsFor(walked, executors);

const snapshot = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(modelKey(snapshot())).toBe(modelKey(expected));
  // the page shows what the server last answered, and is told each time
  expect(selectAmendedOrder(snapshot())).toEqual(sut.replaced.at(-1) ?? order);
};

describe('order amendment machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        open: (s) => {
          sameAsModel(s);
          expect(selectCanAmend(snapshot())).toBe(true);
          // the countdown counts to the order's last instant for changes
          expect(selectAmendmentCountdown(snapshot())?.getSnapshot().context.cutoffAt).toBe(amendableUntil);
        },
        closed: (s) => {
          sameAsModel(s);
          expect(selectCanAmend(snapshot())).toBe(false);
        },
        expired: (s) => {
          sameAsModel(s);
          expect(selectAmendmentExpired(snapshot())).toBe(true);
          expect(selectCanAmend(snapshot())).toBe(false);
        },
        editing: (s) => {
          sameAsModel(s);
          expect(selectIsAmending(snapshot())).toBe(true);
        },
        confirmingLeave: (s) => {
          sameAsModel(s);
          expect(selectIsConfirmingLeave(snapshot())).toBe(true);
          // only unsent changes ask before leaving
          expect(selectHasUnsentChanges(snapshot())).toBe(true);
        },
        reviewing: (s) => {
          sameAsModel(s);
          expect(selectIsReviewing(snapshot())).toBe(true);
        },
        sending: (s) => {
          sameAsModel(s);
          expect(selectIsSending(snapshot())).toBe(true);
          // the draft goes out against the version the buyer saw
          const shown = snapshot().context;
          expect(sut.amendOrder.calls.at(-1)?.input).toEqual({
            orderId: 501,
            amendment: amendmentOf(shown.draft, shown.order),
          });
          expect(sut.amendOrder.calls.at(-1)?.input.amendment.version).toBe(shown.order.version);
        },
        confirmingCancel: (s) => {
          sameAsModel(s);
          expect(selectIsConfirmingCancel(snapshot())).toBe(true);
          expect(sut.cancelOrder.calls).toHaveLength(0);
        },
        cancelling: (s) => {
          sameAsModel(s);
          expect(selectIsCancelling(snapshot())).toBe(true);
          expect(sut.cancelOrder.calls.at(-1)?.input).toEqual({
            orderId: 501,
            version: selectAmendedOrder(snapshot()).version,
          });
        },
        refused: (s) => {
          sameAsModel(s);
          expect(selectAmendmentRefused(snapshot())).toBe(true);
          expect(selectAmendmentRefusal(snapshot())?.code).toBe('order_cutoff_passed');
          // the notice names the cut-off's time
          expect(selectRefusedForCutoff(snapshot())).toBe(true);
        },
        reloading: (s) => {
          sameAsModel(s);
          expect(selectIsReloadingOrder(snapshot())).toBe(true);
          expect(sut.loadOrder.calls.at(-1)?.input).toEqual({ orderId: 501 });
        },
        changedElsewhere: (s) => {
          sameAsModel(s);
          expect(selectChangedElsewhere(snapshot())).toBe(true);
          // the current order is shown: nothing of the draft was sent
          expect(selectAmendedOrder(snapshot()).version).toBe(3);
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectAmendmentFailed(snapshot())).toBe(true);
          // no answer, a server fault, or a cancel refused for another reason: Try again is offered
          expect(selectAmendmentError(snapshot())).not.toBeNull();
        },
      },
    });
  });
});

describe('order amendment, its clock and its calls', () => {
  it('the buttons go when the cut-off passes with the page open', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      now: new Date('2026-11-30T15:00:00Z'),
    });
    try {
      const soon = { ...order, amendableUntil: '2026-11-30T17:00:00.000Z' };
      const actor = createActor(orderAmendmentMachine, { input: { ...input, order: soon } }).start();
      expect(selectCanAmend(actor.getSnapshot())).toBe(true);
      await vi.advanceTimersByTimeAsync(2 * 60 * 60_000 - 60_000);
      expect(selectCanAmend(actor.getSnapshot())).toBe(true);
      await vi.advanceTimersByTimeAsync(2 * 60_000);
      expect(selectAmendmentExpired(actor.getSnapshot())).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a draft open when the cut-off passes stays, and closing it then shows why the buttons went', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'clearTimeout'],
      now: new Date('2026-11-30T16:59:00Z'),
    });
    try {
      const soon = { ...order, amendableUntil: '2026-11-30T17:00:00.000Z' };
      const actor = createActor(orderAmendmentMachine, { input: { ...input, order: soon } }).start();
      actor.send({ type: 'amendment.changeRequested' });
      actor.send({ type: 'amendment.quantityTyped', key: 'line-0', text: '4' });
      await vi.advanceTimersByTimeAsync(2 * 60_000);
      expect(selectIsAmending(actor.getSnapshot())).toBe(true);
      expect(selectAmendmentDraft(actor.getSnapshot()).lines[0]?.control.quantityText).toBe('4');
      actor.send({ type: 'amendment.closeRequested' });
      actor.send({ type: 'amendment.leaveConfirmed' });
      expect(selectAmendmentExpired(actor.getSnapshot())).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a backend without order changes offers neither button', () => {
    const actor = createActor(orderAmendmentMachine, { input: { ...input, offered: false } }).start();
    expect(selectCanAmend(actor.getSnapshot())).toBe(false);
    actor.stop();
  });

  it('the bound machine sends the draft with PUT and the cancel with its version', async () => {
    const api = {
      amendOrder: vi.fn(async () => changed),
      cancelOrder: vi.fn(async () => cancelled),
    } as unknown as PortalApi;
    const actor = createActor(bindOrderAmendment(testPorts(api)), { input }).start();
    actor.send({ type: 'amendment.changeRequested' });
    actor.send({ type: 'amendment.quantityTyped', key: 'line-0', text: '5' });
    actor.send({ type: 'amendment.productAdded', product: flour });
    actor.send({ type: 'amendment.reviewRequested' });
    actor.send({ type: 'amendment.sendRequested' });
    await settle();
    expect(api.amendOrder).toHaveBeenCalledWith(
      501,
      {
        version: 1,
        items: [
          { product: 7, quantity: '5', unit: 1 },
          { product: 8, quantity: '1', unit: 1 },
        ],
        expectedDeliveryDate: '2099-12-01',
        customerNote: '',
      },
      expect.anything(),
    );
    expect(selectAmendedOrder(actor.getSnapshot()).version).toBe(2);
    actor.send({ type: 'amendment.cancelRequested' });
    actor.send({ type: 'amendment.cancelConfirmed' });
    await settle();
    expect(api.cancelOrder).toHaveBeenCalledWith(501, 2, expect.anything());
    expect(selectCanAmend(actor.getSnapshot())).toBe(false);
    actor.stop();
  });
});
