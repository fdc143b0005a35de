import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { UserCreateForm } from '../../../src/domain/account-forms';
import type { CustomerUser } from '../../../src/domain/types';
import { bindNewUser, newUserMachine } from '../../../src/machines/settings/new-user.machine';
import {
  selectIsCreatingUser,
  selectIsNewUserNotOffered,
  selectNewUserDraft,
  selectNewUserFailed,
  selectNewUserFieldErrors,
  selectNewUserRefusal,
} from '../../../src/machines/settings/new-user.selectors';
import type { UserEditorEmitted, UserEditorInput } from '../../../src/machines/settings/user-editor.machine';
import type { PortalApi } from '../../../src/services/api';
import { httpError, networkError } from '../../../src/test/api-errors';
import { aCustomerUser } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

/** the server's answer echoes the typed form */
const created = aCustomerUser({
  id: 30,
  username: 'dora',
  firstName: 'Dora',
  lastName: 'Diaz',
  email: 'dora@example.com',
});
const input: UserEditorInput = { mode: 'create', language: 'en' };

const model = modelFor(newUserMachine, {
  input,
  events: [
    { type: 'userEditor.changed', field: 'username', value: 'dora' },
    { type: 'userEditor.changed', field: 'email', value: 'dora@example.com' },
    { type: 'userEditor.changed', field: 'firstName', value: 'Dora' },
    { type: 'userEditor.changed', field: 'lastName', value: 'Diaz' },
    { type: 'userEditor.changed', field: 'password', value: 'secret1' },
    { type: 'userEditor.submitted' },
    { type: 'userEditor.retried' },
    { type: 'xstate.done.actor.createUser', output: created },
    { type: 'xstate.error.actor.createUser', error: httpError(409, 'username_taken') },
    { type: 'xstate.error.actor.createUser', error: httpError(400, 'email_taken') },
    { type: 'xstate.error.actor.createUser', error: httpError(400, 'invalid') },
    { type: 'xstate.error.actor.createUser', error: networkError },
    // a backend without user management beyond the list
    { type: 'xstate.error.actor.createUser', error: httpError(405) },
  ],
  // what the guards read, the form as typed (plus the state); and which fields show a message, so
  // that a send the rules refuse is a step of its own
  serializeState: (s) => JSON.stringify([s.value, s.context.draft, Object.keys(s.context.errors)]),
});
const walked = pathsToWalk('newUser', newUserMachine, model.getShortestPaths());

function createSut() {
  const createUser = controllableActor<CustomerUser, UserCreateForm>();
  const reportError = vi.fn(async () => undefined);
  const bound = bindNewUser(testPorts({ reportError } as Partial<PortalApi>)).provide({
    actors: { createUser: createUser.logic },
  });
  const actor = createActor(bound, { input });
  const emitted: UserEditorEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, createUser, reportError, emitted, reportsBefore: 0 };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => {
  sut.reportsBefore = sut.reportError.mock.calls.length;
  sut.actor.send(step.event as never);
};
const settleWith = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const event = step.event as ModelEvent;
  sut.reportsBefore = sut.reportError.mock.calls.length;
  const call = sut.createUser.next();
  if (outcome === 'resolve') call.resolve(event.output as CustomerUser);
  else call.reject(event.error);
  await settle();
};
const executors = {
  'userEditor.changed': send,
  'userEditor.submitted': send,
  'userEditor.retried': send,
  'xstate.done.actor.createUser': settleWith('resolve'),
  'xstate.error.actor.createUser': settleWith('reject'),
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const notReportedNow = () => expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore);
const reportedNow = () => expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore + 1);
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  // everything typed stays, whatever the server answered
  expect(selectNewUserDraft(now())).toEqual(expected.context.draft);
};

const states = {
  'filling.editing': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    // a taken username or address is the field's message, a refusal shows above the form: never reported
    expect(Object.keys(selectNewUserFieldErrors(now()))).toEqual(Object.keys(s.context.errors));
    expect(selectNewUserRefusal(now())).toBe(s.context.refusal);
    expect(selectIsCreatingUser(now())).toBe(false);
    expect(selectNewUserFailed(now())).toBe(false);
    notReportedNow();
  },
  'filling.failed': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectNewUserFailed(now())).toBe(true);
    reportedNow();
  },
  submitting: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectIsCreatingUser(now())).toBe(true);
    expect(sut.createUser.calls.at(-1)?.input).toMatchObject({
      username: 'dora',
      email: 'dora@example.com',
      access: 'password',
      password: 'secret1',
      language: 'en',
    });
  },
  created: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.emitted).toContainEqual({ type: 'userEditor.created', userId: 30 });
  },
  notOffered: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectIsNewUserNotOffered(now())).toBe(true);
    notReportedNow();
  },
};

describe('new user machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({ events: executors, states });
  });

  it('starts on its empty form, asking the server nothing', () => {
    sut = createSut();
    expect(now().value).toEqual({ filling: 'editing' });
    expect(selectNewUserDraft(now())).toMatchObject({ username: '', email: '', language: 'en' });
    expect(sut.createUser.calls).toHaveLength(0);
  });

  it("a taken username is the username field's message, with everything typed kept", async () => {
    sut = createSut();
    for (const [field, value] of [
      ['username', 'dora'],
      ['email', 'dora@example.com'],
      ['firstName', 'Dora'],
      ['lastName', 'Diaz'],
      ['password', 'secret1'],
    ] as const)
      sut.actor.send({ type: 'userEditor.changed', field, value });
    sut.actor.send({ type: 'userEditor.submitted' });
    sut.createUser.next().reject(httpError(409, 'username_taken'));
    await settle();
    expect(selectNewUserFieldErrors(now())).toEqual({ username: { key: 'validation.usernameTaken' } });
    expect(selectNewUserDraft(now()).username).toBe('dora');
    expect(sut.reportError).not.toHaveBeenCalled();
  });
});
