import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { Order } from '../../../src/domain/types';
import { ordersResource } from '../../../src/machines/orders/orders.machine';
import {
  selectAreOrdersLoading,
  selectClosedOrders,
  selectLatestOrders,
  selectOpenOrders,
  selectOrders,
} from '../../../src/machines/orders/orders.selectors';
import { httpError } from '../../../src/test/api-errors';
import { anOrder } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

const sevenOrders = [1, 2, 3, 4, 5, 6, 7].map((id) => anOrder({ id, isFinalized: id % 3 === 0 }));
const model = modelFor(ordersResource, {
  events: [
    { type: 'xstate.done.actor.load', output: sevenOrders },
    { type: 'xstate.error.actor.load', error: httpError(500) },
    { type: 'xstate.done.actor.reload', output: [anOrder({ id: 8 }), ...sevenOrders] },
    { type: 'xstate.error.actor.reload', error: httpError(502) },
    // the generic resource's path for a call a backend lacks (the order list is the specification's own)
    { type: 'xstate.error.actor.load', error: httpError(501) },
    { type: 'xstate.error.actor.reload', error: httpError(501) },
    { type: 'resource.patched', value: [anOrder({ id: 8 }), ...sevenOrders] },
  ],
  // the resource's one guard reads the failed call's error (an event), never the context
  serializeState: (s) => JSON.stringify(s.value),
});
const paths = [
  ...model.getShortestPaths(),
  // a refresh (another interface language) while a call is on its way starts it again in the same state
  ...model.getPathsFromEvents([{ type: 'resource.load' }, { type: 'resource.refresh' }]),
  ...model.getPathsFromEvents([
    { type: 'resource.load' },
    { type: 'xstate.done.actor.load', output: sevenOrders },
    { type: 'resource.reload' },
    { type: 'resource.refresh' },
  ]),
];
const walked = pathsToWalk('orders', ordersResource, paths);

function createSut() {
  const load = controllableActor<Order[], void>();
  const actor = createActor(ordersResource.provide({ actors: { load: load.logic } })).start();
  // what the screens should show, kept from the answers this test gave (not from the chart)
  return { actor, load, shown: [] as Order[], failure: null as number | null };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.load.next();
  if (outcome === 'resolve') {
    call.resolve(event.output as Order[]);
    sut.shown = event.output as Order[];
    sut.failure = null;
  } else {
    call.reject(event.error);
    // 501: the backend lacks the call, nothing to show as a failure
    const { status } = event.error as { status: number };
    if (status !== 501) sut.failure = status;
  }
  await settle();
};
const executors = {
  'resource.load': send,
  'resource.reload': send,
  'resource.clear': (step: { event: { type: string } }) => {
    send(step);
    sut.shown = [];
    sut.failure = null;
  },
  'resource.patched': (step: { event: { type: string } }) => {
    send(step);
    sut.shown = (step.event as ModelEvent).value as Order[];
  },
  'resource.refresh': (step: { event: { type: string } }) => {
    const onItsWay = sut.load.calls.splice(0);
    send(step);
    // the call on its way (in the old language) is aborted; a new one replaces it
    expect(onItsWay.filter((call) => !call.signal.aborted)).toEqual([]);
  },
  'xstate.done.actor.load': settleWith('resolve'),
  'xstate.error.actor.load': settleWith('reject'),
  'xstate.done.actor.reload': settleWith('resolve'),
  'xstate.error.actor.reload': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

const ids = (orders: Order[]) => orders.map((order) => order.id);
/**
 * What the order list and the home table show: the state as the model predicts; the orders as the
 * server sent them, the five newest on the home table, open and closed as each order says.
 */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  const orders = sut.shown;
  expect(ids(selectOrders(actual))).toEqual(ids(orders));
  expect(ids(selectLatestOrders(actual))).toEqual(ids(orders.slice(0, 5)));
  expect(ids(selectClosedOrders(actual))).toEqual(ids(orders.filter((order) => order.isFinalized)));
  expect(ids(selectOpenOrders(actual))).toEqual(ids(orders.filter((order) => !order.isFinalized)));
  expect(actual.context.error?.status ?? null).toBe(sut.failure);
};

describe('orders resource (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        new: sameAsModel,
        loading: (s) => {
          sameAsModel(s);
          expect(selectAreOrdersLoading(sut.actor.getSnapshot())).toBe(true);
        },
        resolved: (s) => {
          sameAsModel(s);
          // of the fixture's orders, 3 and 6 are finalized (every third)
          expect(ids(selectClosedOrders(sut.actor.getSnapshot()))).toEqual([3, 6]);
        },
        reloading: sameAsModel,
        rejected: sameAsModel,
        unavailable: sameAsModel,
      },
    });
  });
});
