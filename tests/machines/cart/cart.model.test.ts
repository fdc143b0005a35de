import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, getInitialSnapshot } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { cartMachine, lineId, REMOVE_MISSING_ITEM_MESSAGE } from '../../../src/machines/cart/cart.machine';
import { selectIsCartEmpty, selectIsCartLoading } from '../../../src/machines/cart/cart.selectors';
import type { CartLineRef } from '../../../src/machines/cart/cart-line.machine';
import { httpError } from '../../../src/test/api-errors';
import { aCartItem, boxedProduct, units } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { pathsToWalk } from '../../../src/test/walk';

const product7 = { ...boxedProduct, id: 7, name: 'Product 7' };
const product8 = { ...boxedProduct, id: 8, name: 'Product 8' };

const fetched7 = aCartItem({ id: 107, product: product7, quantity: '2' });
const refetched7 = aCartItem({ id: 107, product: product7, quantity: '5' });
const replaced7 = aCartItem({ id: 107, product: product7, quantity: '4', unit: 2 });
const added8 = aCartItem({ id: 108, product: product8, quantity: '2' });
const saved8 = aCartItem({ id: 108, product: product8, quantity: '3' });

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
  // `isInCart`, the one guard, reads which products have a line
  serializeState: (s) => JSON.stringify([s.value, (s.context.items as CartItem[]).map((i) => i.product.id)]),
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
    // Changes that leave which products have a line as they were: shortest paths never take them.
    [
      { type: 'cart.load' },
      { type: 'xstate.done.actor.fetchCart', output: [fetched7] },
      { type: 'cart.unitsLoaded', units },
      { type: 'cart.itemReplaced', item: replaced7 },
      { type: 'cart.itemRemoved', productId: 9 },
      { type: 'cart.itemErrorDismissed' },
      { type: 'cart.itemSaved', item: saved8 },
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
const walked = pathsToWalk('cart', cartMachine, paths);

/**
 * The cart as the customer should see it, kept here from what the server answered and what was done
 * (spec point 4: one line per product; adding a product already there, or changing one that is not, is
 * refused with a message), independently of the chart.
 */
interface ShownCart {
  items: CartItem[];
  itemError: { code: string; productId: number; message?: string } | null;
  errorStatus: number | null;
  busy: number[];
  invalid: number[];
}

function createSut() {
  const fetchCart = controllableActor<CartItem[], void>();
  const actor = createActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } }));
  const placed: number[] = [];
  actor.on('cart.orderPlaced', (event) => placed.push(event.orderId));
  actor.start();
  const shown: ShownCart = { items: [], itemError: null, errorStatus: null, busy: [], invalid: [] };
  return { actor, fetchCart, placed, ordersPlacedSent: 0, shown };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => {
  if (step.event.type === 'cart.orderPlaced') sut.ordersPlacedSent += 1;
  sut.actor.send(step.event as never);
  shownAfter[step.event.type]?.(step.event as ModelEvent);
};
/** calls still running: not answered yet, and not aborted (a clear or a new fetch aborts the one before) */
const running = () => sut.fetchCart.calls.filter((call) => !call.signal.aborted);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = running().at(-1);
  if (!call) throw new Error('fetchCart is not running');
  sut.fetchCart.calls.splice(sut.fetchCart.calls.indexOf(call), 1);
  if (outcome === 'resolve') {
    call.resolve(event.output as CartItem[]);
    const items = event.output as CartItem[];
    const kept = (ids: number[]) => ids.filter((id) => items.some((item) => item.product.id === id));
    Object.assign(sut.shown, {
      items,
      errorStatus: null,
      busy: kept(sut.shown.busy),
      invalid: kept(sut.shown.invalid),
    });
  } else {
    call.reject(event.error);
    sut.shown.errorStatus = (event.error as { status: number }).status;
  }
  await settle();
};
const has = (productId: number) => sut.shown.items.some((item) => item.product.id === productId);
const notInCart = (productId: number) => ({
  code: 'notInCart',
  productId,
  message: REMOVE_MISSING_ITEM_MESSAGE,
});
const without = (ids: number[], productId: number) => ids.filter((id) => id !== productId);
/** What each change does to the cart the customer sees. */
const shownAfter: Record<string, (event: ModelEvent) => void> = {
  'cart.clear': () => {
    sut.shown = { items: [], itemError: null, errorStatus: null, busy: [], invalid: [] };
  },
  'cart.itemAdded': (event) => {
    const { item } = event as unknown as { item: CartItem };
    if (has(item.product.id)) sut.shown.itemError = { code: 'alreadyInCart', productId: item.product.id };
    else Object.assign(sut.shown, { items: [...sut.shown.items, item], itemError: null });
  },
  'cart.itemReplaced': (event) => {
    const { item } = event as unknown as { item: CartItem };
    if (!has(item.product.id)) sut.shown.itemError = notInCart(item.product.id);
    else
      Object.assign(sut.shown, {
        items: sut.shown.items.map((current) => (current.product.id === item.product.id ? item : current)),
        itemError: null,
      });
  },
  'cart.itemSaved': (event) => {
    const { item } = event as unknown as { item: CartItem };
    const items = has(item.product.id)
      ? sut.shown.items.map((current) => (current.product.id === item.product.id ? item : current))
      : [...sut.shown.items, item];
    Object.assign(sut.shown, { items, itemError: null });
  },
  'cart.itemRemoved': (event) => {
    const productId = event.productId as number;
    if (!has(productId)) sut.shown.itemError = notInCart(productId);
    else
      Object.assign(sut.shown, {
        items: sut.shown.items.filter((item) => item.product.id !== productId),
        itemError: null,
        busy: without(sut.shown.busy, productId),
        invalid: without(sut.shown.invalid, productId),
      });
  },
  'cart.itemErrorDismissed': () => {
    sut.shown.itemError = null;
  },
  'cart.lineBusy': (event) => {
    sut.shown.busy = [...without(sut.shown.busy, event.productId as number), event.productId as number];
  },
  'cart.lineSettled': (event) => {
    sut.shown.busy = without(sut.shown.busy, event.productId as number);
  },
  'cart.lineFailed': (event) => {
    sut.shown.busy = without(sut.shown.busy, event.productId as number);
  },
  'cart.lineInvalid': (event) => {
    const others = without(sut.shown.invalid, event.productId as number);
    sut.shown.invalid = event.invalid ? [...others, event.productId as number] : others;
  },
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
assertExecutorsFor(walked, executors);

/** The state as the model predicts; items, messages and one live line per item as the customer should see them. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context.items).toEqual(sut.shown.items);
  expect(actual.context.itemError).toEqual(sut.shown.itemError);
  expect(actual.context.error?.status ?? null).toBe(sut.shown.errorStatus);
  const lines = Object.keys(actual.children).filter((id) => id.startsWith('line.'));
  expect(lines.sort()).toEqual(actual.context.items.map((i) => lineId(i.product.id)).sort());
  const lineOf = (item: CartItem) =>
    (actual.children as Record<string, CartLineRef>)[lineId(item.product.id)]?.getSnapshot().context;
  expect(actual.context.items.map((item) => lineOf(item)?.item)).toEqual(sut.shown.items);
  // every line counts its maximum in the units the cart knows
  expect(actual.context.items.map((item) => lineOf(item)?.units)).toEqual(
    actual.context.items.map(() => actual.context.units),
  );
  expect(sut.placed).toHaveLength(sut.ordersPlacedSent);
  // the checkout hears whether a line's change is still on its way
  expect(actual.children.checkout?.getSnapshot().context.savesPending).toBe(sut.shown.busy.length > 0);
  // ... and whether a line of the cart shows text that is no quantity (Order waits for the fix)
  expect(
    actual.context.invalidLines.every((id) => actual.context.items.some((i) => i.product.id === id)),
  ).toBe(true);
  expect(actual.children.checkout?.getSnapshot().context.linesInvalid).toBe(sut.shown.invalid.length > 0);
};

describe('cart machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
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
          expect(selectIsCartEmpty(sut.actor.getSnapshot())).toBe(sut.shown.items.length === 0);
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
