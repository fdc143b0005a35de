import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, assign, createActor, createMachine, getInitialSnapshot } from 'xstate';
import type { FavouriteList, FavouriteListSummary } from '../../../src/domain/types';
import {
  bindFavouriteList,
  FAVOURITE_QUANTITY_DEBOUNCE_MS,
  type FavouriteListExportRequest,
  favouriteListFileName,
  favouriteListMachine,
  type PutLineInput,
  type RemoveLineInput,
  refusalOf,
  type UpdateListInput,
} from '../../../src/machines/favourites/favourite-list.machine';
import {
  selectActionError,
  selectAllSelected,
  selectCartLines,
  selectFavouriteListStatus,
  selectIsConfirmingDelete,
  selectNameAccepted,
  selectRemovedItem,
  selectShownItems,
  selectShownLine,
  selectShownShared,
} from '../../../src/machines/favourites/favourite-list.selectors';
import type { FavouriteListsRef } from '../../../src/machines/favourites/favourite-lists.machine';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import {
  aFavouriteList,
  aFavouriteListItem,
  aFavouriteListSummary,
  aProduct,
} from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const summary = (overrides: Partial<FavouriteListSummary> = {}): FavouriteListSummary =>
  aFavouriteListSummary({
    id: 31,
    name: 'Weekly order',
    owner: { id: 5, name: 'Mia Buyer' },
    ownerIsMainUser: false,
    productIds: [7, 8],
    createdAt: '2026-11-01T08:00:00Z',
    updatedAt: '2026-11-01T08:00:00Z',
    ...overrides,
  });
const addedAt = '2026-11-01T08:00:00Z';
const list: FavouriteList = aFavouriteList({
  ...summary(),
  items: [
    aFavouriteListItem({ product: aProduct({ id: 7 }), quantity: '2', unit: 1, addedAt }),
    aFavouriteListItem({ product: aProduct({ id: 8 }), quantity: '1', unit: 1, addedAt }),
  ],
});
const exportRequest: FavouriteListExportRequest = {
  headers: {
    stockCode: 'Code',
    product: 'Product',
    quantity: 'Qty',
    unit: 'Unit',
    unitPrice: 'Price',
    stock: 'Stock',
  },
  decimalPlaces: 2,
  basis: 'net',
  units: null,
  noLongerSold: 'No longer sold',
  language: 'en',
};

const guardsRead = (s: AnyMachineSnapshot) => [
  s.context.edits.map((e: { dirty: boolean; invalid: boolean }) => [e.dirty, e.invalid]),
  s.context.list?.items.map((item: { productId: number }) => item.productId) ?? null,
  s.context.list?.name ?? null,
  s.context.list?.shared ?? null,
  s.context.removed !== null,
];

