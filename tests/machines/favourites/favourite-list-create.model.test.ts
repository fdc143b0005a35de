import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import type { FavouriteListSummary } from '../../../src/domain/types';
import { favouriteListCreateDraftSlot } from '../../../src/machines/favourites/favourite-list-create.draft';
import {
  bindNewListForm,
  type CreateListInput,
  favouriteListCreateMachine,
} from '../../../src/machines/favourites/favourite-list-create.machine';
import {
  selectCanRetryCreate,
  selectCreatedList,
  selectCreateProblemKey,
  selectIsCreatingList,
  selectNewListName,
  selectNewListNameError,
  selectNewListShared,
} from '../../../src/machines/favourites/favourite-list-create.selectors';
import { favouriteListsMachine } from '../../../src/machines/favourites/favourite-lists.machine';
import { selectFavouriteListById } from '../../../src/machines/favourites/favourite-lists.selectors';
import { createDraftStore } from '../../../src/services/drafts/draft-store';
import { httpError } from '../../../src/test/api-errors';
import { aList } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { MemoryStorage } from '../../../src/test/memoryStorage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const items = [{ product: 7, quantity: '2', unit: 2 }];
const created = aList(9, 'Weekly', { productIds: [7], shared: true });

const model = modelFor(favouriteListCreateMachine, {
  input: {},
  events: [
    { type: 'favouriteListCreate.nameChanged', name: '' },
    { type: 'favouriteListCreate.nameChanged', name: ' Weekly ' },
    { type: 'favouriteListCreate.sharedChanged', shared: true },
    // what the draft keeper answers on start after a reload of the lists page
    { type: 'favouriteListCreate.draftRestored', draft: { name: ' Weekly ', shared: true } },
    { type: 'favouriteListCreate.submitted', items },
    { type: 'xstate.done.actor.createList', output: created },
    { type: 'xstate.error.actor.createList', error: httpError(400, 'name_taken') },
    { type: 'xstate.error.actor.createList', error: httpError(500) },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.name,
      s.context.shared,
      s.context.nameError,
      s.context.problem?.status ?? null,
    ]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('favouriteListCreate', favouriteListCreateMachine, paths);

async function createSut() {
  const createList = controllableActor<FavouriteListSummary, CreateListInput>();
  const reports: unknown[] = [];
  const lists = createActor(
    favouriteListsMachine.provide({
      actors: { loadLists: fromPromise(async () => [aList(1, 'Other')]) },
    }),
  ).start();
  lists.send({ type: 'favourites.load' });
  const api = { reportError: async (report: unknown) => void reports.push(report) };
  // the lists page's form, keeping its draft in a tab of its own for a signed-in user
  const session = {
    getSnapshot: () => ({ context: { claims: { accountName: 'ada', name: 'Shop' } } }),
    subscribe: () => ({ unsubscribe: () => undefined }),
  };
  const storage = new MemoryStorage();
  const drafts = createDraftStore(() => storage);
  const ports = { ...testPorts(api, undefined, session as never, lists), drafts };
  const bound = bindNewListForm(ports).provide({ actors: { createList: createList.logic } });
  const actor = createActor(bound, { input: {} }).start();
  await settle();
  const stored = () => drafts.read(favouriteListCreateDraftSlot, JSON.stringify(['ada', 'Shop']));
  // kept from what this test did: whether the form holds an edit, and how many failures to report
  return { actor, createList, lists, reports, stored, edited: false, unexpectedFailures: 0 };
}
let sut: Awaited<ReturnType<typeof createSut>>;
afterEach(() => {
  sut?.actor.stop();
  sut?.lists.stop();
});

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.createList.next();
  if (outcome === 'resolve') {
    call.resolve(event.output as FavouriteListSummary);
    sut.edited = false;
  } else {
    call.reject(event.error);
    if ((event.error as { status: number }).status >= 500) sut.unexpectedFailures += 1;
  }
  await settle();
};
const edit = (step: { event: { type: string } }) => {
  send(step);
  sut.edited = true;
};
const executors = {
  'favouriteListCreate.nameChanged': edit,
  'favouriteListCreate.sharedChanged': edit,
  'favouriteListCreate.submitted': send,
  'favouriteListCreate.retried': send,
  'favouriteListCreate.restarted': send,
  'favouriteListCreate.draftRestored': edit,
  'xstate.done.actor.createList': settleWith('resolve'),
  'xstate.error.actor.createList': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  // nothing typed is lost, whatever happened
  expect(selectNewListName(actual)).toBe(expected.context.name);
  expect(selectNewListShared(actual)).toBe(expected.context.shared);
};

describe('favourite list create (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = await createSut();
    await path.test({
      events: executors,
      states: {
        editing: (s) => {
          sameAsModel(s);
          // what was typed (or restored) is what a reload would bring back; nothing before the first edit
          // nor once the list exists
          const typed = { name: s.context.name, shared: s.context.shared };
          expect(sut.stored()).toEqual(sut.edited ? typed : null);
          const snapshot = sut.actor.getSnapshot();
          expect(selectNewListNameError(snapshot)).toBe(s.context.nameError);
          const status = (s.context.problem as { status: number } | null)?.status ?? null;
          // the taken name is final; the unexpected failure offers "try again" and is reported
          const problemKey =
            status === 400
              ? 'favourites.errors.nameTaken'
              : status === 500
                ? 'favourites.errors.failed'
                : null;
          expect(selectCreateProblemKey(snapshot)).toBe(problemKey);
          expect(selectCanRetryCreate(snapshot)).toBe(status === 500);
          expect(sut.reports).toHaveLength(sut.unexpectedFailures);
        },
        creating: (s) => {
          sameAsModel(s);
          expect(selectIsCreatingList(sut.actor.getSnapshot())).toBe(true);
          expect(sut.createList.calls.at(-1)?.input).toEqual({
            name: 'Weekly',
            shared: s.context.shared,
            items,
          });
        },
        created: (s) => {
          sameAsModel(s);
          expect(selectCreatedList(sut.actor.getSnapshot())).toEqual(created);
          // the list exists: a reload starts an empty form
          expect(sut.stored()).toBeNull();
          // the new list is in the app's collection
          expect(selectFavouriteListById(sut.lists.getSnapshot(), 9)).toEqual(created);
        },
      },
    });
  });

  it('a blank name is refused before any call', async () => {
    sut = await createSut();
    sut.actor.send({ type: 'favouriteListCreate.nameChanged', name: '   ' });
    sut.actor.send({ type: 'favouriteListCreate.submitted', items: [] });
    expect(selectNewListNameError(sut.actor.getSnapshot())).toBe('favourites.errors.nameRequired');
    expect(sut.createList.calls).toHaveLength(0);
  });

  it('a refusal is shown and not reported; an unexpected failure is shown and reported', async () => {
    sut = await createSut();
    sut.actor.send({ type: 'favouriteListCreate.nameChanged', name: 'Weekly' });
    sut.actor.send({ type: 'favouriteListCreate.submitted', items: [] });
    sut.createList.next().reject(httpError(400, 'name_taken'));
    await settle();
    expect(selectCreateProblemKey(sut.actor.getSnapshot())).toBe('favourites.errors.nameTaken');
    expect(sut.reports).toHaveLength(0);

    sut.actor.send({ type: 'favouriteListCreate.nameChanged', name: 'Weekly 2' });
    sut.actor.send({ type: 'favouriteListCreate.submitted', items: [] });
    sut.createList.next().reject(httpError(500));
    await settle();
    expect(selectCreateProblemKey(sut.actor.getSnapshot())).toBe('favourites.errors.failed');
    expect(sut.reports).toHaveLength(1);
  });
});
