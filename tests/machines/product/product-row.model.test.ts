import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromCallback, fromPromise } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { cartMachine } from '../../../src/machines/cart/cart.machine';
import { selectLineRefOf } from '../../../src/machines/cart/cart.selectors';
import type { SaveInput } from '../../../src/machines/product/add-to-cart.machine';
import {
  bindProductRow,
  type ProductRowEmitted,
  type ProductRowEvent,
  productRowMachine,
  type WatchRowCartInput,
} from '../../../src/machines/product/product-row.machine';
import {
  selectCanRowAdd,
  selectIsRowAdding,
  selectIsRowInCart,
  selectRowQuantityMessageKey,
  selectRowQuantityText,
  selectRowUnitId,
} from '../../../src/machines/product/product-row.selectors';
import type { PortalApi } from '../../../src/services/api';
import { httpError } from '../../../src/test/api-errors';
import { aCartItem, boxedProduct, units } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const product7 = { ...boxedProduct, id: 7, name: 'Product 7' };

// 12 pieces a box, 40 boxes a pallet; the stock fills boxes but not one pallet
const item = aCartItem({ id: 107, product: product7, quantity: '3', unit: 2 });
const product = { ...item.product, quantityInStock: 100 };
const modelMachine = productRowMachine.provide({
  actors: { watchCart: fromCallback<ProductRowEvent, WatchRowCartInput>(() => undefined) },
});

const model = modelFor(modelMachine, {
  // woken up before the units arrived: they come as an event
  input: { product, units: null },
  events: [
    { type: 'productRow.unitsLoaded', units },
    { type: 'productRow.quantityTyped', text: '3' },
    { type: 'productRow.quantityTyped', text: 'x' },
    { type: 'productRow.unitSelected', unitId: 2 },
    // a pallet: the stock does not fill one, nothing can be added
    { type: 'productRow.unitSelected', unitId: 3 },
    // not one of the product's units: refused by the guard
    { type: 'productRow.unitSelected', unitId: 99 },
    { type: 'productRow.addRequested' },
    { type: 'productRow.cartChanged', inCart: true },
    { type: 'productRow.cartChanged', inCart: false },
    { type: 'xstate.done.actor.saveToCart', output: item },
    { type: 'xstate.error.actor.saveToCart', error: httpError(500) },
  ],
  // what the guards read: canAdd the quantity, the unit and (through the maximum) the units;
  // isOrderableUnit whether there are units; the cart guards only their event
  serializeState: (s) => JSON.stringify([s.value, s.context.quantity, s.context.unitId, !!s.context.units]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('productRow', modelMachine, paths);

/** The row against a stand-in cart watcher the test drives, and a controllable save. */
function createSut() {
  const save = controllableActor<CartItem, SaveInput>();
  let report: ((event: ProductRowEvent) => void) | undefined;
  const saved: CartItem[] = [];
  const machine = productRowMachine.provide({
    actors: {
      saveToCart: save.logic,
      watchCart: fromCallback<ProductRowEvent, WatchRowCartInput>(({ sendBack }) => {
        report = sendBack;
      }),
    },
    actions: { saveInCart: (_, params: { item: CartItem }) => void saved.push(params.item) },
  });
  const actor = createActor(machine, { input: { product, units: null } });
  const emitted: ProductRowEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, save, emitted, saved, sendFromCart: (event: ProductRowEvent) => report?.(event) };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.save.next();
  if (outcome === 'resolve') call.resolve(event.output as CartItem);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'productRow.unitsLoaded': send,
  'productRow.quantityTyped': send,
  'productRow.unitSelected': send,
  'productRow.addRequested': send,
  'productRow.cartChanged': (step: { event: { type: string } }) =>
    sut.sendFromCart(step.event as ProductRowEvent),
  'xstate.done.actor.saveToCart': settleWith('resolve'),
  'xstate.error.actor.saveToCart': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

/**
 * The row shows what the model says: state and unit, and a box showing the model's quantity as a
 * number (or, without one, text that is no number); the add button follows the guard.
 */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const s = sut.actor.getSnapshot();
  expect(s.value).toEqual(expected.value);
  const text = selectRowQuantityText(s);
  expect(/^\d+$/.test(text) ? Number(text) : null).toBe(expected.context.quantity);
  expect(selectRowUnitId(s)).toBe(expected.context.unitId);
};
/** A row that can edit: the add button is on exactly for a valid quantity of a unit the stock fills. */
const editable = (expected: AnyMachineSnapshot) => {
  sameAsModel(expected);
  const s = sut.actor.getSnapshot();
  const { unitId, quantityText } = s.context;
  const fillable = unitId === 1 || unitId === 2;
  expect(selectCanRowAdd(s)).toBe(fillable && /^\d+$/.test(quantityText));
  expect(selectRowQuantityMessageKey(s)).toBe(
    fillable && quantityText === 'x' ? 'quantity.invalidAmount' : null,
  );
};

describe('product row machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        checking: (s) => {
          sameAsModel(s);
          expect(selectCanRowAdd(sut.actor.getSnapshot())).toBe(false);
        },
        'offered.editing': editable,
        adding: (s) => {
          sameAsModel(s);
          expect(selectIsRowAdding(sut.actor.getSnapshot())).toBe(true);
          expect(selectCanRowAdd(sut.actor.getSnapshot())).toBe(false);
          const { quantity, unitId } = sut.actor.getSnapshot().context;
          expect(sut.save.calls.at(-1)?.input).toMatchObject({ quantity, unit: unitId });
        },
        inCart: (s) => {
          sameAsModel(s);
          expect(selectIsRowInCart(sut.actor.getSnapshot())).toBe(true);
          expect(selectCanRowAdd(sut.actor.getSnapshot())).toBe(false);
          // every add that succeeded told the customer and the cart (the saved line)
          const added = sut.emitted.filter((event) => event.type === 'productRow.added');
          expect(sut.saved).toEqual(added.map(() => item));
        },
        'offered.failed': (s) => {
          editable(s);
          expect(sut.emitted.at(-1)).toMatchObject({ type: 'productRow.failed', productId: 7 });
        },
      },
    });
  });
});

