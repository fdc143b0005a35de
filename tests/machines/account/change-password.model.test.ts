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
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { requireFullCoverage } from '../../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { httpError, networkError } from '../cart/cart-fixtures';

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
  // the form decides the guard; the messages and the failure are what the customer sees
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.form,
      s.context.submitted,
      Object.keys(s.context.errors),
      Object.keys(s.context.serverErrors),
      s.context.error?.status ?? null,
    ]),
});
const paths = model.getShortestPaths();
requireFullCoverage('changePassword', changePasswordMachine, paths);

function createSut() {
  const changePassword = controllableActor<void, ChangePasswordInput>();
  const reportError = vi.fn(async () => undefined);
  const bound = bindChangePassword(testPorts({ reportError } as Partial<PortalApi>)).provide({
    actors: { changePassword: changePassword.logic },
  });
  const actor = createActor(bound).start();
  return { actor, changePassword, reportError };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const executors = {
  'changePassword.changed': send,
  'changePassword.submitted': send,
  'xstate.done.actor.changePassword': async () => {
    sut.changePassword.next().resolve();
    await settle();
  },
  'xstate.error.actor.changePassword': async (step: { event: { type: string } }) => {
    sut.changePassword.next().reject((step.event as ModelEvent).error);
    await settle();
  },
};
assertExecutorsFor(paths, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  // the typed values stay through every failure
  expect(selectChangePasswordForm(now())).toEqual(expected.context.form);
};

describe('change password machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        editing: (s) => {
          sameAsModel(s);
          expect(selectIsChangingPassword(now())).toBe(false);
          expect(selectIsPasswordChanged(now())).toBe(false);
          expect(selectChangePasswordFailed(now())).toBe(false);
          const errors = selectChangePasswordErrors(now());
          // once a submit was tried, the form's messages follow the typing
          const form = selectChangePasswordForm(now());
          const own = validateChangePasswordForm(form);
          if (s.context.submitted && !own.ok)
            for (const [field, message] of Object.entries(own.errors)) expect(errors[field]).toEqual(message);
          if (!s.context.submitted) expect(Object.keys(errors)).toEqual([]);
          if (form.password === 'abc' && s.context.submitted)
            expect(errors.password).toEqual({ key: 'validation.passwordMin', values: { min: 6 } });
          // the server's 400 is shown by field until that field changes
          if (s.context.serverErrors.currentPassword)
            expect(errors.currentPassword).toEqual({ key: 'validation.currentPasswordWrong' });
          if (s.context.serverErrors.password)
            expect(errors.password).toEqual({ key: 'validation.passwordMin', values: { min: 6 } });
          // a 400 is a refusal: shown, never reported
          if (Object.keys(s.context.serverErrors).length && !s.context.error)
            expect(sut.reportError).not.toHaveBeenCalledWith(expect.objectContaining({ status: 400 }));
        },
        saving: (s) => {
          sameAsModel(s);
          expect(selectIsChangingPassword(now())).toBe(true);
          expect(Object.keys(selectChangePasswordErrors(now()))).toEqual([]);
          // the current and the new password go to the server, as typed
          expect(sut.changePassword.calls.at(-1)?.input).toEqual({
            currentPassword: s.context.form.currentPassword,
            password: s.context.form.password,
          });
        },
        failed: (s) => {
          sameAsModel(s);
          expect(selectChangePasswordFailed(now())).toBe(true);
          expect(selectIsChangingPassword(now())).toBe(false);
          // network and 5xx failures are reported, a 403 only shown
          const status = s.context.error?.status ?? null;
          if (status === 403)
            expect(sut.reportError).not.toHaveBeenCalledWith(expect.objectContaining({ status: 403 }));
          else
            expect(sut.reportError).toHaveBeenLastCalledWith(
              expect.objectContaining({ source: 'changePassword', status }),
            );
        },
        changed: (s) => {
          sameAsModel(s);
          expect(selectIsPasswordChanged(now())).toBe(true);
          expect(selectChangePasswordForm(now())).toEqual(emptyChangePasswordForm);
          expect(Object.keys(selectChangePasswordErrors(now()))).toEqual([]);
        },
      },
    });
  });
});
