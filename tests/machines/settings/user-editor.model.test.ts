import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { UserCreateForm } from '../../../src/domain/account-forms';
import type { CustomerUser } from '../../../src/domain/types';
import {
  bindUserEditor,
  type ConfirmUserEmailInput,
  cleanUserCode,
  resendUserForm,
  type SetUserActiveInput,
  type UpdateUserInput,
  type UserEditorEmitted,
  type UserEditorInput,
  userEditorMachine,
} from '../../../src/machines/settings/user-editor.machine';
import {
  selectEditedUser,
  selectIsDeleteDialogOpen,
  selectUserCode,
  selectUserCodeMessage,
  selectUserControls,
  selectUserDraft,
  selectUserEditorStatus,
  selectUserEmailConfirmation,
  selectUserFailure,
  selectUserFieldErrors,
  selectUserNote,
  selectUserPendingEmail,
  selectUserRefusal,
} from '../../../src/machines/settings/user-editor.selectors';
import type { PortalApi } from '../../../src/services/api';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { requireFullCoverage } from '../../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { httpError, networkError } from '../cart/cart-fixtures';

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
/** a server that confirms new addresses: the old one stays until the code comes back */
const newEmail = 'cora.new@example.com';
const waiting: CustomerUser = { ...colleague, pendingEmail: newEmail };
/** the user as an answer without a waiting address */
const withoutPending = (user: CustomerUser | null): CustomerUser => {
  const { pendingEmail: _left, ...rest } = user ?? colleague;
  return rest;
};
/** the user as the server answers while the new address waits: the current address stays */
const waitingFor = (user: CustomerUser | null): CustomerUser => ({
  ...withoutPending(user),
  email: colleague.email,
  pendingEmail: newEmail,
});

const createInput: UserEditorInput = { mode: 'create', language: 'en' };
const editInput: UserEditorInput = { mode: 'edit', userId: 12 };

