import { afterEach, describe, expect, it } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindStaffSession,
  type StaffSignInInput,
  staffSessionMachine,
} from '../../src/machines/staff/staff-session.machine';
import {
  selectStaffCanSubmit,
  selectStaffIsRestoring,
  selectStaffIsSignedIn,
  selectStaffIsSigningIn,
  selectStaffName,
  selectStaffPassword,
  selectStaffSignInProblem,
  selectStaffToken,
  selectStaffUsername,
  selectStaffWaitMinutes,
} from '../../src/machines/staff/staff-session.selectors';
import { ApiError } from '../../src/services/api/errors';
import type { StaffSession } from '../../src/services/api/staff';
import { STAFF_SESSION_KEY, type StoredStaffSession } from '../../src/services/staff-session-store';
import { httpError, networkError } from '../../src/test/api-errors';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../src/test/modelFor';
import { testStaffPorts } from '../../src/test/staff-ports';
import { pathsToWalk } from '../../src/test/walk';

const session: StaffSession = {
  access: 'staff-token',
  expiresAt: '2999-01-01T08:00:00.000Z',
  name: 'Supplier staff',
  username: 'staff',
};
const throttled = new ApiError(
  { kind: 'http', call: 'POST staff/session/', status: 429, code: 'throttled', retryAfterSeconds: 90 },
  'HTTP 429',
);

const model = modelFor(staffSessionMachine, {
  events: [
    { type: 'xstate.done.actor.restore', output: { kind: 'session', session } },
    { type: 'xstate.done.actor.restore', output: { kind: 'expired' } },
    { type: 'xstate.done.actor.restore', output: { kind: 'none' } },
    { type: 'xstate.error.actor.restore', error: new Error('storage blocked') },
    { type: 'staff.changed', field: 'username', value: ' staff ' },
    { type: 'staff.changed', field: 'password', value: 'staff123' },
    { type: 'staff.changed', field: 'username', value: '' },
    { type: 'xstate.done.actor.signIn', output: session },
    { type: 'xstate.error.actor.signIn', error: httpError(401, 'staff_credentials_invalid') },
    { type: 'xstate.error.actor.signIn', error: throttled },
    { type: 'xstate.error.actor.signIn', error: httpError(500) },
    { type: 'xstate.error.actor.signIn', error: networkError },
  ],
  // the guard reads whether both fields are filled; the tests compare what was typed
  serializeState: (s) => JSON.stringify([s.value, s.context.username, s.context.password]),
});
const walked = pathsToWalk('staffSession', staffSessionMachine, model.getShortestPaths());

function createSut() {
  const restore = controllableActor<StoredStaffSession, void>();
  const signIn = controllableActor<StaffSession, StaffSignInInput>();
  const ports = testStaffPorts();
  const actor = createActor(
    bindStaffSession(ports).provide({ actors: { restore: restore.logic, signIn: signIn.logic } }),
  ).start();
  return { actor, restore, signIn, storage: ports.storage };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const executors = {
  'staff.changed': send,
  'staff.submitted': send,
  'staff.retried': send,
  'staff.signedOut': send,
  'staff.tokenRefused': send,
  'xstate.done.actor.restore': async (step: { event: { type: string } }) => {
    const stored = (step.event as ModelEvent).output as StoredStaffSession;
    // what an earlier sign-in of this tab left
    if (stored.kind === 'session') sut.storage.setItem(STAFF_SESSION_KEY, JSON.stringify(stored.session));
    sut.restore.next().resolve(stored);
    await settle();
  },
  'xstate.error.actor.restore': async (step: { event: { type: string } }) => {
    sut.restore.next().reject((step.event as ModelEvent).error);
    await settle();
  },
  'xstate.done.actor.signIn': async (step: { event: { type: string } }) => {
    sut.signIn.next().resolve((step.event as ModelEvent).output as StaffSession);
    await settle();
  },
  'xstate.error.actor.signIn': async (step: { event: { type: string } }) => {
    sut.signIn.next().reject((step.event as ModelEvent).error);
    await settle();
  },
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectStaffUsername(now())).toBe(expected.context.username);
  expect(selectStaffPassword(now())).toBe(expected.context.password);
  expect(selectStaffCanSubmit(now())).toBe(
    expected.context.username.trim() !== '' && expected.context.password !== '',
  );
};
/** signed out, whatever the message: no token anywhere, nothing kept in the tab */
const signedOut = (expected: AnyMachineSnapshot) => {
  sameAsModel(expected);
  expect(selectStaffIsSignedIn(now())).toBe(false);
  expect(selectStaffIsSigningIn(now())).toBe(false);
  expect(selectStaffToken(now())).toBeNull();
  expect(sut.storage.getItem(STAFF_SESSION_KEY)).toBeNull();
};

describe('staff session machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        restoring: (s) => {
          sameAsModel(s);
          expect(selectStaffIsRestoring(now())).toBe(true);
          expect(sut.restore.calls).toHaveLength(1);
        },
        'signedOut.idle': (s) => {
          signedOut(s);
          expect(selectStaffSignInProblem(now())).toBeNull();
        },
        'signedOut.expired': (s) => {
          signedOut(s);
          expect(selectStaffSignInProblem(now())).toBe('expired');
        },
        'signedOut.wrongCredentials': (s) => {
          signedOut(s);
          expect(selectStaffSignInProblem(now())).toBe('wrongCredentials');
          // the wrong password is gone, the name stays
          expect(selectStaffPassword(now())).toBe('');
        },
        'signedOut.throttled': (s) => {
          signedOut(s);
          expect(selectStaffSignInProblem(now())).toBe('throttled');
          expect(selectStaffWaitMinutes(now())).toBe(2);
        },
        'signedOut.noAnswer': (s) => {
          signedOut(s);
          expect(selectStaffSignInProblem(now())).toBe('noAnswer');
          // Try again sends what was typed
          expect(selectStaffPassword(now())).toBe('staff123');
        },
        signingIn: (s) => {
          sameAsModel(s);
          expect(selectStaffIsSigningIn(now())).toBe(true);
          expect(sut.signIn.calls.at(-1)?.input).toEqual({ username: 'staff', password: 'staff123' });
        },
        signedIn: (s) => {
          sameAsModel(s);
          expect(selectStaffIsSignedIn(now())).toBe(true);
          expect(selectStaffToken(now())).toBe(session.access);
          expect(selectStaffName(now())).toBe('Supplier staff');
          // kept in the tab, without the password
          expect(JSON.parse(sut.storage.getItem(STAFF_SESSION_KEY) ?? 'null')).toEqual(session);
          expect(selectStaffPassword(now())).toBe('');
        },
      },
    });
  });
});
