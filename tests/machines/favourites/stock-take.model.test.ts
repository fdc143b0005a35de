import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, getInitialSnapshot } from 'xstate';
import type { CartItem, FavouriteList } from '../../../src/domain/types';
import type { BulkAddInput } from '../../../src/machines/cart/bulk-add';
import { cartMachine } from '../../../src/machines/cart/cart.machine';
import { stockTakeDraftSlot } from '../../../src/machines/favourites/stock-take.draft';
import {
  bindStockTake,
  linesToOrder,
  stockTakeMachine,
} from '../../../src/machines/favourites/stock-take.machine';
import {
  selectStockTakeAdded,
  selectStockTakeBusy,
  selectStockTakeCanAdd,
  selectStockTakeCurrent,
  selectStockTakeError,
  selectStockTakeListName,
  selectStockTakeOrderRows,
  selectStockTakeRows,
  selectStockTakeStep,
} from '../../../src/machines/favourites/stock-take.selectors';
import type { CartBulkLineResult } from '../../../src/services/api/cart';
import { createDraftStore } from '../../../src/services/drafts/draft-store';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { aProduct } from '../../../src/test/builders';
import { aFavouriteList, aFavouriteListItem } from '../../../src/test/builders/favourites';
import { box, piece, units } from '../../../src/test/builders/units';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { MemoryStorage } from '../../../src/test/memoryStorage';
import { answerNextCall, sendStepEvent } from '../../../src/test/model-executors';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const LIST = 5;
// oil by the box of 6 (par 10 pieces, shelf 2); salt by the piece (par 5, shelf 1); a line without a
// par level and one no longer sold are not walked
const oil = aProduct({ id: 1, name: 'Oil', unitAmounts: [{ unit: box.id, amount: '6' }] });
const salt = aProduct({ id: 2, name: 'Salt' });
const guide: FavouriteList = aFavouriteList({
  id: LIST,
  name: 'Bar guide',
  items: [
    aFavouriteListItem({ product: oil, unit: box.id, parLevel: '10', shelfPosition: 2 }),
    aFavouriteListItem({ product: salt, unit: piece.id, parLevel: '5', shelfPosition: 1 }),
    aFavouriteListItem({ product: aProduct({ id: 3 }), unit: piece.id }),
    aFavouriteListItem({ productId: 4, product: null, unit: piece.id, parLevel: '3' }),
  ],
});
const plain: FavouriteList = aFavouriteList({ id: LIST, name: 'Plain', items: [aFavouriteListItem()] });
const results: CartBulkLineResult[] = [
  { index: 0, product: 1, status: 'added', written: { id: 1, quantity: '2', unit: box.id }, previous: null },
];
const OWNER = JSON.stringify(['ada', 'Shop']);

const model = modelFor(stockTakeMachine, {
  input: { listId: LIST, units },
  events: [
    { type: 'xstate.done.actor.loadList', output: guide },
    { type: 'xstate.done.actor.loadList', output: plain },
    { type: 'xstate.error.actor.loadList', error: httpError(500) },
    { type: 'stockTake.retried' },
    // 3 pieces of oil on hand: 7 missing, 2 boxes; 20 salt: more than the par level, nothing
    { type: 'count.typed', productId: 1, text: '3' },
    { type: 'count.typed', productId: 2, text: '20' },
    { type: 'count.next' },
    { type: 'count.previous' },
    { type: 'count.chosen', index: 1 },
    { type: 'stockTake.reviewed' },
    { type: 'stockTake.backToCounting' },
    { type: 'toCart.requested' },
    { type: 'xstate.done.actor.addLines', output: results },
    { type: 'xstate.error.actor.addLines', error: httpError(503) },
    { type: 'toCart.retried' },
    { type: 'stockTake.restarted' },
    // what the draft keeper answers after a reload: the oil counted, at the second line
    { type: 'stockTake.draftRestored', draft: { listId: LIST, counts: { '1': '3' }, current: 1 } },
  ],
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.current, s.context.lines.length, linesToOrder(s.context).length > 0]),
});
const paths = [
  ...model.getShortestPaths(),
  // stepping back and tapping a line leave the model's node as it is: one walk takes both
  ...model.getPathsFromEvents(
    [
      { type: 'xstate.done.actor.loadList', output: guide },
      { type: 'count.chosen', index: 1 },
      { type: 'count.previous' },
    ],
    { fromState: getInitialSnapshot(stockTakeMachine, { listId: LIST, units }) },
  ),
];
const walked = pathsToWalk('stockTake', stockTakeMachine, paths);

function createSut() {
  const loadList = controllableActor<FavouriteList, { listId: number }>();
  const addLines = controllableActor<CartBulkLineResult[], BulkAddInput>();
  const fetchCart = controllableActor<CartItem[], void>();
  const cart = createActor(cartMachine.provide({ actors: { fetchCart: fetchCart.logic } })).start();
  const session = {
    getSnapshot: () => ({ context: { claims: { accountName: 'ada', name: 'Shop' } } }),
    subscribe: () => ({ unsubscribe: () => undefined }),
  };
  const storage = new MemoryStorage();
  const drafts = createDraftStore(() => storage);
  const ports = { ...testPorts(unusedApi, cart, session as never), drafts };
  const bound = bindStockTake(ports).provide({
    actors: { loadList: loadList.logic, addLines: addLines.logic },
  });
  const actor = createActor(bound, { input: { listId: LIST, units } }).start();
  const stored = () => drafts.read(stockTakeDraftSlot, OWNER);
  return { actor, loadList, addLines, cart, stored };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => {
  sut?.actor.stop();
  sut?.cart.stop();
});

