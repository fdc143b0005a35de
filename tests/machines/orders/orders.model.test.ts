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
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { requireFullCoverage } from '../../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { anOrder, httpError } from '../cart/cart-fixtures';

const sevenOrders = [1, 2, 3, 4, 5, 6, 7].map((id) => anOrder(id, undefined, id % 3 === 0));
const model = modelFor(ordersResource, {
  events: [
    { type: 'xstate.done.actor.load', output: sevenOrders },
    { type: 'xstate.error.actor.load', error: httpError(500) },
    { type: 'xstate.done.actor.reload', output: [anOrder(8), ...sevenOrders] },
    { type: 'xstate.error.actor.reload', error: httpError(502) },
    // the generic resource's path for a call a backend lacks (the order list is the specification's own)
    { type: 'xstate.error.actor.load', error: httpError(501) },
    { type: 'xstate.error.actor.reload', error: httpError(501) },
    { type: 'resource.patched', value: [anOrder(8), ...sevenOrders] },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      (s.context.value as Order[] | null)?.length ?? null,
      s.context.error?.status ?? null,
    ]),
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
requireFullCoverage('orders', ordersResource, paths);

function createSut() {
  const load = controllableActor<Order[], void>();
  const actor = createActor(ordersResource.provide({ actors: { load: load.logic } })).start();
  return { actor, load };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.load.next();
  if (outcome === 'resolve') call.resolve(event.output as Order[]);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'resource.load': send,
  'resource.reload': send,
  'resource.clear': send,
  'resource.patched': send,
  'resource.refresh': (step: { event: { type: string } }) => {
    const onItsWay = sut.load.calls.splice(0);
    send(step);
    // the call on its way (in the old language) is aborted; a new one replaces it
    expect(onItsWay.every((call) => call.signal.aborted)).toBe(true);
  },
  'xstate.done.actor.load': settleWith('resolve'),
  'xstate.error.actor.load': settleWith('reject'),
  'xstate.done.actor.reload': settleWith('resolve'),
  'xstate.error.actor.reload': settleWith('reject'),
};
assertExecutorsFor(paths, executors);

/** What the order list and the home table show. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  const orders = (expected.context.value as Order[] | null) ?? [];
  expect(selectOrders(actual).map((o) => o.id)).toEqual(orders.map((o) => o.id));
  expect(selectLatestOrders(actual).map((o) => o.id)).toEqual(orders.slice(0, 5).map((o) => o.id));
  expect(selectOpenOrders(actual).length + selectClosedOrders(actual).length).toBe(orders.length);
  expect(actual.context.error?.status ?? null).toBe(expected.context.error?.status ?? null);
};

describe('orders resource (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
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
          expect(selectClosedOrders(sut.actor.getSnapshot()).every((o) => o.isFinalized)).toBe(true);
        },
        reloading: sameAsModel,
        rejected: sameAsModel,
        unavailable: sameAsModel,
      },
    });
  });
});
