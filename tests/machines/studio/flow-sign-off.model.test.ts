import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindFlowSignOff,
  type FlowSignOffInput,
  flowSignOffMachine,
  SIGN_OFF_COMMENT_LIMIT,
} from '../../../src/machines/studio/flow-sign-off.machine';
import {
  selectCurrentVersionSignOff,
  selectSignOffComment,
  selectSignOffCommentProblem,
  selectSignOffError,
  selectSignOffFormStatus,
  selectSignOffHistoryStatus,
  selectSignOffs,
} from '../../../src/machines/studio/flow-sign-off.selectors';
import type { FlowSignOff, SignOffRequest } from '../../../src/services/api/flow-sign-offs';
import { SIGN_OFF_COMMENT_MAX } from '../../../src/services/api/wire/flow-sign-offs';
import { httpError, networkError } from '../../../src/test/api-errors';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { answerNextCall, sendStepEvent } from '../../../src/test/model-executors';
import { assertExecutorsFor, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const input: FlowSignOffInput = { machine: 'checkout', version: '0123456789ab' };
const older: FlowSignOff = {
  id: 1,
  machine: 'checkout',
  version: 'abcdef012345',
  comment: 'First review.',
  signedBy: 'Petra Olsen',
  signedAt: '2026-11-20T10:00:00.000Z',
};
const signed: FlowSignOff = {
  id: 2,
  machine: 'checkout',
  version: input.version,
  comment: 'Matches the spec.',
  signedBy: 'Petra Olsen',
  signedAt: '2026-11-27T10:00:00.000Z',
};

const model = modelFor(flowSignOffMachine, {
  input,
  events: [
    { type: 'xstate.done.actor.loadSignOffs', output: [older] },
    { type: 'xstate.error.actor.loadSignOffs', error: networkError },
    { type: 'signOff.commentChanged', comment: 'Matches the spec.' },
    { type: 'signOff.commentChanged', comment: '   ' },
    { type: 'signOff.commentChanged', comment: 'x'.repeat(2001) },
    { type: 'xstate.done.actor.signOff', output: signed },
    { type: 'xstate.error.actor.signOff', error: httpError(500) },
  ],
  // the guard reads the comment; the history is compared by the tests
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.comment, s.context.submitted, s.context.signOffs.length]),
});
const walked = pathsToWalk('flowSignOff', flowSignOffMachine, model.getShortestPaths());

function createSut() {
  const loadSignOffs = controllableActor<FlowSignOff[], { machine: string }>();
  const signOff = controllableActor<FlowSignOff, SignOffRequest>();
  const actor = createActor(
    flowSignOffMachine.provide({ actors: { loadSignOffs: loadSignOffs.logic, signOff: signOff.logic } }),
    { input },
  ).start();
  return { actor, loadSignOffs, signOff };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = sendStepEvent(() => sut.actor);
const executors = {
  'signOff.historyRetried': send,
  'signOff.started': send,
  'signOff.commentChanged': send,
  'signOff.submitted': send,
  'signOff.cancelled': send,
  'xstate.done.actor.loadSignOffs': answerNextCall(() => sut.loadSignOffs),
  'xstate.error.actor.loadSignOffs': answerNextCall(() => sut.loadSignOffs),
  'xstate.done.actor.signOff': answerNextCall(() => sut.signOff),
  'xstate.error.actor.signOff': answerNextCall(() => sut.signOff),
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectSignOffs(now())).toEqual(expected.context.signOffs);
  expect(selectSignOffComment(now())).toBe(expected.context.comment);
};

describe('flow sign-off machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectSignOffHistoryStatus(now())).toBe('loading');
          expect(sut.loadSignOffs.calls.at(-1)?.input).toEqual({ machine: 'checkout' });
        },
        loadFailed: (s) => {
          sameAsModel(s);
          expect(selectSignOffHistoryStatus(now())).toBe('failed');
          expect(selectSignOffError(now())?.kind).toBe('network');
        },
        ready: (s) => {
          sameAsModel(s);
          expect(selectSignOffHistoryStatus(now())).toBe('loaded');
          expect(selectSignOffs(now()).at(-1)).toEqual(older);
        },
        'ready.idle': (s) => {
          sameAsModel(s);
          expect(selectSignOffFormStatus(now())).toBe('closed');
          expect(selectCurrentVersionSignOff(now())).toBeNull();
        },
        'ready.editing': (s) => {
          sameAsModel(s);
          expect(selectSignOffFormStatus(now())).toBe('editing');
          const trimmed = s.context.comment.trim();
          const problem = trimmed === '' ? 'required' : trimmed.length > 2000 ? 'tooLong' : null;
          // the message shows only once Sign off was pressed
          expect(selectSignOffCommentProblem(now())).toBe(s.context.submitted ? problem : null);
        },
        'ready.submitting': (s) => {
          sameAsModel(s);
          expect(selectSignOffFormStatus(now())).toBe('submitting');
          expect(sut.signOff.calls.at(-1)?.input).toEqual({
            machine: 'checkout',
            version: input.version,
            comment: 'Matches the spec.',
          });
        },
        'ready.signedOff': (s) => {
          sameAsModel(s);
          expect(selectSignOffFormStatus(now())).toBe('signedOff');
          expect(selectSignOffs(now())).toEqual([signed, older]);
          expect(selectCurrentVersionSignOff(now())).toEqual(signed);
          expect(selectSignOffComment(now())).toBe('');
        },
        'ready.failed': (s) => {
          sameAsModel(s);
          expect(selectSignOffFormStatus(now())).toBe('failed');
          expect(selectSignOffError(now())?.status).toBe(500);
          // what was typed stays for Try again
          expect(selectSignOffComment(now())).toBe('Matches the spec.');
        },
      },
    });
  });
});

describe('the sign-off bound to its ports', () => {
  it('loads the history and posts the trimmed comment through the API client', async () => {
    const posted: SignOffRequest[] = [];
    const actor = createActor(
      bindFlowSignOff(
        testPorts({
          flowSignOffs: async () => [older],
          signOffFlow: async (request) => {
            posted.push(request);
            return signed;
          },
        }),
      ),
      { input },
    ).start();
    await settle();
    actor.send({ type: 'signOff.started' });
    actor.send({ type: 'signOff.commentChanged', comment: '  Matches the spec.  ' });
    actor.send({ type: 'signOff.submitted' });
    await settle();
    expect(posted).toEqual([{ machine: 'checkout', version: input.version, comment: 'Matches the spec.' }]);
    expect(selectSignOffs(actor.getSnapshot())).toEqual([signed, older]);
    actor.stop();
  });
});

describe('the sign-off comment limit', () => {
  it('is the one the server holds a comment to', () => {
    expect(SIGN_OFF_COMMENT_LIMIT).toBe(SIGN_OFF_COMMENT_MAX);
  });
});