const model = modelFor(favouriteListMachine, {
  input: { listId: 31 },
  events: (s) => [
    { type: 'xstate.done.actor.loadList', output: list },
    { type: 'xstate.error.actor.loadList', error: httpError(404, 'not_found') },
    { type: 'xstate.error.actor.loadList', error: httpError(500) },
    { type: 'line.quantityTyped', productId: 7, text: '5' },
    { type: 'line.quantityTyped', productId: 7, text: 'x' },
    { type: 'line.unitChanged', productId: 7, unit: 2 },
    { type: 'line.guideTyped', productId: 7, field: 'parLevel', text: '12' },
    { type: 'line.guideTyped', productId: 7, field: 'shelfPosition', text: '0' },
    { type: 'line.retried', productId: 7 },
    { type: 'line.removeRequested', productId: 8 },
    { type: 'line.toggled', productId: 7 },
    { type: 'favouriteList.reloadRequested' },
    { type: 'favouriteList.renamed', name: 'Friday order' },
    { type: 'favouriteList.renamed', name: '   ' },
    { type: 'favouriteList.sharedChanged', shared: true },
    { type: 'favouriteList.exportRequested', ...exportRequest },
    {
      type: 'xstate.done.actor.putLine',
      output: summary({ updatedAt: '2026-11-02T08:00:00Z', shared: s.context.list?.shared ?? false }),
    },
    { type: 'xstate.error.actor.putLine', error: httpError(400, 'invalid_unit') },
    {
      type: 'xstate.done.actor.removeLine',
      output: summary({ productIds: [7], shared: s.context.list?.shared ?? false }),
    },
    { type: 'xstate.error.actor.removeLine', error: httpError(403, 'not_owner') },
    {
      type: 'xstate.done.actor.restoreLine',
      output: summary({ productIds: [7, 8], shared: s.context.list?.shared ?? false }),
    },
    { type: 'xstate.error.actor.restoreLine', error: httpError(400, 'line_limit') },
    { type: 'xstate.done.actor.rename', output: summary({ name: 'Friday order' }) },
    { type: 'xstate.error.actor.rename', error: httpError(400, 'name_taken') },
    { type: 'xstate.done.actor.share', output: summary({ shared: true }) },
    { type: 'xstate.error.actor.share', error: httpError(500) },
    { type: 'xstate.done.actor.deleteList', output: undefined },
    { type: 'xstate.error.actor.deleteList', error: httpError(403, 'not_owner') },
  ],
  // exactly what the guards read: the lines waiting (and whether their text can be sent), the list's
  // lines, name and sharing, and whether a removed line can come back
  serializeState: (s) => JSON.stringify([s.value, ...guardsRead(s)]),
});
const paths = [
  ...model.getShortestPaths(),
  // the changes that leave the model's node as it is (selection, messages, export, a unit typed
  // while a write runs) are on no shortest path: one walk takes them all
  ...model.getPathsFromEvents(
    [
      { type: 'xstate.done.actor.loadList', output: list },
      { type: 'lines.allToggled' },
      { type: 'favouriteList.renamed', name: '   ' },
      { type: 'favouriteList.actionErrorDismissed' },
      { type: 'favouriteList.exportRequested', ...exportRequest },
      { type: 'line.unitChanged', productId: 7, unit: 2 },
      { type: 'line.unitChanged', productId: 8, unit: 2 },
      { type: 'xstate.after.quantityDebounce.favouriteList.loaded.writes.ready.debouncing' },
      { type: 'line.unitChanged', productId: 7, unit: 1 },
      { type: 'line.retried', productId: 7 },
      { type: 'xstate.done.actor.putLine', output: summary() },
    ],
    { fromState: getInitialSnapshot(favouriteListMachine, { listId: 31 }) },
  ),
];
const walked = pathsToWalk('favouriteList', favouriteListMachine, paths);

/** The app's favourite lists as the test sees them: every event it is told. */
const recorder = createMachine({
  types: {} as { context: { events: unknown[] } },
  context: { events: [] },
  on: { '*': { actions: assign({ events: ({ context, event }) => [...context.events, event] }) } },
});

function createSut() {
  const load = controllableActor<FavouriteList, { listId: number }>();
  const put = controllableActor<FavouriteListSummary, PutLineInput>();
  const remove = controllableActor<FavouriteListSummary, RemoveLineInput>();
  const update = controllableActor<FavouriteListSummary, UpdateListInput>();
  const del = controllableActor<void, { listId: number }>();
  const lists = createActor(recorder).start();
  const saved: unknown[] = [];
  const bound = bindFavouriteList(
    testPorts(unusedApi, undefined, undefined, lists as unknown as FavouriteListsRef),
  ).provide({
    actors: {
      loadList: load.logic,
      putLine: put.logic,
      removeLine: remove.logic,
      updateList: update.logic,
      deleteList: del.logic,
    },
    actions: { saveFile: (_, params) => void saved.push(params.file) },
  });
  const actor = createActor(bound, { input: { listId: 31 } }).start();
  return { actor, load, put, remove, update, del, lists, saved };
}
let sut: ReturnType<typeof createSut>;
beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  sut?.actor.stop();
  sut?.lists.stop();
  vi.useRealTimers();
});

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleCall =
  (which: 'load' | 'put' | 'remove' | 'update' | 'del', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = sut[which].next();
    if (outcome === 'resolve') call.resolve(event.output as never);
    else call.reject(event.error);
    await vi.advanceTimersByTimeAsync(0);
  };
