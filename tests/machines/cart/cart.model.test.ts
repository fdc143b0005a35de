import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, getInitialSnapshot } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { cartMachine, lineId, REMOVE_MISSING_ITEM_MESSAGE } from '../../../src/machines/cart/cart.machine';
import { selectIsCartEmpty, selectIsCartLoading } from '../../../src/machines/cart/cart.selectors';
import type { CartLineRef } from '../../../src/machines/cart/cart-line.machine';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { requireFullCoverage } from '../../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { units } from '../../domain/fixtures';
import { aCartItem, httpError } from './cart-fixtures';

const fetched7 = aCartItem(7, '2');
const refetched7 = aCartItem(7, '5');
const replaced7 = aCartItem(7, '4', 2);
const added8 = aCartItem(8, '2');
const saved8 = aCartItem(8, '3');

const model = modelFor(cartMachine, {
  events: [
    { type: 'cart.unitsLoaded', units },
    { type: 'xstate.done.actor.fetchCart', output: [fetched7] },
    { type: 'xstate.done.actor.fetchCart', output: [] },
    { type: 'xstate.error.actor.fetchCart', error: httpError(500) },
    { type: 'xstate.done.actor.refetchCart', output: [refetched7] },
    { type: 'xstate.done.actor.refetchCart', output: [] },
    { type: 'xstate.error.actor.refetchCart', error: httpError(503) },
    { type: 'cart.itemAdded', item: fetched7 },
    { type: 'cart.itemAdded', item: added8 },
    { type: 'cart.itemReplaced', item: replaced7 },
    { type: 'cart.itemRemoved', productId: 7 },
    { type: 'cart.itemRemoved', productId: 9 },
    { type: 'cart.itemSaved', item: saved8 },
    { type: 'cart.orderPlaced', orderId: 900 },
    // a line's change on its way, stored, refused (the checkout waits for them)
    { type: 'cart.lineBusy', productId: 7 },
    { type: 'cart.lineSettled', productId: 7 },
    { type: 'cart.lineFailed', productId: 7 },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      (s.context.items as CartItem[]).map((i) => `${i.product.id}:${i.quantity}:${i.unit}`),
      s.context.itemError ?? null,
      s.context.error?.status ?? null,
      s.context.units !== null,
    ]),
});
// Saving a product that has a line lands on the same snapshot as saving it into an empty cart,
// so shortest paths take only one of the two; this path takes the replace.
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents(
    [
      { type: 'cart.itemAdded', item: added8 },
      { type: 'cart.itemSaved', item: saved8 },
    ],
    // (its `input` option does not reach the traversal; a start snapshot does)
    { fromState: getInitialSnapshot(cartMachine) },
  ),
  // A refetch asked for while one runs restarts it: same snapshot, so shortest paths never take it.
  ...model.getPathsFromEvents(
    [
      { type: 'cart.load' },
      { type: 'xstate.done.actor.fetchCart', output: [] },
      { type: 'cart.fetch' },
      { type: 'cart.fetch' },
    ],
    { fromState: getInitialSnapshot(cartMachine) },
  ),
  // A line's change on its way, then stored or refused: the cart's own state does not move.
  ...[
    [
      { type: 'cart.lineBusy', productId: 7 },
      { type: 'cart.lineSettled', productId: 7 },
    ],
    [
      { type: 'cart.lineBusy', productId: 7 },
      { type: 'cart.lineFailed', productId: 7 },
    ],
    [{ type: 'cart.load' }, { type: 'cart.fetch' }],
    // Another tab changed the cart: it is fetched afresh from wherever it stands (and not before it is shown)
    [{ type: 'cart.changedElsewhere' }],
    [{ type: 'cart.load' }, { type: 'cart.changedElsewhere' }],
    [
      { type: 'cart.load' },
      { type: 'xstate.done.actor.fetchCart', output: [] },
      { type: 'cart.changedElsewhere' },
      { type: 'cart.changedElsewhere' },
    ],
    [
      { type: 'cart.load' },
      { type: 'xstate.error.actor.fetchCart', error: httpError(500) },
      { type: 'cart.changedElsewhere' },
    ],
    // A line shows text that is no quantity, then is fixed: the cart's own state does not move.
    [
      { type: 'cart.load' },
      { type: 'xstate.done.actor.fetchCart', output: [fetched7] },
      { type: 'cart.lineInvalid', productId: 7, invalid: true },
      { type: 'cart.lineInvalid', productId: 7, invalid: false },
    ],
    // ... or is removed with the text still in it
    [
      { type: 'cart.load' },
      { type: 'xstate.done.actor.fetchCart', output: [fetched7] },
      { type: 'cart.lineInvalid', productId: 7, invalid: true },
      { type: 'cart.itemRemoved', productId: 7 },
    ],
  ].flatMap((events) =>
    model.getPathsFromEvents(events as ModelEvent[], { fromState: getInitialSnapshot(cartMachine) }),
  ),
];
requireFullCoverage('cart', cartMachine, paths);

