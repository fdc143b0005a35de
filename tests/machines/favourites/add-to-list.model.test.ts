import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import type { FavouriteListSummary } from '../../../src/domain/types';
import {
  addToListMachine,
  bindAddToList,
  type WriteItemInput,
} from '../../../src/machines/favourites/add-to-list.machine';
import {
  selectAddToListProblemKey,
  selectCanRetryWrite,
  selectIsWritingItem,
  selectWritingListId,
} from '../../../src/machines/favourites/add-to-list.selectors';
import { favouriteListsMachine } from '../../../src/machines/favourites/favourite-lists.machine';
import { selectFavouriteListById } from '../../../src/machines/favourites/favourite-lists.selectors';
import { httpError } from '../../../src/test/api-errors';
import { aList } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const input = { productId: 7, quantity: '2', unit: 2 };
const weekly = aList(3, 'Weekly');
const withProduct = aList(3, 'Weekly', { productIds: [7] });

const model = modelFor(addToListMachine, {
  input,
  events: [
    { type: 'addToList.toggled', listId: 3, onList: false },
    { type: 'addToList.toggled', listId: 3, onList: true },
    { type: 'xstate.done.actor.writeItem', output: withProduct },
    { type: 'xstate.error.actor.writeItem', error: httpError(400, 'line_limit') },
    { type: 'xstate.error.actor.writeItem', error: httpError(503) },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.write,
      s.context.problem?.code ?? null,
      s.context.problem?.status ?? null,
    ]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('addToList', addToListMachine, paths);

async function createSut() {
  const writeItem = controllableActor<FavouriteListSummary, WriteItemInput>();
  const reports: unknown[] = [];
  const lists = createActor(
    favouriteListsMachine.provide({
      actors: { loadLists: fromPromise(async () => [weekly]) },
    }),
  ).start();
  const api = { reportError: async (report: unknown) => void reports.push(report) };
  const bound = bindAddToList(testPorts(api, undefined, undefined, lists)).provide({
    actors: { writeItem: writeItem.logic },
  });
  const actor = createActor(bound, { input }).start();
  // the collection is loaded with the list the menu writes to
  lists.send({ type: 'favourites.load' });
  await settle();
  // what the collection and the error reports should hold, kept from the answers this test gave
  return { actor, writeItem, lists, reports, listed: weekly.productIds, unexpectedFailures: 0 };
}
let sut: Awaited<ReturnType<typeof createSut>>;
afterEach(() => {
  sut?.actor.stop();
  sut?.lists.stop();
});

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.writeItem.next();
  if (outcome === 'resolve') {
    call.resolve(event.output as FavouriteListSummary);
    sut.listed = (event.output as FavouriteListSummary).productIds;
  } else {
    call.reject(event.error);
    // a refusal (a 4xx with its code) is the customer's to read; anything else is reported
    if ((event.error as { status: number }).status >= 500) sut.unexpectedFailures += 1;
  }
  await settle();
};
const executors = {
  'addToList.toggled': send,
  'addToList.retried': send,
  'xstate.done.actor.writeItem': settleWith('resolve'),
  'xstate.error.actor.writeItem': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) =>
  expect(sut.actor.getSnapshot().value).toEqual(expected.value);

describe('add to list (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = await createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectIsWritingItem(snapshot)).toBe(false);
          const problem = s.context.problem as { code: string | null; status: number } | null;
          // the line limit is final; any other failure offers "try again"
          const problemKey =
            problem === null
              ? null
              : problem.code === 'line_limit'
                ? 'favourites.errors.lineLimit'
                : 'favourites.errors.failed';
          expect(selectAddToListProblemKey(snapshot)).toBe(problemKey);
          expect(selectCanRetryWrite(snapshot)).toBe(problemKey === 'favourites.errors.failed');
          expect(sut.reports).toHaveLength(sut.unexpectedFailures);
          // the last answer reached the app's collection
          expect(selectFavouriteListById(sut.lists.getSnapshot(), 3)?.productIds).toEqual(sut.listed);
        },
        writing: (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectIsWritingItem(snapshot)).toBe(true);
          expect(selectWritingListId(snapshot)).toBe(3);
          const write = s.context.write as { listId: number; remove: boolean };
          expect(sut.writeItem.calls.at(-1)?.input).toEqual({ ...input, listId: 3, remove: write.remove });
        },
      },
    });
  });

  it('a refusal is not reported; an unexpected failure is', async () => {
    sut = await createSut();
    sut.actor.send({ type: 'addToList.toggled', listId: 3, onList: false });
    sut.writeItem.next().reject(httpError(403, 'not_owner'));
    await settle();
    expect(selectAddToListProblemKey(sut.actor.getSnapshot())).toBe('favourites.errors.notOwner');
    expect(sut.reports).toHaveLength(0);

    sut.actor.send({ type: 'addToList.toggled', listId: 3, onList: false });
    sut.writeItem.next().reject(httpError(500));
    await settle();
    expect(selectAddToListProblemKey(sut.actor.getSnapshot())).toBe('favourites.errors.failed');
    expect(sut.reports).toHaveLength(1);
  });
});
