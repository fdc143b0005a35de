import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { QueuedOrderChange } from '../../../src/domain/queued-order-review';
import { connectivityMachine } from '../../../src/machines/connectivity';
import {
  selectCachedAsOf,
  selectCanSendAsIs,
  selectConnectionBanner,
  selectQueuedOrderReview,
  selectRefusedChanges,
  selectWaitingOrders,
} from '../../../src/machines/connectivity/connectivity.selectors';
import type { NextQueuedOrder, RefusedCartChange } from '../../../src/machines/connectivity/outbox-calls';
import type { QueuedOrder } from '../../../src/services/offline/outbox';
import { httpError, networkError } from '../../../src/test/api-errors';
import { aProduct } from '../../../src/test/builders/catalogue';
import { controllableActor } from '../../../src/test/controllableActor';
import { answerNextCall, sendStepEvent } from '../../../src/test/model-executors';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

const order: QueuedOrder = {
  key: 'key-1',
  owner: 'buyer',
  queuedAt: '2026-11-28T09:00:00.000Z',
  submission: {
    items: [{ product: 1, quantity: '2', unit: 1 }],
    expectedDeliveryDate: '2026-12-01',
    isPreorder: false,
    customerNote: '',
  },
  lines: [{ id: 5, product: aProduct({ id: 1, name: 'Olive oil' }), quantity: '2', unit: 1 }],
  addressId: null,
  approved: false,
};
const waiting = [{ key: 'key-1', deliveryDate: '2026-12-01', lineCount: 1, queuedAt: order.queuedAt }];
const priceRose: QueuedOrderChange[] = [
  { kind: 'priceChanged', productId: 1, name: 'Olive oil', was: '10.00', now: '12.00' },
];
const dayMissed: QueuedOrderChange[] = [
  { kind: 'dayMissed', date: '2026-12-01', messageKey: 'cart.invalidDeliveryDate' },
];
const refused: RefusedCartChange[] = [{ productId: 3, name: 'Flour', detail: 'Not enough stock' }];
const next = (value: NextQueuedOrder) => value;

const model = modelFor(connectivityMachine, {
  events: [
    { type: 'outbox.counted', changes: 1, orders: [] },
    { type: 'outbox.counted', changes: 0, orders: waiting },
    { type: 'answers.cached', at: '2026-11-28T08:30:00.000Z' },
    { type: 'connectivity.lost' },
    { type: 'connectivity.restored' },
    { type: 'sync.retried' },
    { type: 'review.sentAsIs' },
    { type: 'review.returnedToCart' },
    { type: 'refused.dismissed' },
    { type: 'xstate.done.actor.sendCartChanges', output: [] },
    { type: 'xstate.done.actor.sendCartChanges', output: refused },
    { type: 'xstate.error.actor.sendCartChanges', error: networkError },
    // back online before the sign-in was renewed: tried again shortly, like no answer
    { type: 'xstate.error.actor.sendCartChanges', error: httpError(401) },
    { type: 'xstate.error.actor.sendCartChanges', error: httpError(500) },
    { type: 'xstate.done.actor.nextQueuedOrder', output: next({ kind: 'none' }) },
    { type: 'xstate.done.actor.nextQueuedOrder', output: next({ kind: 'ready', order }) },
    {
      type: 'xstate.done.actor.nextQueuedOrder',
      output: next({ kind: 'changed', order, changes: priceRose }),
    },
    {
      type: 'xstate.done.actor.nextQueuedOrder',
      output: next({ kind: 'changed', order, changes: dayMissed }),
    },
    { type: 'xstate.error.actor.nextQueuedOrder', error: networkError },
    { type: 'xstate.error.actor.nextQueuedOrder', error: httpError(500) },
    { type: 'xstate.done.actor.sendQueuedOrder', output: 42 },
    { type: 'xstate.error.actor.sendQueuedOrder', error: httpError(400, 'not_enough_stock') },
    { type: 'xstate.error.actor.sendQueuedOrder', error: httpError(503) },
    { type: 'xstate.error.actor.sendQueuedOrder', error: networkError },
    { type: 'xstate.done.actor.approveQueuedOrder' },
    { type: 'xstate.error.actor.approveQueuedOrder', error: new Error('quota') },
    { type: 'xstate.done.actor.dropQueuedOrder' },
    { type: 'xstate.error.actor.dropQueuedOrder', error: new Error('quota') },
    { type: 'xstate.after.retryAfter.connectivity.unreachable' },
  ],
  // what the guards read: whether anything waits, and whether the review allows sending as it is
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify([
      s.value,
      s.context.waitingChanges > 0 || s.context.waitingOrders.length > 0,
      selectCanSendAsIs(s as never),
    ]),
});
const walked = pathsToWalk('connectivity', connectivityMachine, model.getShortestPaths());

function createSut() {
  const calls = {
    cart: controllableActor<RefusedCartChange[], void>(),
    next: controllableActor<NextQueuedOrder, void>(),
    send: controllableActor<number, { order: QueuedOrder }>(),
    approve: controllableActor<void, { key: string }>(),
    drop: controllableActor<void, { key: string }>(),
  };
  const refreshCart = vi.fn();
  const reportOrder = vi.fn();
  const actor = createActor(
    connectivityMachine.provide({
      actors: {
        sendCartChanges: calls.cart.logic,
        nextQueuedOrder: calls.next.logic,
        sendQueuedOrder: calls.send.logic,
        approveQueuedOrder: calls.approve.logic,
        dropQueuedOrder: calls.drop.logic,
      },
      actions: { refreshCart, reportOrder: (_, params) => reportOrder(params) },
    }),
  );
  const sent: number[] = [];
  const returned: string[] = [];
  actor.on('connectivity.orderSent', (event) => sent.push(event.orderId));
  actor.on('connectivity.returnedToCart', (event) => returned.push(event.type));
  actor.start();
  return { actor, ...calls, refreshCart, reportOrder, sent, returned };
}
let sut: ReturnType<typeof createSut>;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sut?.actor.stop();
  vi.useRealTimers();
});

