import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, getInitialSnapshot } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { cartMachine } from '../../../src/machines/cart/cart.machine';
import {
  type AddLinesInput,
  bindReorder,
  reorderLines,
  reorderMachine,
} from '../../../src/machines/orders/reorder.machine';
import {
  selectIsReorderDone,
  selectIsReordering,
  selectReorderAdded,
  selectReorderChanged,
  selectReorderError,
  selectReorderMode,
  selectReorderUnavailable,
} from '../../../src/machines/orders/reorder.selectors';
import type { CartBulkLineResult } from '../../../src/services/api/cart';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { anOrder, anOrderLine, aProduct, aSuborder } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const lineOf = (id: number, quantity: string) =>
  anOrderLine({ product: aProduct({ id, name: `Product ${id}` }), quantity });
const order = anOrder({
  id: 501,
  suborders: [aSuborder({ items: [lineOf(7, '2'), lineOf(8, '5'), lineOf(9, '1')] })],
});
// product 9 was in the cart (3 pieces): the answer says what its line held and holds now
const results: CartBulkLineResult[] = [
  { index: 0, product: 7, status: 'added', written: { id: 1, quantity: '2', unit: 1 }, previous: null },
  {
    index: 1,
    product: 8,
    status: 'rejected',
    code: 'not_enough_stock',
    errors: { quantity: ['Not enough stock: with 4 pieces in the cart, at most 1 more piece.'] },
    maxQuantity: 1,
    previous: { quantity: '4', unit: 1 },
  },
  {
    index: 2,
    product: 9,
    status: 'increased',
    written: { id: 2, quantity: '4', unit: 1 },
    previous: { quantity: '3', unit: 1 },
  },
];

const model = modelFor(reorderMachine, {
  input: { order },
  events: [
    { type: 'reorder.modeChosen', mode: 'replace' },
    { type: 'xstate.done.actor.addLines', output: results },
    { type: 'xstate.error.actor.addLines', error: httpError(500) },
  ],
  // the chart has no guards: the state is the whole key
  serializeState: (s) => JSON.stringify(s.value),
});
// choosing the mode changes no state value, so shortest paths never take it; this path does
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents(
    [
      { type: 'reorder.modeChosen', mode: 'replace' },
      { type: 'reorder.started' },
      { type: 'xstate.done.actor.addLines', output: results },
    ],
    { fromState: getInitialSnapshot(reorderMachine, { order }) },
  ),
];
const walked = pathsToWalk('reorder', reorderMachine, paths);

function createSut() {
  const addLines = controllableActor<CartBulkLineResult[], AddLinesInput>();
  const fetchCart = controllableActor<CartItem[], void>();
  const cart = createActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } })).start();
  // the bound machine refetches the app's cart (reached through the ports); the bulk add is the test's
  const bound = bindReorder(testPorts(unusedApi, cart)).provide({ actors: { addLines: addLines.logic } });
  const actor = createActor(bound, { input: { order } }).start();
  /** the mode the buyer chose last (adding to the cart's lines unless told otherwise) */
  return { actor, addLines, cart, fetchCart, mode: 'add' as string };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => {
  sut?.actor.stop();
  sut?.cart.stop();
});

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.addLines.next();
  if (outcome === 'resolve') call.resolve(event.output as CartBulkLineResult[]);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'reorder.modeChosen': (step: { event: { type: string } }) => {
    sut.mode = (step.event as ModelEvent).mode as string;
    send(step);
  },
  'reorder.started': send,
  'reorder.retried': send,
  'xstate.done.actor.addLines': settleWith('resolve'),
  'xstate.error.actor.addLines': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(sut.actor.getSnapshot().value).toEqual(expected.value);
  expect(selectReorderMode(sut.actor.getSnapshot())).toBe(sut.mode);
};

describe('reorder machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          expect(sut.addLines.calls).toHaveLength(0);
        },
        adding: (s) => {
          sameAsModel(s);
          expect(selectIsReordering(sut.actor.getSnapshot())).toBe(true);
          expect(sut.addLines.calls).toHaveLength(1);
          expect(sut.addLines.calls[0]!.input.lines).toEqual(reorderLines(order).map((l) => l.write));
          // lines of products in the cart add to them unless the buyer chose to replace
          expect(sut.addLines.calls.at(-1)!.input.mode).toBe(sut.mode);
        },
        done: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectIsReorderDone(snapshot)).toBe(true);
          // what is still available went in; what is not is listed with the reason
          expect(selectReorderAdded(snapshot).map((i) => i.product.id)).toEqual([7, 9]);
          // the line already in the cart says what it held and holds now
          expect(
            selectReorderChanged(snapshot).map((c) => [c.item.product.id, c.status, c.from, c.to]),
          ).toEqual([[9, 'increased', { quantity: '3', unit: 1 }, { quantity: '4', unit: 1 }]]);
          // a refusal for stock keeps how many more fit, and whether it was of the sum with the cart
          expect(
            selectReorderUnavailable(snapshot).map((u) => [
              u.item.product.id,
              u.code,
              u.maxQuantity,
              u.besideCart,
            ]),
          ).toEqual([[8, 'not_enough_stock', 1, sut.mode === 'add']]);
          // the cart shows the new lines
          expect(sut.cart.getSnapshot().value).toBe('loading');
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectReorderError(sut.actor.getSnapshot())).toMatchObject({ status: 500 });
        },
      },
    });
  });

  it('sends every line of every suborder with its quantity, unit and campaign', () => {
    expect(reorderLines(order).map((l) => l.write)).toEqual([
      { product: 7, campaign: null, quantity: '2', unit: 1 },
      { product: 8, campaign: null, quantity: '5', unit: 1 },
      { product: 9, campaign: null, quantity: '1', unit: 1 },
    ]);
  });
});