describe('product row with the real cart', () => {
  function withCart(lines: CartItem[]) {
    const cart = createActor(
      cartMachine.provide({ actors: { fetchCart: fromPromise(async () => lines) } }),
    ).start();
    cart.send({ type: 'cart.load' });
    const calls: string[] = [];
    const api = {
      addCartItem: async (body: { quantity: string; unit: number }) => {
        calls.push(`POST ${body.quantity}/${body.unit}`);
        return { id: 55, quantity: body.quantity, unit: body.unit };
      },
    } as unknown as PortalApi;
    const actor = createActor(bindProductRow(testPorts(api, cart)), { input: { product, units } });
    const emitted: ProductRowEmitted[] = [];
    actor.on('*', (event) => emitted.push(event));
    actor.start();
    return { cart, actor, calls, emitted };
  }

  it('adds the typed quantity in the chosen unit; the cart then has a line actor for the row to edit', async () => {
    const t = withCart([]);
    await settle();
    expect(t.actor.getSnapshot().value).toEqual({ offered: 'editing' });
    expect(selectRowUnitId(t.actor.getSnapshot())).toBe(1);
    t.actor.send({ type: 'productRow.unitSelected', unitId: 2 });
    t.actor.send({ type: 'productRow.quantityTyped', text: '4' });
    t.actor.send({ type: 'productRow.addRequested' });
    await settle();
    expect(t.calls).toEqual(['POST 4/2']);
    expect(t.emitted).toEqual([{ type: 'productRow.added', productId: 7 }]);
    expect(t.actor.getSnapshot().value).toBe('inCart');
    expect(selectLineRefOf(t.cart.getSnapshot(), 7)?.getSnapshot().context.quantity).toBe(4);
    // the line leaves the cart: the row offers the default line again
    t.cart.send({ type: 'cart.itemRemoved', productId: 7 });
    expect(t.actor.getSnapshot().value).toEqual({ offered: 'editing' });
    expect(selectRowQuantityText(t.actor.getSnapshot())).toBe('1');
    expect(selectLineRefOf(t.cart.getSnapshot(), 7)).toBeUndefined();
    t.actor.stop();
    t.cart.stop();
  });

  it('a row of a product already in the cart waits in "in cart" and never adds', async () => {
    const t = withCart([item]);
    await settle();
    expect(t.actor.getSnapshot().value).toBe('inCart');
    t.actor.send({ type: 'productRow.addRequested' });
    await settle();
    expect(t.calls).toEqual([]);
    t.actor.stop();
    t.cart.stop();
  });

  it('clamps a typed quantity to the stock in the unit (100 pieces are 8 boxes)', async () => {
    const t = withCart([]);
    await settle();
    t.actor.send({ type: 'productRow.unitSelected', unitId: 2 });
    t.actor.send({ type: 'productRow.quantityTyped', text: '50' });
    expect(selectRowQuantityText(t.actor.getSnapshot())).toBe('8');
    t.actor.stop();
    t.cart.stop();
  });
});