const settle = () => vi.advanceTimersByTimeAsync(0);
const send = sendStepEvent(() => sut.actor);
const executors = {
  'outbox.counted': send,
  'answers.cached': send,
  'connectivity.lost': send,
  'connectivity.restored': send,
  'sync.retried': send,
  'review.sentAsIs': send,
  'review.returnedToCart': send,
  'refused.dismissed': send,
  'xstate.done.actor.sendCartChanges': answerNextCall(() => sut.cart, settle),
  'xstate.error.actor.sendCartChanges': answerNextCall(() => sut.cart, settle),
  'xstate.done.actor.nextQueuedOrder': answerNextCall(() => sut.next, settle),
  'xstate.error.actor.nextQueuedOrder': answerNextCall(() => sut.next, settle),
  'xstate.done.actor.sendQueuedOrder': answerNextCall(() => sut.send, settle),
  'xstate.error.actor.sendQueuedOrder': answerNextCall(() => sut.send, settle),
  'xstate.done.actor.approveQueuedOrder': answerNextCall(() => sut.approve, settle),
  'xstate.error.actor.approveQueuedOrder': answerNextCall(() => sut.approve, settle),
  'xstate.done.actor.dropQueuedOrder': answerNextCall(() => sut.drop, settle),
  'xstate.error.actor.dropQueuedOrder': answerNextCall(() => sut.drop, settle),
  'xstate.after.retryAfter.connectivity.unreachable': () => vi.advanceTimersByTimeAsync(15_000),
};
assertExecutorsFor(walked, executors);

const banner = () => selectConnectionBanner(sut.actor.getSnapshot());
const snapshot = () => sut.actor.getSnapshot();

describe('connectivity machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        online: () => expect(banner()).toBe('none'),
        offline: () => expect(banner()).toBe('offline'),
        'syncing.cartChanges': () => expect([banner(), sut.cart.calls.length > 0]).toEqual(['syncing', true]),
        'syncing.orders': () => expect([banner(), sut.next.calls.length > 0]).toEqual(['syncing', true]),
        // the very order the check handed over is sent, with its key
        'syncing.sending': () =>
          expect([banner(), sut.send.calls.at(-1)?.input.order.key]).toEqual(['syncing', 'key-1']),
        changesRefused: () =>
          expect([banner(), selectRefusedChanges(snapshot())]).toEqual(['changesRefused', refused]),
        needsReview: () => {
          expect(banner()).toBe('needsReview');
          expect(selectQueuedOrderReview(snapshot())?.order.key).toBe('key-1');
        },
        approving: () => expect(sut.approve.calls.at(-1)?.input).toEqual({ key: 'key-1' }),
        returning: () => expect(sut.drop.calls.at(-1)?.input).toEqual({ key: 'key-1' }),
        unreachable: () => expect(banner()).toBe('unreachable'),
        syncFailed: () => expect(banner()).toBe('syncFailed'),
      },
    });
  });
});

describe('connectivity machine', () => {
  it('sends the cart changes, then the waiting order, and tells the cart of the order', async () => {
    sut = createSut();
    sut.actor.send({ type: 'outbox.counted', changes: 2, orders: waiting });
    sut.cart.next().resolve([]);
    await settle();
    sut.next.next().resolve({ kind: 'ready', order });
    await settle();
    sut.send.next().resolve(42);
    await settle();
    sut.next.next().resolve({ kind: 'none' });
    await settle();
    expect([banner(), sut.sent, sut.reportOrder.mock.calls, selectWaitingOrders(snapshot())]).toEqual([
      'none',
      [42],
      [[{ orderId: 42 }]],
      [],
    ]);
  });

  it('offers "Send as it is" for a new price but not for a missed delivery day', async () => {
    sut = createSut();
    sut.actor.send({ type: 'outbox.counted', changes: 0, orders: waiting });
    sut.cart.next().resolve([]);
    await settle();
    sut.next.next().resolve({ kind: 'changed', order, changes: dayMissed });
    await settle();
    sut.actor.send({ type: 'review.sentAsIs' });
    expect([banner(), selectCanSendAsIs(snapshot()), sut.approve.calls.length]).toEqual([
      'needsReview',
      false,
      0,
    ]);
    sut.actor.send({ type: 'review.returnedToCart' });
    sut.drop.next().resolve();
    await settle();
    expect(sut.returned).toEqual(['connectivity.returnedToCart']);
  });

  it('keeps the oldest time a saved answer was shown, and forgets it once back online', () => {
    sut = createSut();
    sut.actor.send({ type: 'connectivity.lost' });
    sut.actor.send({ type: 'answers.cached', at: '2026-11-28T08:30:00.000Z' });
    sut.actor.send({ type: 'answers.cached', at: '2026-11-28T09:00:00.000Z' });
    expect(selectCachedAsOf(snapshot())).toBe('2026-11-28T08:30:00.000Z');
    sut.actor.send({ type: 'connectivity.restored' });
    expect(selectCachedAsOf(snapshot())).toBeNull();
  });
});
