import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { OrderSubmissionItem } from '../../src/domain/types';
import {
  checkoutMachine,
  type OrderPreview,
  type PlaceOrderInput,
  type PreviewOrderInput,
} from '../../src/machines/checkout.machine';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { requireFullCoverage } from '../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../src/test/modelFor';
import { httpError, networkError } from './cart-fixtures';

// The form counts its dates from the clock, and each attempt draws its key from crypto: both fixed here.
vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 20, 12, 0) });
vi.spyOn(globalThis.crypto, 'randomUUID').mockReturnValue('key-1-0-0-0');
const lines: OrderSubmissionItem[] = [{ product: 7, quantity: '2', unit: 1 }];
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
const modelMachine = checkoutMachine.provide({ actions: { reportOrder: () => undefined } });

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
    { type: 'xstate.done.actor.placeOrder', output: 900 },
    { type: 'xstate.error.actor.placeOrder', error: networkError },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.items.length,
      s.context.deliveryDate,
      s.context.dateError,
      s.context.isPreorder,
      s.context.customerNote,
      s.context.idempotencyKey,
      s.context.error?.kind ?? null,
    ]),
});
const paths = model.getShortestPaths();
requireFullCoverage('checkout', modelMachine, paths);

function createSut() {
  const previewOrder = controllableActor<OrderPreview, PreviewOrderInput>();
  const placeOrder = controllableActor<number, PlaceOrderInput>();
  const reported = vi.fn();
  const machine = checkoutMachine.provide({
    actors: { previewOrder: previewOrder.logic, placeOrder: placeOrder.logic },
    actions: { reportOrder: ({ context }) => reported(context.orderId) },
  });
  const actor = createActor(machine).start();
  return { actor, previewOrder, placeOrder, reported, placeCalls: 0, previewCalls: 0 };
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
  'xstate.done.actor.previewOrder': settleCall('previewOrder', 'resolve'),
  'xstate.error.actor.previewOrder': settleCall('previewOrder', 'reject'),
  'xstate.done.actor.placeOrder': settleCall('placeOrder', 'resolve'),
  'xstate.error.actor.placeOrder': settleCall('placeOrder', 'reject'),
};
assertExecutorsFor(paths, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  const { value, context } = sut.actor.getSnapshot();
  expect(value).toEqual(expected.value);
  expect([context.deliveryDate, context.dateError, context.isPreorder, context.customerNote]).toEqual([
    expected.context.deliveryDate,
    expected.context.dateError,
    expected.context.isPreorder,
    expected.context.customerNote,
  ]);
  expect(context.idempotencyKey).toBe(expected.context.idempotencyKey);
  expect(context.orderId).toBe(expected.context.orderId);
  expect(context.error?.kind ?? null).toBe(expected.context.error?.kind ?? null);
};

describe('checkout machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        editing: (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().context.minDeliveryDate).toBe('2026-11-27');
          // a submit with a missing or too early date sends nothing
          expect(running('previewOrder').length + running('placeOrder').length).toBe(0);
        },
        previewing: (s) => {
          sameAsModel(s);
          expect(running('previewOrder')).toHaveLength(1);
          expect(running('previewOrder')[0]?.input.submission).toMatchObject({
            items: [{ product: 7, quantity: '2', unit: 1 }],
            expectedDeliveryDate: s.context.deliveryDate,
          });
        },
        previewFailed: sameAsModel,
        confirming: (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().context.preview).toEqual(preview);
          expect(running('placeOrder')).toHaveLength(0);
        },
        submitting: (s) => {
          sameAsModel(s);
          // one order call per submit, always with the attempt's key
          expect(running('placeOrder')).toHaveLength(1);
          expect(running('placeOrder')[0]?.input.idempotencyKey).toBe('key-1-0-0-0');
        },
        submitFailed: (s) => {
          sameAsModel(s);
          expect(sut.reported).not.toHaveBeenCalled();
          expect(sut.actor.getSnapshot().can({ type: 'checkout.retried' })).toBe(true);
        },
        succeeded: (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().context.orderId).toBe(900);
          expect(sut.reported).toHaveBeenCalledWith(900);
        },
      },
    });
  });
});