const executors = {
  'favouriteList.retried': send,
  'favouriteList.reloadRequested': send,
  'line.quantityTyped': send,
  'line.unitChanged': send,
  'line.guideTyped': send,
  'line.retried': send,
  'line.removeRequested': send,
  'line.toggled': send,
  'lines.allToggled': send,
  'favouriteList.renamed': send,
  'favouriteList.sharedChanged': send,
  'favouriteList.deleteRequested': send,
  'favouriteList.deleteConfirmed': send,
  'favouriteList.deleteCancelled': send,
  'favouriteList.actionErrorDismissed': send,
  'favouriteList.exportRequested': send,
  'xstate.after.quantityDebounce.favouriteList.loaded.writes.ready.debouncing': () =>
    vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS),
  'xstate.done.actor.loadList': settleCall('load', 'resolve'),
  'xstate.error.actor.loadList': settleCall('load', 'reject'),
  'xstate.done.actor.putLine': settleCall('put', 'resolve'),
  'xstate.error.actor.putLine': settleCall('put', 'reject'),
  'xstate.done.actor.removeLine': settleCall('remove', 'resolve'),
  'xstate.error.actor.removeLine': settleCall('remove', 'reject'),
  'line.restoreRequested': send,
  'line.restoreDismissed': send,
  'xstate.done.actor.restoreLine': settleCall('put', 'resolve'),
  'xstate.error.actor.restoreLine': settleCall('put', 'reject'),
  'xstate.done.actor.rename': settleCall('update', 'resolve'),
  'xstate.error.actor.rename': settleCall('update', 'reject'),
  'xstate.done.actor.share': settleCall('update', 'resolve'),
  'xstate.error.actor.share': settleCall('update', 'reject'),
  'xstate.done.actor.deleteList': settleCall('del', 'resolve'),
  'xstate.error.actor.deleteList': settleCall('del', 'reject'),
};
assertExecutorsFor(walked, executors);

