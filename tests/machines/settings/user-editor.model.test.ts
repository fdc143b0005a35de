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
import { httpError, networkError } from '../../../src/test/api-errors';
import { aCustomerUser } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const colleague = aCustomerUser({ id: 12, email: 'cora@example.com', isActive: true, isMainUser: false });
const inactive: CustomerUser = { ...colleague, isActive: false };
const mainUser: CustomerUser = { ...colleague, username: 'buyer', isMainUser: true };
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

const editInput: UserEditorInput = { mode: 'edit', userId: 12 };

/**
 * What the guards read: the form as typed, who the user is (main, active, an address waiting) and
 * the code; and which fields show a message, so that a send the rules refuse is a step of its own.
 */
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify([
    s.value,
    s.context.draft,
    s.context.user
      ? [s.context.user.isActive, s.context.user.isMainUser, !!s.context.user.pendingEmail]
      : null,
    s.context.code,
    Object.keys(s.context.errors),
    s.context.codeMessage !== null,
  ]);

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
const walked = pathsToWalk('userEditor', userEditorMachine, editModel.getShortestPaths());

function createSut(input: UserEditorInput) {
  const actors = {
    loadUser: controllableActor<CustomerUser, number>(),
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
  return { actor, actors, reportError, emitted, reportsBefore: 0 };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

type ActorName = keyof ReturnType<typeof createSut>['actors'];
const send = (step: { event: { type: string } }) => {
  sut.reportsBefore = sut.reportError.mock.calls.length;
  sut.actor.send(step.event as never);
};
const settleWith =
  (which: ActorName, outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    sut.reportsBefore = sut.reportError.mock.calls.length;
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
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
/** The last step reported nothing (a refusal is shown, never reported) / reported its failure once. */
const notReportedNow = () => expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore);
const reportedNow = () => expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore + 1);
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
  loading: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.actors.loadUser.calls.at(-1)?.input).toBe(s.context.userId);
  },
  loadFailed: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    reportedNow();
  },
  notFound: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserEditorStatus(now())).toBe('notFound');
  },
  notOffered: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserEditorStatus(now())).toBe('notOffered');
    notReportedNow();
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
  'ready.failed.save': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserFailure(now())).toBe('save');
    reportedNow();
  },
  'ready.failed.switchActive': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserFailure(now())).toBe('switch');
    reportedNow();
  },
  'ready.confirmingDelete': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectIsDeleteDialogOpen(now())).toBe(true);
  },
  'ready.failed.delete': (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(selectUserFailure(now())).toBe('delete');
    expect(selectIsDeleteDialogOpen(now())).toBe(true);
    reportedNow();
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
    notReportedNow();
  },
  'ready.editing.idle.confirmEmail.codeExpired': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'codeExpired');
    expect(selectUserCode(now())).toBe('');
    notReportedNow();
  },
  'ready.editing.idle.confirmEmail.taken': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'taken');
    notReportedNow();
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
  'ready.editing.idle.codeStepFailed': (s: AnyMachineSnapshot) => {
    waitingShown(s, 'failed');
    reportedNow();
  },
  deleted: (s: AnyMachineSnapshot) => {
    sameAsModel(s);
    expect(sut.emitted).toContainEqual({ type: 'userEditor.deleted', userId: 12 });
  },
};

describe('user editor machine (model-based): one user of the company', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut(editInput);
    await path.test({ events: executors, states });
  });
});

describe('user editor machine: where the page starts', () => {
  it("a user's page starts by loading that user", () => {
    sut = createSut(editInput);
    expect(selectUserEditorStatus(now())).toBe('loading');
    expect(sut.actors.loadUser.calls.map((call) => call.input)).toEqual([12]);
  });
});
