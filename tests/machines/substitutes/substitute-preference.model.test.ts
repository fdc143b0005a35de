import { afterEach, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  bindSubstitutePreference,
  type SubstitutePreferenceChange,
  substitutePreferenceMachine,
} from '../../../src/machines/substitutes/substitute-preference.machine';
import {
  selectPreference,
  selectPreferenceStatus,
} from '../../../src/machines/substitutes/substitute-preference.selectors';
import type { SubstitutePreference } from '../../../src/services/api/wire/substitutes';
import { httpError, unusedApi } from '../../../src/test/api-errors';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { answerNextCall, sendStepEvent } from '../../../src/test/model-executors';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const loaded: SubstitutePreference = { companyForbids: false, userForbids: false, canChangeCompany: true };
const saved: SubstitutePreference = { companyForbids: false, userForbids: true, canChangeCompany: true };
const change: SubstitutePreferenceChange = { userForbids: true };

const model = modelFor(substitutePreferenceMachine, {
  events: [
    { type: 'preference.changed', change },
    { type: 'preference.retried' },
    { type: 'xstate.done.actor.loadPreference', output: loaded },
    { type: 'xstate.error.actor.loadPreference', error: httpError(500) },
    { type: 'xstate.error.actor.loadPreference', error: httpError(404) },
    { type: 'xstate.done.actor.savePreference', output: saved },
    { type: 'xstate.error.actor.savePreference', error: httpError(403, 'main_user_only') },
  ],
  serializeState: (s) => JSON.stringify(s.value),
});
const walked = pathsToWalk('substitutePreference', substitutePreferenceMachine, model.getShortestPaths());

function createSut() {
  const load = controllableActor<SubstitutePreference, void>();
  const save = controllableActor<SubstitutePreference, SubstitutePreferenceChange>();
  const actor = createActor(
    bindSubstitutePreference(testPorts(unusedApi)).provide({
      actors: { loadPreference: load.logic, savePreference: save.logic },
    }),
  ).start();
  return { actor, load, save };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = sendStepEvent(() => sut.actor);
const executors = {
  'preference.changed': send,
  'preference.retried': send,
  'xstate.done.actor.loadPreference': answerNextCall(() => sut.load),
  'xstate.error.actor.loadPreference': answerNextCall(() => sut.load),
  'xstate.done.actor.savePreference': answerNextCall(() => sut.save),
  'xstate.error.actor.savePreference': answerNextCall(() => sut.save),
};
assertExecutorsFor(walked, executors);

const status = () => selectPreferenceStatus(sut.actor.getSnapshot());
const shown = () => selectPreference(sut.actor.getSnapshot());

describe('substitute preference machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: () => expect([status(), shown()]).toEqual(['loading', null]),
        loadFailed: () => expect(status()).toBe('loadFailed'),
        notOffered: () => expect([status(), shown()]).toEqual(['notOffered', null]),
        'shown.idle': () => expect([status(), shown()]).toEqual(['idle', loaded]),
        'shown.saving': () => {
          expect([status(), shown()]).toEqual(['saving', loaded]);
          // only the switch that changed is sent, once however often it is pressed meanwhile
          expect(sut.save.calls.map((call) => call.input)).toEqual(Array(sut.save.calls.length).fill(change));
        },
        // the switches show what the server answered
        'shown.saved': () => expect([status(), shown()]).toEqual(['saved', saved]),
        'shown.saveFailed': () => expect([status(), shown()]).toEqual(['saveFailed', loaded]),
      },
    });
  });

  it('sends nothing more while a change is saving', async () => {
    sut = createSut();
    sut.load.next().resolve(loaded);
    await settle();
    sut.actor.send({ type: 'preference.changed', change });
    sut.actor.send({ type: 'preference.changed', change: { companyForbids: true } });
    expect(sut.save.calls.map((call) => call.input)).toEqual([change]);
  });
});
