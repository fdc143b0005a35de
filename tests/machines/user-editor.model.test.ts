import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { UserCreateForm } from '../../src/domain/account-forms';
import type { CustomerUser } from '../../src/domain/types';
import {
  bindUserEditor,
  type SetUserActiveInput,
  type UpdateUserInput,
  type UserEditorEmitted,
  type UserEditorInput,
  userEditorMachine,
} from '../../src/machines/user-editor.machine';
import {
  selectIsDeleteDialogOpen,
  selectUserControls,
  selectUserDraft,
  selectUserEditorStatus,
  selectUserFailure,
  selectUserFieldErrors,
  selectUserNote,
  selectUserRefusal,
} from '../../src/machines/user-editor.selectors';
import type { PortalApi } from '../../src/services/api';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { requireFullCoverage } from '../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../src/test/modelFor';
import { testPorts } from '../../src/test/ports';
import { httpError, networkError } from './cart-fixtures';

const colleague: CustomerUser = {
  id: 12,
  username: 'colleague',
  firstName: 'Cora',
  lastName: 'Colleague',
  email: 'cora@example.com',
  language: 'de',
  landlinePhone: '',
  mobilePhone: '',
  isActive: true,
  isMainUser: false,
};
const inactive: CustomerUser = { ...colleague, isActive: false };
const mainUser: CustomerUser = { ...colleague, username: 'buyer', isMainUser: true };
const created: CustomerUser = { ...colleague, id: 30, username: 'dora' };

const createInput: UserEditorInput = { mode: 'create', language: 'en' };
const editInput: UserEditorInput = { mode: 'edit', userId: 12 };

const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.draft,
    Object.keys(s.context.errors),
    s.context.user ? [s.context.user.isActive, s.context.user.isMainUser] : null,
    s.context.refusal,
  ]);

const createModel = modelFor(userEditorMachine, {
  input: createInput,
  events: [
    { type: 'xstate.done.actor.loadUser', output: null },
    { type: 'userEditor.changed', field: 'username', value: 'dora' },
    { type: 'userEditor.changed', field: 'email', value: 'dora@example.com' },
    { type: 'userEditor.changed', field: 'firstName', value: 'Dora' },
    { type: 'userEditor.changed', field: 'lastName', value: 'Diaz' },
    { type: 'userEditor.changed', field: 'password', value: 'secret1' },
    { type: 'xstate.done.actor.createUser', output: created },
    { type: 'xstate.error.actor.createUser', error: httpError(409, 'username_taken') },
    { type: 'xstate.error.actor.createUser', error: httpError(400, 'invalid') },
    { type: 'xstate.error.actor.createUser', error: networkError },
  ],
  serializeState,
});
const editModel = modelFor(userEditorMachine, {
  input: editInput,
  events: (s) => [
    { type: 'userEditor.changed', field: 'email', value: 'not-an-email' },
    { type: 'userEditor.changed', field: 'email', value: 'cora@example.com' },
    { type: 'xstate.done.actor.loadUser', output: colleague },
    { type: 'xstate.done.actor.loadUser', output: inactive },
    { type: 'xstate.done.actor.loadUser', output: mainUser },
    { type: 'xstate.error.actor.loadUser', error: httpError(404) },
    { type: 'xstate.error.actor.loadUser', error: networkError },
    { type: 'xstate.done.actor.updateUser', output: s.context.user ?? colleague },
    { type: 'xstate.error.actor.updateUser', error: httpError(404) },
    { type: 'xstate.error.actor.updateUser', error: httpError(400, 'invalid') },
    { type: 'xstate.error.actor.updateUser', error: httpError(500) },
    {
      type: 'xstate.done.actor.setUserActive',
      output: { ...(s.context.user ?? colleague), isActive: !s.context.user?.isActive },
    },
    { type: 'xstate.error.actor.setUserActive', error: httpError(404) },
    { type: 'xstate.error.actor.setUserActive', error: httpError(403, 'own_account') },
    { type: 'xstate.error.actor.setUserActive', error: httpError(500) },
    { type: 'xstate.done.actor.deleteUser', output: undefined },
    { type: 'xstate.error.actor.deleteUser', error: httpError(404) },
    { type: 'xstate.error.actor.deleteUser', error: httpError(403, 'own_account') },
    { type: 'xstate.error.actor.deleteUser', error: networkError },
  ],
  serializeState,
});
const createPaths = createModel.getShortestPaths();
const editPaths = editModel.getShortestPaths();
requireFullCoverage('userEditor', userEditorMachine, [...createPaths, ...editPaths]);