const send = sendStepEvent(() => sut.actor);
const executors = {
  'stockTake.retried': send,
  'count.typed': send,
  'count.next': send,
  'count.previous': send,
  'count.chosen': send,
  'stockTake.reviewed': send,
  'stockTake.backToCounting': send,
  'toCart.requested': send,
  'toCart.retried': send,
  'stockTake.restarted': send,
  'stockTake.draftRestored': send,
  'xstate.done.actor.loadList': answerNextCall(() => sut.loadList),
  'xstate.error.actor.loadList': answerNextCall(() => sut.loadList),
  'xstate.done.actor.addLines': answerNextCall(() => sut.addLines),
  'xstate.error.actor.addLines': answerNextCall(() => sut.addLines),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(selectStockTakeCurrent(actual)).toBe(expected.context.current);
  expect(selectStockTakeOrderRows(actual).length > 0).toBe(linesToOrder(expected.context).length > 0);
};
const counts = () => sut.actor.getSnapshot().context.counts;
/** what a reload would bring back: the counts as typed (nothing typed yet: nothing kept) */
const keptCounts = () => {
  const { context } = sut.actor.getSnapshot();
  expect(sut.stored() ?? { listId: LIST, counts: {}, current: 0 }).toEqual({
    listId: LIST,
    counts: context.counts,
    current: context.current,
  });
};
/** the quantities to order the page shows before anything goes to the cart */
const shownToOrder = () =>
  selectStockTakeOrderRows(sut.actor.getSnapshot()).map((r) => [r.productId, r.toOrder]);

describe('stock-take machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await settle();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectStockTakeBusy(sut.actor.getSnapshot())).toBe(true);
          expect(sut.loadList.calls.at(-1)?.input).toEqual({ listId: LIST });
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectStockTakeError(sut.actor.getSnapshot())).toMatchObject({ status: 500 });
        },
        noParLevels: (s) => {
          sameAsModel(s);
          expect(selectStockTakeListName(sut.actor.getSnapshot())).toBe('Plain');
          expect(selectStockTakeRows(sut.actor.getSnapshot())).toEqual([]);
        },
        counting: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          // shelf order: salt (shelf 1), then oil (shelf 2)
          expect(selectStockTakeRows(snapshot).map((r) => [r.productId, r.parLevel, r.unitSize])).toEqual([
            [2, '5', '1'],
            [1, '10', '6'],
          ]);
          expect(shownToOrder()).toEqual(counts()['1'] === '3' ? [[1, '2']] : []);
          keptCounts();
        },
        reviewing: (s) => {
          sameAsModel(s);
          expect(selectStockTakeCanAdd(sut.actor.getSnapshot())).toBe(linesToOrder(s.context).length > 0);
          keptCounts();
        },
        adding: (s) => {
          sameAsModel(s);
          expect(selectStockTakeBusy(sut.actor.getSnapshot())).toBe(true);
          // only what is to be ordered goes, in the line's unit; the count decides the cart's quantity
          expect(sut.addLines.calls.at(-1)?.input).toEqual({
            mode: 'replace',
            lines: [{ product: 1, campaign: null, quantity: '2', unit: box.id }],
          });
        },
        addFailed: (s) => {
          sameAsModel(s);
          expect(selectStockTakeError(sut.actor.getSnapshot())).toMatchObject({ status: 503 });
          // a failure keeps the counts, across a reload too
          keptCounts();
          expect(sut.stored()?.counts).toEqual(counts());
        },
        added: (s) => {
          sameAsModel(s);
          expect(selectStockTakeAdded(sut.actor.getSnapshot())).toEqual({ count: 1, refused: [] });
          // the counts are done with: a reload starts afresh; the app's cart fetches the new lines
          expect(sut.stored()).toBeNull();
          expect(sut.cart.getSnapshot().value).toBe('loading');
        },
      },
    });
  });

  it('lists a line the cart refused, with its reason', async () => {
    sut = createSut();
    sut.loadList.next().resolve(guide);
    await settle();
    sut.actor.send({ type: 'count.typed', productId: 1, text: '0' });
    sut.actor.send({ type: 'count.typed', productId: 2, text: '1,5' });
    expect(shownToOrder()).toEqual([
      [2, '4'],
      [1, '2'],
    ]);
    sut.actor.send({ type: 'stockTake.reviewed' });
    sut.actor.send({ type: 'toCart.requested' });
    sut.addLines.next().resolve([
      { index: 0, product: 2, status: 'added', written: { id: 1, quantity: '4', unit: 1 }, previous: null },
      {
        index: 1,
        product: 1,
        status: 'rejected',
        code: 'out_of_stock',
        errors: {},
        maxQuantity: null,
        previous: null,
      },
    ]);
    await settle();
    expect(selectStockTakeStep(sut.actor.getSnapshot())).toBe('added');
    expect(selectStockTakeAdded(sut.actor.getSnapshot())).toEqual({
      count: 1,
      refused: [{ productId: 1, code: 'out_of_stock' }],
    });
  });

  it('marks a count that is not a number, and orders nothing for it', async () => {
    sut = createSut();
    sut.loadList.next().resolve(guide);
    await settle();
    sut.actor.send({ type: 'count.typed', productId: 2, text: 'lots' });
    const salt = selectStockTakeRows(sut.actor.getSnapshot())[0];
    expect([salt?.invalid, salt?.toOrder]).toEqual([true, null]);
    sut.actor.send({ type: 'stockTake.reviewed' });
    expect(selectStockTakeCanAdd(sut.actor.getSnapshot())).toBe(false);
  });
});