/** The actor is where the model says, with the same data. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  // what the model tells states apart by (other context depends on the way there)
  expect(guardsRead(actual)).toEqual(guardsRead(expected));
};
const toldLists = () => sut.lists.getSnapshot().context.events as Array<{ type: string }>;

describe('favourite list machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectFavouriteListStatus(sut.actor.getSnapshot())).toBe('loading');
          expect(sut.load.calls.at(-1)?.input).toEqual({ listId: 31 });
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectFavouriteListStatus(sut.actor.getSnapshot())).toBe('failed');
        },
        notFound: (s) => {
          sameAsModel(s);
          expect(selectFavouriteListStatus(sut.actor.getSnapshot())).toBe('notFound');
        },
        'loaded.writes.ready.idle': (s) => {
          sameAsModel(s);
          // nothing waits to be written once the list is idle
          expect(sut.actor.getSnapshot().context.edits.some((e) => e.dirty)).toBe(false);
        },
        'loaded.writes.ready.debouncing': (s) => {
          sameAsModel(s);
          expect(sut.put.calls).toHaveLength(0);
        },
        'loaded.writes.saving': (s) => {
          sameAsModel(s);
          // one write at a time, with the line's valid quantity and unit
          expect(sut.put.calls).toHaveLength(1);
          expect(sut.put.calls[0]!.input).toEqual({ listId: 31, line: s.context.sending });
        },
        'loaded.writes.removing': (s) => {
          sameAsModel(s);
          expect(sut.remove.calls[0]!.input).toEqual({ listId: 31, productId: 8 });
          // the line is gone from the table at once
          expect(selectShownItems(sut.actor.getSnapshot()).map((i) => i.productId)).toEqual([7]);
        },
        'loaded.writes.restoring': (s) => {
          sameAsModel(s);
          // the line goes back with the quantity and unit it had
          expect(sut.put.calls.at(-1)!.input).toEqual({
            listId: 31,
            line: { product: 8, quantity: '1', unit: 1 },
          });
        },
        'loaded.writes.renaming': (s) => {
          sameAsModel(s);
          expect(sut.update.calls[0]!.input).toEqual({ listId: 31, update: { name: 'Friday order' } });
        },
        'loaded.writes.sharing': (s) => {
          sameAsModel(s);
          expect(sut.update.calls[0]!.input).toEqual({ listId: 31, update: { shared: true } });
          expect(selectShownShared(sut.actor.getSnapshot())).toBe(true);
        },
        'loaded.writes.confirmingDelete': (s) => {
          sameAsModel(s);
          expect(selectIsConfirmingDelete(sut.actor.getSnapshot())).toBe(true);
          expect(sut.del.calls).toHaveLength(0);
        },
        'loaded.writes.deleting': (s) => {
          sameAsModel(s);
          expect(sut.del.calls[0]!.input).toEqual({ listId: 31 });
        },
        'loaded.notice.none': (s) => {
          sameAsModel(s);
          expect(selectActionError(sut.actor.getSnapshot())).toBeNull();
        },
        'loaded.notice.failed.removeFailed': (s) => {
          sameAsModel(s);
          expect(selectActionError(sut.actor.getSnapshot())).toEqual({
            action: 'remove',
            refusal: 'not_owner',
          });
        },
        'loaded.notice.failed.restoreFailed': (s) => {
          sameAsModel(s);
          expect(selectActionError(sut.actor.getSnapshot())).toEqual({
            action: 'restore',
            refusal: 'line_limit',
          });
          expect(selectRemovedItem(sut.actor.getSnapshot())).toBeNull();
        },
        'loaded.notice.failed.renameFailed': (s) => {
          sameAsModel(s);
          expect(selectActionError(sut.actor.getSnapshot())).toEqual({
            action: 'rename',
            refusal: 'name_taken',
          });
        },
        'loaded.notice.failed.shareFailed': (s) => {
          sameAsModel(s);
          expect(selectActionError(sut.actor.getSnapshot())).toEqual({ action: 'share', refusal: 'generic' });
        },
        'loaded.notice.failed.deleteFailed': (s) => {
          sameAsModel(s);
          expect(selectActionError(sut.actor.getSnapshot())).toEqual({
            action: 'delete',
            refusal: 'not_owner',
          });
        },
        deleted: (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().status).toBe('done');
          expect(toldLists().at(-1)).toEqual({ type: 'favourites.listRemoved', id: 31 });
        },
      },
    });
  });
});

describe('favourite list machine', () => {
  async function loaded(withList: FavouriteList = list) {
    sut = createSut();
    sut.load.next().resolve(withList);
    await vi.advanceTimersByTimeAsync(0);
  }

  it('writes a typed quantity once, after the debounce, and tells the app’s lists', async () => {
    await loaded();
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '4' });
    await vi.advanceTimersByTimeAsync(100);
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '45' });
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS - 1);
    expect(sut.put.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sut.put.calls.map((c) => c.input.line)).toEqual([{ product: 7, quantity: '45', unit: 1 }]);
    const answer = summary({ updatedAt: '2026-11-03T08:00:00Z' });
    sut.put.next().resolve(answer);
    await vi.advanceTimersByTimeAsync(0);
    expect(toldLists()).toContainEqual({ type: 'favourites.listChanged', list: answer });
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.context.list?.items[0]?.quantity).toBe('45');
    expect(selectShownLine(snapshot, 7)).toMatchObject({ quantityText: '45', saving: false, refusal: null });
  });

  it('writes a typed par level and shelf with the line, after the debounce, and keeps what the server took', async () => {
    await loaded();
    sut.actor.send({ type: 'line.guideTyped', productId: 7, field: 'parLevel', text: '12,5' });
    sut.actor.send({ type: 'line.guideTyped', productId: 7, field: 'shelfPosition', text: '3' });
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS);
    expect(sut.put.calls.map((c) => c.input.line)).toEqual([
      { product: 7, quantity: '2', unit: 1, parLevel: '12.5', shelfPosition: 3 },
    ]);
    // the server's answer decides: its summary says the list is now an order guide
    sut.put.next().resolve(summary({ orderGuide: true }));
    await vi.advanceTimersByTimeAsync(0);
    const snapshot = sut.actor.getSnapshot();
    expect(snapshot.context.list).toMatchObject({ orderGuide: true });
    expect(snapshot.context.list?.items[0]).toMatchObject({ parLevel: '12.5', shelfPosition: 3 });
    expect(snapshot.context.edits).toEqual([]);
    expect(selectShownLine(snapshot, 7)).toMatchObject({ parText: '12.5', shelfText: '3', saving: false });
  });

  it('clears a par level with null and leaves an unchanged shelf out of the write', async () => {
    await loaded({
      ...list,
      items: [{ ...list.items[0]!, parLevel: '4.000', shelfPosition: 2 }, list.items[1]!],
    });
    expect(selectShownLine(sut.actor.getSnapshot(), 7)).toMatchObject({ parText: '4', shelfText: '2' });
    sut.actor.send({ type: 'line.guideTyped', productId: 7, field: 'parLevel', text: ' ' });
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS);
    expect(sut.put.calls.map((c) => c.input.line)).toEqual([
      { product: 7, quantity: '2', unit: 1, parLevel: null },
    ]);
    sut.put.next().resolve(summary());
    await vi.advanceTimersByTimeAsync(0);
    const item = sut.actor.getSnapshot().context.list?.items[0];
    expect(item?.parLevel).toBeUndefined();
    expect(item?.shelfPosition).toBe(2);
  });

  it('marks an invalid par level or shelf on its field and sends nothing until it is fixed', async () => {
    await loaded();
    sut.actor.send({ type: 'line.guideTyped', productId: 7, field: 'parLevel', text: '100000' });
    sut.actor.send({ type: 'line.guideTyped', productId: 8, field: 'shelfPosition', text: '0' });
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '5' });
    sut.actor.send({ type: 'line.retried', productId: 7 });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sut.put.calls).toHaveLength(0);
    expect(selectShownLine(sut.actor.getSnapshot(), 7)).toMatchObject({
      parText: '100000',
      parError: 'orderGuide.parTooHigh',
      quantityText: '5',
    });
    expect(selectShownLine(sut.actor.getSnapshot(), 8)).toMatchObject({
      shelfError: 'orderGuide.shelfInvalid',
    });
    sut.actor.send({ type: 'line.guideTyped', productId: 7, field: 'parLevel', text: '10' });
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS);
    expect(sut.put.calls.map((c) => c.input.line)).toEqual([
      { product: 7, quantity: '5', unit: 1, parLevel: '10' },
    ]);
  });

  it('a par level the server refuses stays typed on the line with the refusal and Try again', async () => {
    await loaded();
    sut.actor.send({ type: 'line.guideTyped', productId: 7, field: 'parLevel', text: '8' });
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS);
    sut.put.next().reject(httpError(400, 'invalid'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sut.actor.getSnapshot().context.list?.items[0]?.parLevel).toBeUndefined();
    expect(selectShownLine(sut.actor.getSnapshot(), 7)).toMatchObject({ parText: '8', refusal: 'generic' });
  });

  it('a colleague’s shared list takes no par level', async () => {
    await loaded({ ...list, editable: false, shared: true });
    sut.actor.send({ type: 'line.guideTyped', productId: 7, field: 'parLevel', text: '5' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sut.put.calls).toHaveLength(0);
    expect(sut.actor.getSnapshot().context.edits).toEqual([]);
  });

  it('marks invalid text and never sends it', async () => {
    await loaded();
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '2,5' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sut.put.calls).toHaveLength(0);
    expect(selectShownLine(sut.actor.getSnapshot(), 7)).toMatchObject({ quantityText: '2,5', invalid: true });
    // the cart gets the list's quantity for a line whose text is invalid
    expect(selectCartLines(sut.actor.getSnapshot(), false)[0]).toMatchObject({ productId: 7, quantity: '2' });
  });

  it('a failed write keeps the typed value with the refusal, and Try again sends it again', async () => {
    await loaded();
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '9' });
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS);
    sut.put.next().reject(httpError(400, 'line_limit'));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectShownLine(sut.actor.getSnapshot(), 7)).toMatchObject({
      quantityText: '9',
      refusal: 'line_limit',
    });
    sut.actor.send({ type: 'line.retried', productId: 7 });
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS);
    expect(sut.put.calls.map((c) => c.input.line)).toEqual([{ product: 7, quantity: '9', unit: 1 }]);
  });

  it('a line changed while its write runs is written again afterwards', async () => {
    await loaded();
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '3' });
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS);
    sut.actor.send({ type: 'line.unitChanged', productId: 7, unit: 2 });
    sut.put.next().resolve(summary());
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS);
    expect(sut.put.calls.map((c) => c.input.line)).toEqual([{ product: 7, quantity: '3', unit: 2 }]);
    expect(selectShownLine(sut.actor.getSnapshot(), 7)).toMatchObject({ unit: 2, saving: true });
  });

  it('a colleague’s shared list cannot be changed but its lines can be selected and added', async () => {
    await loaded({ ...list, editable: false, shared: true });
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '5' });
    sut.actor.send({ type: 'line.removeRequested', productId: 7 });
    sut.actor.send({ type: 'favouriteList.renamed', name: 'Mine now' });
    sut.actor.send({ type: 'favouriteList.sharedChanged', shared: false });
    sut.actor.send({ type: 'favouriteList.deleteRequested' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sut.actor.getSnapshot().value).toEqual({ loaded: { writes: { ready: 'idle' }, notice: 'none' } });
    expect(sut.put.calls.length + sut.remove.calls.length + sut.update.calls.length).toBe(0);
    sut.actor.send({ type: 'lines.allToggled' });
    expect(selectAllSelected(sut.actor.getSnapshot())).toBe(true);
    expect(selectCartLines(sut.actor.getSnapshot(), true).map((l) => l.productId)).toEqual([7, 8]);
  });

  it('Undo puts a removed line back where it stood, with its quantity and unit', async () => {
    await loaded();
    sut.actor.send({ type: 'line.removeRequested', productId: 7 });
    sut.remove.next().resolve(summary({ productIds: [8] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectShownItems(sut.actor.getSnapshot()).map((i) => i.productId)).toEqual([8]);
    sut.actor.send({ type: 'line.restoreRequested' });
    expect(sut.put.calls[0]!.input.line).toEqual({ product: 7, quantity: '2', unit: 1 });
    sut.put.next().resolve(summary({ productIds: [8, 7] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectShownItems(sut.actor.getSnapshot()).map((i) => i.productId)).toEqual([7, 8]);
    expect(toldLists().at(-1)).toMatchObject({ type: 'favourites.listChanged' });
  });

  it('a name refused by the server says why', async () => {
    await loaded();
    sut.actor.send({ type: 'favouriteList.renamed', name: 'Taken' });
    sut.update.next().reject(httpError(400, 'name_taken'));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectActionError(sut.actor.getSnapshot())).toEqual({ action: 'rename', refusal: 'name_taken' });
  });

  it('a failed change of the list keeps its message while lines are typed and saved, until Close', async () => {
    await loaded();
    sut.actor.send({ type: 'favouriteList.sharedChanged', shared: true });
    sut.update.next().reject(httpError(500));
    await vi.advanceTimersByTimeAsync(0);
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '6' });
    await vi.advanceTimersByTimeAsync(FAVOURITE_QUANTITY_DEBOUNCE_MS);
    sut.put.next().resolve(summary());
    await vi.advanceTimersByTimeAsync(0);
    expect(selectActionError(sut.actor.getSnapshot())).toEqual({ action: 'share', refusal: 'generic' });
    sut.actor.send({ type: 'favouriteList.actionErrorDismissed' });
    expect(selectActionError(sut.actor.getSnapshot())).toBeNull();
  });

  it('the next change of the list that succeeds takes the message of a failed one away', async () => {
    await loaded();
    sut.actor.send({ type: 'favouriteList.renamed', name: 'Taken' });
    sut.update.next().reject(httpError(400, 'name_taken'));
    await vi.advanceTimersByTimeAsync(0);
    sut.actor.send({ type: 'favouriteList.renamed', name: 'Free' });
    // while the new name is saved the old message still says why the last one failed
    expect(selectActionError(sut.actor.getSnapshot())).toEqual({ action: 'rename', refusal: 'name_taken' });
    sut.update.next().resolve(summary({ name: 'Free' }));
    await vi.advanceTimersByTimeAsync(0);
    expect(selectActionError(sut.actor.getSnapshot())).toBeNull();
    expect(sut.actor.getSnapshot().context.list?.name).toBe('Free');
  });

  it('the rename dialog asks the list whether it took the name', async () => {
    await loaded();
    sut.actor.send({ type: 'favouriteList.renamed', name: '   ' });
    expect(selectNameAccepted(sut.actor.getSnapshot())).toBe(false);
    sut.actor.send({ type: 'favouriteList.renamed', name: 'Weekly order' });
    // the same name again: nothing to save, nothing refused
    expect(selectNameAccepted(sut.actor.getSnapshot())).toBe(true);
    expect(sut.update.calls).toHaveLength(0);
  });

  it('a line shows the quantity its text stands for by the domain parser, none while it is not one', async () => {
    await loaded();
    expect(selectShownLine(sut.actor.getSnapshot(), 7)).toMatchObject({ quantityText: '2', quantity: 2 });
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '٣' });
    expect(selectShownLine(sut.actor.getSnapshot(), 7)).toMatchObject({ quantityText: '٣', quantity: 3 });
    sut.actor.send({ type: 'line.quantityTyped', productId: 7, text: '0' });
    expect(selectShownLine(sut.actor.getSnapshot(), 7)).toMatchObject({ invalid: true, quantity: null });
  });

  it('exports the list as a CSV file named after it', async () => {
    await loaded({ ...list, name: 'Week/12: =Bar' });
    sut.actor.send({ type: 'favouriteList.exportRequested', ...exportRequest });
    expect(sut.saved).toEqual([
      expect.objectContaining({ fileName: 'Week 12 Bar.csv', mimeType: 'text/csv;charset=utf-8' }),
    ]);
  });

  it('sorts refusals by code', () => {
    expect(refusalOf(httpError(400, 'invalid_unit'))).toBe('invalid_unit');
    expect(refusalOf(httpError(500))).toBe('generic');
    expect(refusalOf(new Error('boom'))).toBe('generic');
    expect(favouriteListFileName('***')).toBe('favourites.csv');
  });
});