function createSut(input: UserEditorInput) {
  const actors = {
    loadUser: controllableActor<CustomerUser | null, number | null>(),
    createUser: controllableActor<CustomerUser, UserCreateForm>(),
    updateUser: controllableActor<CustomerUser, UpdateUserInput>(),
    setUserActive: controllableActor<CustomerUser, SetUserActiveInput>(),
    deleteUser: controllableActor<void, number>(),
  };
  const reportError = vi.fn(async () => undefined);
  const bound = bindUserEditor(testPorts({ reportError } as Partial<PortalApi>)).provide({
    actors: {
      loadUser: actors.loadUser.logic,
      createUser: actors.createUser.logic,
      updateUser: actors.updateUser.logic,
      setUserActive: actors.setUserActive.logic,
      deleteUser: actors.deleteUser.logic,
    },
  });
  const actor = createActor(bound, { input });
  const emitted: UserEditorEmitted[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, actors, reportError, emitted };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

type ActorName = keyof ReturnType<typeof createSut>['actors'];
const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith =
  (which: ActorName, outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = sut.actors[which].next();
    if (outcome === 'resolve') call.resolve(event.output as never);
    else call.reject(event.error);
    await settle();
  };
const executors = {
  'userEditor.changed': send,
  'userEditor.submitted': send,
  'userEditor.retried': send,
  'userEditor.dismissed': send,
  'userEditor.deactivated': send,
  'userEditor.reactivated': send,
  'userEditor.deleteAsked': send,
  'userEditor.deleteCancelled': send,
  'userEditor.deleteConfirmed': send,
  ...Object.fromEntries(
    (['loadUser', 'createUser', 'updateUser', 'setUserActive', 'deleteUser'] as const).flatMap((name) => [
      [`xstate.done.actor.${name}`, settleWith(name, 'resolve')],
      [`xstate.error.actor.${name}`, settleWith(name, 'reject')],
    ]),
  ),
};
assertExecutorsFor([...createPaths, ...editPaths], executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectUserDraft(now())).toEqual(expected.context.draft);
  expect(Object.keys(selectUserFieldErrors(now()))).toEqual(Object.keys(expected.context.errors));
  expect(selectUserRefusal(now())).toBe(expected.context.refusal);
};

const states = {
  'creating.editing': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    const errors = selectUserFieldErrors(now());
    // a taken username is a message on the username field; everything typed stays
    if (s.context.errors.username?.key === 'validation.usernameTaken')
      expect(errors.username?.key).toBe('validation.usernameTaken');
    // a refusal is shown, never reported
    if (s.context.refusal || s.context.errors.username) expect(sut.reportError).not.toHaveBeenCalled();
  },
  'creating.saving': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.actors.createUser.calls.at(-1)?.input).toMatchObject({
      username: 'dora',
      email: 'dora@example.com',
      access: 'password',
      password: 'secret1',
      language: 'en',
    });
  },
  'creating.failed': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserFailure(now())).toBe('create');
    expect(sut.reportError).toHaveBeenCalled();
  },
  created: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.emitted).toContainEqual({ type: 'userEditor.created', userId: 30 });
  },
  loading: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.actors.loadUser.calls.at(-1)?.input).toBe(s.context.userId);
  },
  loadFailed: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.reportError).toHaveBeenCalled();
  },
  notFound: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserEditorStatus(now())).toBe('notFound');
  },
  ready: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    // a main user's page offers neither deactivate nor delete (spec point 6)
    const controls = selectUserControls(now());
    const user = s.context.user as CustomerUser;
    expect(controls).toEqual({
      deactivate: !user.isMainUser && user.isActive,
      reactivate: !user.isMainUser && !user.isActive,
      delete: !user.isMainUser,
    });
  },
  'ready.saving': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.actors.updateUser.calls.at(-1)?.input).toMatchObject({ userId: 12 });
  },
  'ready.switchingActive': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.actors.setUserActive.calls.at(-1)?.input).toEqual({
      userId: 12,
      active: !s.context.user.isActive,
    });
  },
  'ready.saveFailed': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserFailure(now())).toBe('save');
  },
  'ready.switchFailed': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserFailure(now())).toBe('switch');
  },
  'ready.confirmingDelete': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectIsDeleteDialogOpen(now())).toBe(true);
  },
  'ready.deleteFailed': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserFailure(now())).toBe('delete');
    expect(selectIsDeleteDialogOpen(now())).toBe(true);
  },
  'ready.idle': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserNote(now())).toBe(s.context.note);
  },
  deleted: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.emitted).toContainEqual({ type: 'userEditor.deleted', userId: 12 });
  },
};

describe('user editor machine (model-based): a new user', () => {
  it.each(createPaths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut(createInput);
    await path.test({ events: executors, states });
  });
});

describe('user editor machine (model-based): one user of the company', () => {
  it.each(editPaths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut(editInput);
    await path.test({ events: executors, states });
  });
});
