import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import type { FavouriteListSummary } from '../../../src/domain/types';
import { favouriteListsMachine } from '../../../src/machines/favourites/favourite-lists.machine';
import { selectFavouriteListById } from '../../../src/machines/favourites/favourite-lists.selectors';
import {
  bindOrderGuideBuild,
  orderGuideBuildMachine,
} from '../../../src/machines/favourites/order-guide-build.machine';
import {
  selectBuildProblemKey,
  selectBuiltGuideId,
  selectIsBuildingGuide,
} from '../../../src/machines/favourites/order-guide-build.selectors';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { aList } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { answerNextCall, sendStepEvent } from '../../../src/test/model-executors';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const built = aList(12, 'Order guide 28/11/2026', { productIds: [3, 1], orderGuide: true });

const model = modelFor(orderGuideBuildMachine, {
  events: [
    { type: 'orderGuide.buildRequested', name: 'Order guide 28/11/2026' },
    { type: 'xstate.done.actor.buildGuide', output: built },
    { type: 'xstate.error.actor.buildGuide', error: httpError(400, 'no_recent_orders') },
    { type: 'xstate.error.actor.buildGuide', error: httpError(500) },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context.noRecentOrders]),
});
const walked = pathsToWalk('orderGuideBuild', orderGuideBuildMachine, model.getShortestPaths());

function createSut() {
  const buildGuide = controllableActor<FavouriteListSummary, { name: string }>();
  const lists = createActor(
    favouriteListsMachine.provide({ actors: { loadLists: fromPromise(async () => [aList(1, 'Other')]) } }),
  ).start();
  lists.send({ type: 'favourites.load' });
  const bound = bindOrderGuideBuild(testPorts(unusedApi, undefined, undefined, lists)).provide({
    actors: { buildGuide: buildGuide.logic },
  });
  return { actor: createActor(bound).start(), buildGuide, lists };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => {
  sut?.actor.stop();
  sut?.lists.stop();
});

const executors = {
  'orderGuide.buildRequested': sendStepEvent(() => sut.actor),
  'orderGuide.retried': sendStepEvent(() => sut.actor),
  'orderGuide.dismissed': sendStepEvent(() => sut.actor),
  'xstate.done.actor.buildGuide': answerNextCall(() => sut.buildGuide),
  'xstate.error.actor.buildGuide': answerNextCall(() => sut.buildGuide),
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) =>
  expect(sut.actor.getSnapshot().value).toEqual(expected.value);

describe('order guide build machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          expect(selectBuildProblemKey(sut.actor.getSnapshot())).toBeNull();
          expect(selectBuiltGuideId(sut.actor.getSnapshot())).toBeNull();
        },
        building: (s) => {
          sameAsModel(s);
          expect(selectIsBuildingGuide(sut.actor.getSnapshot())).toBe(true);
          expect(sut.buildGuide.calls.at(-1)?.input).toEqual({ name: 'Order guide 28/11/2026' });
        },
        failed: (s) => {
          sameAsModel(s);
          // nothing ordered in 90 days is said as such; anything else is a failure to try again
          expect(selectBuildProblemKey(sut.actor.getSnapshot())).toBe(
            s.context.noRecentOrders ? 'orderGuide.noRecentOrders' : 'orderGuide.buildFailed',
          );
        },
        built: (s) => {
          sameAsModel(s);
          expect(selectBuiltGuideId(sut.actor.getSnapshot())).toBe(12);
          // the app's lists hold the new guide at once
          expect(selectFavouriteListById(sut.lists.getSnapshot(), 12)).toEqual(built);
        },
      },
    });
  });
});