function createSut() {
  const fetchCart = controllableActor<CartItem[], void>();
  const actor = createActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } }));
  const placed: number[] = [];
  actor.on('cart.orderPlaced', (event) => placed.push(event.orderId));
  actor.start();
  return { actor, fetchCart, placed, ordersPlacedSent: 0 };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => {
  if (step.event.type === 'cart.orderPlaced') sut.ordersPlacedSent += 1;
  sut.actor.send(step.event as never);
};
/** calls still running: not answered yet, and not aborted (a clear or a new fetch aborts the one before) */
const running = () => sut.fetchCart.calls.filter((call) => !call.signal.aborted);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = running().at(-1);
  if (!call) throw new Error('fetchCart is not running');
  sut.fetchCart.calls.splice(sut.fetchCart.calls.indexOf(call), 1);
  if (outcome === 'resolve') call.resolve(event.output as CartItem[]);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'cart.load': send,
  'cart.fetch': send,
  'cart.changedElsewhere': send,
  'cart.clear': send,
  'cart.itemAdded': send,
  'cart.itemReplaced': send,
  'cart.itemRemoved': send,
  'cart.itemSaved': send,
  'cart.itemErrorDismissed': send,
  'cart.unitsLoaded': send,
  'cart.orderPlaced': send,
  'cart.lineBusy': send,
  'cart.lineSettled': send,
  'cart.lineFailed': send,
  'cart.lineInvalid': send,
  'xstate.done.actor.fetchCart': settleWith('resolve'),
  'xstate.error.actor.fetchCart': settleWith('reject'),
  'xstate.done.actor.refetchCart': settleWith('resolve'),
  'xstate.error.actor.refetchCart': settleWith('reject'),
};
assertExecutorsFor(paths, executors);

/** Items, errors and one live line per item, exactly as the model predicts. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.items).toEqual(expected.context.items);
  expect(actual.context.itemError).toEqual(expected.context.itemError);
  expect(actual.context.error?.status ?? null).toBe(expected.context.error?.status ?? null);
  const lines = Object.keys(actual.children).filter((id) => id.startsWith('line.'));
  expect(lines.sort()).toEqual(actual.context.items.map((i) => lineId(i.product.id)).sort());
  for (const item of actual.context.items) {
    const line = (actual.children as Record<string, CartLineRef>)[lineId(item.product.id)];
    expect(line?.getSnapshot().context.item).toEqual(item);
    // every line counts its maximum in the units the cart knows
    expect(line?.getSnapshot().context.units).toEqual(actual.context.units);
  }
  if (actual.context.itemError?.code === 'notInCart')
    expect(actual.context.itemError.message).toBe(REMOVE_MISSING_ITEM_MESSAGE);
  expect(sut.placed).toHaveLength(sut.ordersPlacedSent);
  // the checkout hears whether a line's change is still on its way
  expect(actual.children.checkout?.getSnapshot().context.savesPending).toBe(
    actual.context.busyLines.length > 0,
  );
  // ... and whether a line of the cart shows text that is no quantity (Order waits for the fix)
  expect(
    actual.context.invalidLines.every((id) => actual.context.items.some((i) => i.product.id === id)),
  ).toBe(true);
  expect(actual.children.checkout?.getSnapshot().context.linesInvalid).toBe(
    actual.context.invalidLines.length > 0,
  );
};

describe('cart machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        new: (s) => {
          sameAsModel(s);
          expect(running()).toHaveLength(0);
        },
        loading: (s) => {
          sameAsModel(s);
          expect(selectIsCartLoading(sut.actor.getSnapshot())).toBe(true);
          expect(running()).toHaveLength(1);
        },
        resolved: (s) => {
          sameAsModel(s);
          expect(selectIsCartEmpty(sut.actor.getSnapshot())).toBe(s.context.items.length === 0);
        },
        reloading: (s) => {
          sameAsModel(s);
          expect(running()).toHaveLength(1);
        },
        rejected: (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().context.error?.status).toBeGreaterThanOrEqual(500);
        },
      },
    });
  });
});
