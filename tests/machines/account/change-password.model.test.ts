import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { emptyChangePasswordForm, validateChangePasswordForm } from '../../../src/domain/auth-forms';
import {
  bindChangePassword,
  type ChangePasswordInput,
  changePasswordMachine,
} from '../../../src/machines/account/change-password.machine';
import {
  selectChangePasswordErrors,
  selectChangePasswordFailed,
  selectChangePasswordForm,
  selectIsChangingPassword,
  selectIsPasswordChanged,
} from '../../../src/machines/account/change-password.selectors';
import { ApiError, type PortalApi } from '../../../src/services/api';
import { httpError, networkError } from '../../../src/test/api-errors';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

const wrongCurrent = new ApiError(
  {
    kind: 'http',
    call: 'POST change-password/',
    status: 400,
    code: 'wrong_current_password',
    fieldErrors: { current_password: ['The current password is not correct.'] },
  },
  'HTTP 400',
);
const passwordRefused = new ApiError(
  {
    kind: 'http',
    call: 'POST change-password/',
    status: 400,
    code: 'invalid',
    fieldErrors: { password: ['Ensure this field has at least 6 characters.'] },
  },
  'HTTP 400',
);
const demoRefused = httpError(403, 'demo_account');

const model = modelFor(changePasswordMachine, {
  events: [
    { type: 'changePassword.changed', field: 'currentPassword', value: 'old-secret' },
    { type: 'changePassword.changed', field: 'password', value: 'abc' },
    { type: 'changePassword.changed', field: 'password', value: 'new-secret' },
    { type: 'changePassword.changed', field: 'repeatPassword', value: 'new-secret' },
    { type: 'xstate.done.actor.changePassword' },
    { type: 'xstate.error.actor.changePassword', error: wrongCurrent },
    { type: 'xstate.error.actor.changePassword', error: passwordRefused },
    { type: 'xstate.error.actor.changePassword', error: httpError(500) },
    { type: 'xstate.error.actor.changePassword', error: networkError },
    { type: 'xstate.error.actor.changePassword', error: demoRefused },
  ],
  // the form decides the guard; whether a send was tried decides whether typing shows messages (and
  // makes a send the rules refuse a step of its own)
  serializeState: (s) => JSON.stringify([s.value, s.context.form, s.context.submitted]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('changePassword', changePasswordMachine, paths);

function createSut() {
  const changePassword = controllableActor<void, ChangePasswordInput>();
  const reportError = vi.fn(async () => undefined);
  const bound = bindChangePassword(testPorts({ reportError } as Partial<PortalApi>)).provide({
    actors: { changePassword: changePassword.logic },
  });
  const actor = createActor(bound).start();
  return { actor, changePassword, reportError, reportsBefore: 0 };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => {
  sut.reportsBefore = sut.reportError.mock.calls.length;
  sut.actor.send(step.event as never);
};
const executors = {
  'changePassword.changed': send,
  'changePassword.submitted': send,
  'xstate.done.actor.changePassword': async () => {
    sut.reportsBefore = sut.reportError.mock.calls.length;
    sut.changePassword.next().resolve();
    await settle();
  },
  'xstate.error.actor.changePassword': async (step: { event: { type: string } }) => {
    sut.reportsBefore = sut.reportError.mock.calls.length;
    sut.changePassword.next().reject((step.event as ModelEvent).error);
    await settle();
  },
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
/** The server's 400 messages by field, as the form shows them. */
const serverSaid: Record<string, unknown> = {
  currentPassword: { key: 'validation.currentPasswordWrong' },
  password: { key: 'validation.passwordMin', values: { min: 6 } },
};
const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  // the typed values stay through every failure
  expect(selectChangePasswordForm(now())).toEqual(expected.context.form);
};

describe('change password machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'filling.editing': (s) => {
          sameAsModel(s);
          expect(selectIsChangingPassword(now())).toBe(false);
          expect(selectIsPasswordChanged(now())).toBe(false);
          expect(selectChangePasswordFailed(now())).toBe(false);
          // every message shown is the form rule's for that field (once a send was tried) or the
          // server's 400 for it, kept until that field changes
          const form = selectChangePasswordForm(now());
          const own = validateChangePasswordForm(form);
          const rules: Record<string, unknown> = own.ok ? {} : own.errors;
          const shown = Object.entries(selectChangePasswordErrors(now()));
          expect(
            shown.filter(
              ([field, message]) =>
                !(s.context.submitted && isEqual(message, rules[field])) &&
                !isEqual(message, serverSaid[field]),
            ),
          ).toEqual([]);
          // a 400 is a refusal: shown, never reported
          expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore);
        },
        submitting: (s) => {
          sameAsModel(s);
          expect(selectIsChangingPassword(now())).toBe(true);
          expect(Object.keys(selectChangePasswordErrors(now()))).toEqual([]);
          // the current and the new password go to the server, as typed
          expect(sut.changePassword.calls.at(-1)?.input).toEqual({
            currentPassword: s.context.form.currentPassword,
            password: s.context.form.password,
          });
        },
        'filling.failed': (s) => {
          sameAsModel(s);
          expect(selectChangePasswordFailed(now())).toBe(true);
          expect(selectIsChangingPassword(now())).toBe(false);
          // network and 5xx failures are reported once, a 403 only shown
          const status = s.context.error?.status ?? null;
          expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore + (status === 403 ? 0 : 1));
        },
        'filling.changed': (s) => {
          sameAsModel(s);
          expect(selectIsPasswordChanged(now())).toBe(true);
          expect(selectChangePasswordForm(now())).toEqual(emptyChangePasswordForm);
          expect(Object.keys(selectChangePasswordErrors(now()))).toEqual([]);
        },
      },
    });
  });
});