const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.draft,
    Object.entries(s.context.errors).map(([field, message]) => [
      field,
      (message as { key?: string } | undefined)?.key,
    ]),
    s.context.user ? [s.context.user.isActive, s.context.user.isMainUser] : null,
    s.context.refusal,
    s.context.note,
    s.context.user?.pendingEmail ?? null,
    s.context.code,
    s.context.codeMessage?.key ?? null,
    s.context.lastCodeCall,
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
    { type: 'xstate.error.actor.createUser', error: httpError(400, 'email_taken') },
    { type: 'xstate.error.actor.createUser', error: httpError(400, 'invalid') },
    { type: 'xstate.error.actor.createUser', error: networkError },
    // a backend without user management beyond the list
    { type: 'xstate.error.actor.createUser', error: httpError(405) },
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
    { type: 'xstate.done.actor.loadUser', output: waiting },
    { type: 'xstate.error.actor.loadUser', error: httpError(404, 'not_found') },
    { type: 'xstate.error.actor.loadUser', error: httpError(404, 'no_such_call') },
    { type: 'xstate.error.actor.loadUser', error: networkError },
    { type: 'xstate.done.actor.updateUser', output: withoutPending(s.context.user) },
    {
      type: 'xstate.done.actor.updateUser',
      output: waitingFor(s.context.user),
    },
    { type: 'xstate.error.actor.updateUser', error: httpError(404) },
    { type: 'xstate.error.actor.updateUser', error: httpError(400, 'email_taken') },
    { type: 'xstate.error.actor.updateUser', error: httpError(400, 'invalid') },
    { type: 'xstate.error.actor.updateUser', error: httpError(500) },
    // the answer carries the waiting address, as every answer about one user does
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
    { type: 'userEditor.codeChanged', value: '12 3' },
    { type: 'userEditor.codeChanged', value: ' 123 456 ' },
    {
      type: 'xstate.done.actor.confirmUserEmail',
      output: { ...withoutPending(s.context.user), email: newEmail },
    },
    { type: 'xstate.error.actor.confirmUserEmail', error: httpError(400, 'invalid_code') },
    { type: 'xstate.error.actor.confirmUserEmail', error: httpError(400, 'too_many_tries') },
    { type: 'xstate.error.actor.confirmUserEmail', error: httpError(400, 'email_taken') },
    { type: 'xstate.error.actor.confirmUserEmail', error: httpError(404) },
    { type: 'xstate.error.actor.confirmUserEmail', error: httpError(403, 'demo_account') },
    { type: 'xstate.error.actor.confirmUserEmail', error: httpError(500) },
    { type: 'xstate.done.actor.resendCode', output: waitingFor(s.context.user) },
    { type: 'xstate.error.actor.resendCode', error: httpError(400, 'email_taken') },
    { type: 'xstate.error.actor.resendCode', error: httpError(404) },
    { type: 'xstate.error.actor.resendCode', error: httpError(429, 'throttled') },
    { type: 'xstate.done.actor.keepEmail', output: withoutPending(s.context.user) },
    { type: 'xstate.error.actor.keepEmail', error: httpError(404) },
    { type: 'xstate.error.actor.keepEmail', error: networkError },
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
    confirmUserEmail: controllableActor<CustomerUser, ConfirmUserEmailInput>(),
    cancelUserEmailChange: controllableActor<CustomerUser, number>(),
  };
  const reportError = vi.fn(async () => undefined);
  const bound = bindUserEditor(testPorts({ reportError } as Partial<PortalApi>)).provide({
    actors: {
      loadUser: actors.loadUser.logic,
      createUser: actors.createUser.logic,
      updateUser: actors.updateUser.logic,
      setUserActive: actors.setUserActive.logic,
      deleteUser: actors.deleteUser.logic,
      confirmUserEmail: actors.confirmUserEmail.logic,
      cancelUserEmailChange: actors.cancelUserEmailChange.logic,
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
  'userEditor.codeChanged': send,
  'userEditor.codeSubmitted': send,
  'userEditor.codeResent': send,
  'userEditor.changeCancelled': send,
  ...Object.fromEntries(
    (
      ['loadUser', 'createUser', 'updateUser', 'setUserActive', 'deleteUser', 'confirmUserEmail'] as const
    ).flatMap((name) => [
      [`xstate.done.actor.${name}`, settleWith(name, 'resolve')],
      [`xstate.error.actor.${name}`, settleWith(name, 'reject')],
    ]),
  ),
  // "Send a new code" saves the user again: the same call as Save
  'xstate.done.actor.resendCode': settleWith('updateUser', 'resolve'),
  'xstate.error.actor.resendCode': settleWith('updateUser', 'reject'),
  // "Keep the current address" withdraws the waiting one: a call of its own, never a save
  'xstate.done.actor.keepEmail': settleWith('cancelUserEmailChange', 'resolve'),
  'xstate.error.actor.keepEmail': settleWith('cancelUserEmailChange', 'reject'),
};
assertExecutorsFor([...createPaths, ...editPaths], executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectUserDraft(now())).toEqual(expected.context.draft);
  expect(Object.keys(selectUserFieldErrors(now()))).toEqual(Object.keys(expected.context.errors));
  expect(selectUserRefusal(now())).toBe(expected.context.refusal);
};

/** In every step of the waiting address the current one stays the user's, and the new one is shown. */
const waitingShown = (expected: AnyMachineSnapshot, step: string) => {
  sameAsModel(expected);
  expect(selectUserEmailConfirmation(now())).toBe(step);
  expect(selectEditedUser(now())?.email).toBe('cora@example.com');
  expect(selectUserPendingEmail(now())).toBe(newEmail);
  expect(selectUserCode(now())).toBe(expected.context.code);
  // the e-mail field shows the current address as last saved, not the waiting one
  expect(selectUserEditorStatus(now())).toBe('ready');
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
  notOffered: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserEditorStatus(now())).toBe('notOffered');
    expect(sut.reportError).not.toHaveBeenCalled();
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
  'ready.editing.saving': (s: AnyMachineSnapshot) => {
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
  'ready.editing.idle.nothingWaiting': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserNote(now())).toBe(s.context.note);
    // an address another account has is the e-mail field's message, as the server said it
    expect(selectUserFieldErrors(now())).toEqual(s.context.errors);
    // nothing waits here: a waiting address always shows its box
    expect(selectUserEmailConfirmation(now())).toBeNull();
    expect(selectUserPendingEmail(now())).toBeNull();
  },
  'ready.editing.idle.confirmEmail.entering': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'entering');
    expect(selectUserCodeMessage(now())?.key ?? null).toBe(s.context.codeMessage?.key ?? null);
  },
  'ready.editing.idle.confirmEmail.wrongCode': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'wrongCode');
    expect(selectUserCodeMessage(now())).toEqual({ key: 'settings.users.email.wrongCode' });
    expect(sut.reportError).not.toHaveBeenCalled();
  },
  'ready.editing.idle.confirmEmail.codeExpired': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'codeExpired');
    expect(selectUserCode(now())).toBe('');
    expect(sut.reportError).not.toHaveBeenCalled();
  },
  'ready.editing.idle.confirmEmail.taken': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'taken');
    expect(sut.reportError).not.toHaveBeenCalled();
  },
  'ready.editing.confirmingCode': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'confirming');
    expect(now().hasTag('busy')).toBe(true);
    // the code goes to this user's confirm-email call, without spaces
    expect(sut.actors.confirmUserEmail.calls.at(-1)?.input).toEqual({
      userId: 12,
      code: cleanUserCode(s.context.code),
    });
    expect(sut.actors.confirmUserEmail.calls.at(-1)?.input.code).toBe('123456');
  },
  'ready.editing.resendingCode': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'resending');
    // the user saved again with the waiting address asks for a new code
    expect(sut.actors.updateUser.calls.at(-1)?.input).toEqual({
      userId: 12,
      form: resendUserForm(s.context.user),
    });
    expect(sut.actors.updateUser.calls.at(-1)?.input.form.email).toBe(newEmail);
  },
  'ready.editing.cancellingChange': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'cancelling');
    // the withdrawal of this user's waiting address, not a save with the current one
    expect(sut.actors.cancelUserEmailChange.calls.at(-1)?.input).toBe(12);
  },
  'ready.editing.idle.confirmEmail.failed': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'failed');
    expect(sut.reportError).toHaveBeenCalled();
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
