import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { FavouriteListSummary } from '../../../src/domain/types';
import {
  bindFavouriteLists,
  favouriteListsMachine,
  sortFavouriteLists,
} from '../../../src/machines/favourites/favourite-lists.machine';
import {
  selectAreFavouriteListsLoading,
  selectFavouriteLists,
  selectFavouriteListsError,
  selectFavouriteListsNotOffered,
  selectFavouriteListsStatus,
  selectIsOnAnyList,
  selectListIdsHolding,
  selectOwnFavouriteLists,
  selectSharedByColleagues,
} from '../../../src/machines/favourites/favourite-lists.selectors';
import { httpError } from '../../../src/test/api-errors';
import { aList } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const guide = aList(5, 'Order guide', { editable: false, shared: true, owner: { id: 2, name: 'Max' } });
const weekly = aList(3, 'weekly', { productIds: [7] });
const bar = aList(4, 'Bar');
const loaded = [guide, weekly, bar];
const renamed = aList(4, 'Zebra', { productIds: [7, 8] });

const model = modelFor(favouriteListsMachine, {
  events: [
    { type: 'xstate.done.actor.loadLists', output: loaded },
    { type: 'xstate.error.actor.loadLists', error: httpError(500) },
    // a backend without favourite lists answers the call as one it does not have
    { type: 'xstate.error.actor.loadLists', error: httpError(404, 'no_such_call') },
    { type: 'xstate.error.actor.loadLists', error: httpError(501) },
    { type: 'favourites.listChanged', list: renamed },
    { type: 'favourites.listRemoved', id: 3 },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      (s.context.lists as FavouriteListSummary[] | null)?.map((l) => `${l.id}${l.name}`) ?? null,
      s.context.error?.status ?? null,
    ]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('favouriteLists', favouriteListsMachine, paths);

function createSut() {
  const loadLists = controllableActor<FavouriteListSummary[], void>();
  const reports: unknown[] = [];
  const api = { reportError: async (report: unknown) => void reports.push(report) };
  const bound = bindFavouriteLists(testPorts(api)).provide({ actors: { loadLists: loadLists.logic } });
  const actor = createActor(bound).start();
  return { actor, loadLists, reports };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.loadLists.next();
  if (outcome === 'resolve') call.resolve(event.output as FavouriteListSummary[]);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'favourites.load': send,
  'favourites.reload': send,
  'favourites.listChanged': send,
  'favourites.listRemoved': send,
  'favourites.cleared': send,
  'xstate.done.actor.loadLists': settleWith('resolve'),
  'xstate.error.actor.loadLists': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

/** What the index, the menus and the marks read. */
const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  const lists = (expected.context.lists as FavouriteListSummary[] | null) ?? [];
  expect(selectFavouriteLists(actual).map((l) => l.id)).toEqual(lists.map((l) => l.id));
  // own lists first, then colleagues' shared ones, each by name
  const own = selectOwnFavouriteLists(actual);
  const shared = selectSharedByColleagues(actual);
  expect([...own, ...shared]).toEqual(selectFavouriteLists(actual));
  expect(own.map((l) => l.name)).toEqual([...own.map((l) => l.name)].sort((a, b) => a.localeCompare(b)));
  expect(selectIsOnAnyList(actual, 7)).toBe(lists.some((l) => l.productIds.includes(7)));
  expect(selectListIdsHolding(actual, 7)).toEqual(
    lists.filter((l) => l.productIds.includes(7)).map((l) => l.id),
  );
  const status = typeof expected.value === 'string' ? expected.value : expected.value.fetching;
  expect(selectFavouriteListsStatus(actual)).toBe(status);
};

describe('favourite lists collection (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        new: (s) => {
          sameAsModel(s);
          // a load running when the user signed out was dropped
          expect(sut.loadLists.calls.every((call) => call.signal.aborted)).toBe(true);
          sut.loadLists.calls.length = 0;
        },
        'fetching.loading': (s) => {
          sameAsModel(s);
          expect(sut.loadLists.calls).toHaveLength(1);
          expect(selectAreFavouriteListsLoading(sut.actor.getSnapshot())).toBe(s.context.lists === null);
        },
        resolved: (s) => {
          sameAsModel(s);
          expect(selectFavouriteListsError(sut.actor.getSnapshot())).toBeNull();
        },
        'fetching.reloading': (s) => {
          sameAsModel(s);
          expect(sut.loadLists.calls).toHaveLength(1);
        },
        notOffered: (s) => {
          sameAsModel(s);
          expect(selectFavouriteListsNotOffered(sut.actor.getSnapshot())).toBe(true);
          // the lists are not asked for again, whoever asks
          sut.actor.send({ type: 'favourites.load' });
          expect(sut.loadLists.calls).toHaveLength(0);
        },
        rejected: (s) => {
          sameAsModel(s);
          expect(selectFavouriteListsError(sut.actor.getSnapshot())?.status).toBe(s.context.error?.status);
          // spec point 8: the failure was reported
          expect(sut.reports.length).toBeGreaterThan(0);
        },
      },
    });
  });

  it('sorts own lists first, then shared ones, each by name regardless of case', () => {
    expect(sortFavouriteLists(loaded).map((l) => l.name)).toEqual(['Bar', 'weekly', 'Order guide']);
  });

  it('a backend without lists: says so once, reports nothing and asks no more', async () => {
    sut = createSut();
    sut.actor.send({ type: 'favourites.load' });
    sut.loadLists.next().reject(httpError(404, 'no_such_call'));
    await settle();
    expect(selectFavouriteListsStatus(sut.actor.getSnapshot())).toBe('notOffered');
    expect(selectFavouriteListsNotOffered(sut.actor.getSnapshot())).toBe(true);
    expect(sut.reports).toEqual([]);
    // every star and mark asks for the lists as it mounts: none of them calls again
    sut.actor.send({ type: 'favourites.load' });
    sut.actor.send({ type: 'favourites.reload' });
    expect(sut.loadLists.calls).toHaveLength(0);
  });

  it('a load once loaded is a no-op', async () => {
    sut = createSut();
    sut.actor.send({ type: 'favourites.load' });
    sut.loadLists.next().resolve(loaded);
    await settle();
    sut.actor.send({ type: 'favourites.load' });
    expect(sut.actor.getSnapshot().value).toBe('resolved');
    expect(sut.loadLists.calls).toHaveLength(0);
  });
});
