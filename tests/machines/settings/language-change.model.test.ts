import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor, fromCallback } from 'xstate';
import {
  bindLanguageChange,
  type LanguageChangeEmitted,
  type LanguageChangeEvent,
  languageChangeMachine,
} from '../../../src/machines/settings/language-change.machine';
import {
  selectFailedLanguage,
  selectIsChangingLanguage,
  selectLanguageBeingChosen,
  selectLanguageChangeFailure,
} from '../../../src/machines/settings/language-change.selectors';
import { ApiError } from '../../../src/services/api';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const deutsch = { id: 3, code: 'de' };
const english = { id: 1, code: 'en' };
const serverError = new ApiError(
  { kind: 'http', call: 'POST baf/update-language/', status: 500 },
  'HTTP 500',
);

const model = modelFor(languageChangeMachine, {
  events: [
    { type: 'language.chosen', language: deutsch, current: 'en' },
    { type: 'language.chosen', language: english, current: 'en' },
    { type: 'language.dismissed' },
    // the answer is not shown (SPEC point 7): an empty 200 accepts the language
    { type: 'xstate.done.actor.updateLanguage', output: undefined },
    { type: 'xstate.error.actor.updateLanguage', error: serverError },
    { type: 'language.sessionRenewed', language: 'de' },
    { type: 'language.sessionRenewFailed' },
  ],
  serializeState: (s) => JSON.stringify([s.value, s.context]),
});
// Choosing the language already shown changes nothing, so no shortest path takes that transition: one
// path of its own does (and its test checks that nothing was sent).
const chooseCurrent = { type: 'language.chosen', language: english, current: 'en' };
// The shell saying the interface speaks another language changes no state either (it refreshes the lists).
const paths = [
  ...model.getShortestPaths(),
  ...model.getPathsFromEvents([chooseCurrent], {}),
  ...model.getPathsFromEvents([{ type: 'language.applied' }], {}),
];
const walked = pathsToWalk('languageChange', languageChangeMachine, paths);

function createSut() {
  const update = controllableActor<void, { languageId: number }>();
  const renewals: Array<(event: LanguageChangeEvent) => void> = [];
  const reportError = vi.fn();
  const machine = bindLanguageChange(testPorts({})).provide({
    actors: {
      updateLanguage: update.logic,
      // stands in for the session: the test answers for it
      renewSession: fromCallback<LanguageChangeEvent>(({ sendBack }) => {
        renewals.push(sendBack);
      }),
    },
    actions: { reportError },
  });
  const actor = createActor(machine);
  const switched: string[] = [];
  actor.on('language.switched', (event: LanguageChangeEmitted) => switched.push(event.language));
  actor.start();
  return { actor, update, renewals, reportError, switched, updateFailures: 0 };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const answerUpdate = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  const call = sut.update.next();
  expect(call.input).toEqual({ languageId: deutsch.id });
  if (outcome === 'resolve') call.resolve();
  else {
    sut.updateFailures += 1;
    call.reject(event.error);
  }
  await settle();
};
const answerRenewal = (step: { event: { type: string } }) => {
  const sendBack = sut.renewals.at(-1);
  if (!sendBack) throw new Error('no session renewal was asked for');
  sendBack(step.event as LanguageChangeEvent);
};
const executors = {
  'language.chosen': send,
  'language.dismissed': send,
  'language.applied': send,
  'xstate.done.actor.updateLanguage': answerUpdate('resolve'),
  'xstate.error.actor.updateLanguage': answerUpdate('reject'),
  'language.sessionRenewed': answerRenewal,
  'language.sessionRenewFailed': answerRenewal,
};
assertExecutorsFor(walked, executors);

const sameAsModel = (expected: AnyMachineSnapshot) => {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  expect(actual.context).toEqual(expected.context);
};

describe('language change machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          expect(selectIsChangingLanguage(sut.actor.getSnapshot())).toBe(false);
        },
        saving: (s) => {
          sameAsModel(s);
          expect(selectLanguageBeingChosen(sut.actor.getSnapshot())).toBe('de');
          expect(sut.update.calls).toHaveLength(1);
        },
        renewingSession: (s) => {
          sameAsModel(s);
          expect(selectIsChangingLanguage(sut.actor.getSnapshot())).toBe(true);
          expect(sut.renewals).toHaveLength(1);
          expect(sut.switched).toEqual([]);
        },
        'failed.update': (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectFailedLanguage(snapshot)).toBe('de');
          expect(selectLanguageChangeFailure(snapshot)).toBe('update');
          expect(sut.switched).toEqual([]);
          // every update failure is reported here
          expect(sut.updateFailures).toBeGreaterThan(0);
          expect(sut.reportError).toHaveBeenCalledTimes(sut.updateFailures);
        },
        'failed.renewal': (s) => {
          sameAsModel(s);
          const snapshot = sut.actor.getSnapshot();
          expect(selectFailedLanguage(snapshot)).toBe('de');
          expect(selectLanguageChangeFailure(snapshot)).toBe('renewal');
          expect(sut.switched).toEqual([]);
          // a renewal failure was reported by the session, not again here
          expect(sut.reportError).toHaveBeenCalledTimes(sut.updateFailures);
        },
      },
    });
    // the interface switches exactly when the session came back with the new claims, and only then
    const last = path.steps.at(-1)?.event.type;
    expect(sut.switched).toEqual(last === 'language.sessionRenewed' ? ['de'] : []);
    if (path.steps.every((step) => step.event.type !== 'xstate.done.actor.updateLanguage'))
      expect(sut.renewals).toHaveLength(0);
  });
});
