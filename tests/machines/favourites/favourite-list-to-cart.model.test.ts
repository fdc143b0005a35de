import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { CartItem } from '../../../src/domain/types';
import { cartMachine } from '../../../src/machines/cart/cart.machine';
import {
  type AddListLinesInput,
  bindFavouriteListToCart,
  favouriteListToCartMachine,
  type ToCartLine,
  toCartWrites,
} from '../../../src/machines/favourites/favourite-list-to-cart.machine';
import {
  selectToCartAdded,
  selectToCartBusy,
  selectToCartChanged,
  selectToCartDone,
  selectToCartError,
  selectToCartMode,
  selectToCartUnavailable,
} from '../../../src/machines/favourites/favourite-list-to-cart.selectors';
import type { CartBulkLineResult } from '../../../src/services/api/cart';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { aCampaignProduct, aProduct } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const lines: ToCartLine[] = [
  { productId: 7, product: aProduct({ id: 7 }), quantity: '2', unit: 1 },
  { productId: 8, product: aProduct({ id: 8 }), quantity: '5', unit: 2 },
  { productId: 6, product: null, quantity: '1', unit: 1 },
  { productId: 9, product: aCampaignProduct({ id: 9 }), quantity: '1', unit: 1 },
];
const goneOnly: ToCartLine[] = [{ productId: 6, product: null, quantity: '1', unit: 1 }];
// product 9 was in the cart (3 pieces); product 8 was not
const results: CartBulkLineResult[] = [
  { index: 0, product: 7, status: 'added', written: { id: 1, quantity: '2', unit: 1 }, previous: null },
  {
    index: 1,
    product: 8,
    status: 'rejected',
    code: 'out_of_stock',
    errors: { quantity: ['Out of stock.'] },
    maxQuantity: null,
    previous: null,
  },
  {
    index: 2,
    product: 9,
    status: 'increased',
    written: { id: 2, quantity: '4', unit: 1 },
    previous: { quantity: '3', unit: 1 },
  },
];

const model = modelFor(favouriteListToCartMachine, {
  events: [
    { type: 'toCart.modeChosen', mode: 'replace' },
    { type: 'toCart.requested', lines },
    { type: 'toCart.requested', lines: goneOnly },
    { type: 'xstate.done.actor.addLines', output: results },
    { type: 'xstate.error.actor.addLines', error: httpError(500) },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.mode,
      s.context.lines.length,
      s.context.unavailable.length,
      s.context.error?.status ?? null,
    ]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('favouriteListToCart', favouriteListToCartMachine, paths);

function createSut() {
  const addLines = controllableActor<CartBulkLineResult[], AddListLinesInput>();
  const fetchCart = controllableActor<CartItem[], void>();
  const cart = createActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } })).start();
  const bound = bindFavouriteListToCart(testPorts(unusedApi, cart)).provide({
    actors: { addLines: addLines.logic },
  });
  const actor = createActor(bound).start();
  return { actor, addLines, cart, fetchCart };
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
  'toCart.modeChosen': send,
  'toCart.requested': send,
  'toCart.retried': send,
  'toCart.dismissed': send,
  'xstate.done.actor.addLines': settleWith('resolve'),
  'xstate.error.actor.addLines': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(sut.actor.getSnapshot().value).toEqual(expected.value);
  expect(sut.actor.getSnapshot().context.lines).toEqual(expected.context.lines);
  expect(selectToCartMode(sut.actor.getSnapshot())).toBe(expected.context.mode);
};

describe('favourite list to cart machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'ready.accepting.idle': (s) => {
          sameAsModel(s);
          expect(sut.addLines.calls).toHaveLength(0);
        },
        adding: (s) => {
          sameAsModel(s);
          expect(selectToCartBusy(sut.actor.getSnapshot())).toBe(true);
          // the product that is no longer sold is never sent
          expect(sut.addLines.calls.at(-1)!.input.lines).toEqual(toCartWrites(lines));
          expect(sut.addLines.calls.at(-1)!.input.lines.map((l) => l.product)).toEqual([7, 8, 9]);
          // lines of products in the cart add to them unless the buyer chose to replace
          expect(sut.addLines.calls.at(-1)!.input.mode).toBe(s.context.mode);
        },
        'ready.accepting.done': (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectToCartDone(snapshot)).toBe(true);
          const shown = {
            added: selectToCartAdded(snapshot).map((l) => l.productId),
            changed: selectToCartChanged(snapshot).map((c) => [c.line.productId, c.status, c.from, c.to]),
            unavailable: selectToCartUnavailable(snapshot).map((u) => ({
              productId: u.line.productId,
              code: u.code,
              maxQuantity: u.maxQuantity,
              besideCart: u.besideCart,
            })),
            cart: sut.cart.getSnapshot().value,
          };
          const gone = { productId: 6, code: 'no_longer_sold', maxQuantity: null, besideCart: false };
          // only the line no longer sold was asked for: it is listed, nothing was sent, the cart stays
          const nothingSent = { added: [], changed: [], unavailable: [gone], cart: 'new' };
          // the line already in the cart says what it held and holds now; the app's cart shows the new lines
          const sent = {
            added: [7],
            changed: [[9, 'increased', { quantity: '3', unit: 1 }, { quantity: '4', unit: 1 }]],
            unavailable: [{ productId: 8, code: 'out_of_stock', maxQuantity: null, besideCart: false }, gone],
            cart: 'loading',
          };
          expect(shown).toEqual(s.context.lines.length === goneOnly.length ? nothingSent : sent);
        },
        'ready.failed': (s) => {
          sameAsModel(s);
          expect(selectToCartError(sut.actor.getSnapshot())).toMatchObject({ status: 500 });
        },
      },
    });
  });

  it('writes each line with the product’s running campaign', () => {
    expect(toCartWrites(lines)).toEqual([
      { product: 7, campaign: null, quantity: '2', unit: 1 },
      { product: 8, campaign: null, quantity: '5', unit: 2 },
      {
        product: 9,
        campaign: (lines[3]!.product as { campaignId: number }).campaignId,
        quantity: '1',
        unit: 1,
      },
    ]);
  });
});
