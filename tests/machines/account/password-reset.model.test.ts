import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  validateForgotPasswordForm,
  validateNewPasswordForm,
  validateSecurityCodeForm,
} from '../../../src/domain/auth-forms';
import {
  bindPasswordReset,
  type PasswordResetContext,
  passwordResetMachine,
  type RequestCodeInput,
  type SetPasswordInput,
  type VerifyCodeInput,
} from '../../../src/machines/account/password-reset.machine';
import {
  selectCanResendCode,
  selectCodeMessage,
  selectCodeSent,
  selectIsResendingCode,
  selectIsResetBusy,
  selectNewCodeReason,
  selectPasswordResetScreen,
  selectResetCode,
  selectResetEmail,
  selectResetErrors,
  selectResetFailed,
  selectResetPassword,
  selectResetRepeatPassword,
  selectResetThrottle,
} from '../../../src/machines/account/password-reset.selectors';
import type { PortalApi } from '../../../src/services/api';
import { ApiError } from '../../../src/services/api';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { requireFullCoverage } from '../../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { httpError, networkError } from '../cart/cart-fixtures';

const throttled = new ApiError(
  { kind: 'http', call: 'POST password-reset/', status: 429, code: 'throttled', retryAfterSeconds: 30 },
  'HTTP 429',
);

const noSuchCall = httpError(404, 'no_such_call');

const EMAIL = ' buyer@example.com ';
const CODE = '١٢٣ 456'; // Arabic-Indic digits and a space: read as 123456

const emailCases: ModelEvent[] = [
  { type: 'passwordReset.changed', field: 'email', value: 'nope' },
  { type: 'passwordReset.changed', field: 'email', value: EMAIL },
];
const codeCases: ModelEvent[] = [
  { type: 'passwordReset.changed', field: 'code', value: '12' },
  { type: 'passwordReset.changed', field: 'code', value: CODE },
];
const passwordCases: ModelEvent[] = [
  { type: 'passwordReset.changed', field: 'password', value: 'abc' },
  { type: 'passwordReset.changed', field: 'password', value: 'secret1' },
  { type: 'passwordReset.changed', field: 'repeatPassword', value: 'secret2' },
  { type: 'passwordReset.changed', field: 'repeatPassword', value: 'secret1' },
];
const answers: ModelEvent[] = [
  { type: 'xstate.done.actor.requestCode' },
  { type: 'xstate.error.actor.requestCode', error: throttled },
  { type: 'xstate.error.actor.requestCode', error: networkError },
  { type: 'xstate.done.actor.verifyCode' },
  { type: 'xstate.error.actor.verifyCode', error: httpError(400, 'invalid_code') },
  { type: 'xstate.error.actor.verifyCode', error: httpError(400, 'code_expired') },
  { type: 'xstate.error.actor.verifyCode', error: httpError(400, 'too_many_tries') },
  { type: 'xstate.error.actor.verifyCode', error: httpError(502) },
  { type: 'xstate.done.actor.resendCode' },
  { type: 'xstate.error.actor.resendCode', error: throttled },
  { type: 'xstate.error.actor.resendCode', error: networkError },
  { type: 'xstate.done.actor.setPassword' },
  { type: 'xstate.error.actor.setPassword', error: httpError(400, 'invalid_code') },
  { type: 'xstate.error.actor.setPassword', error: httpError(400, 'code_expired') },
  { type: 'xstate.error.actor.setPassword', error: httpError(400, 'invalid') },
  { type: 'xstate.error.actor.setPassword', error: httpError(500) },
  // a backend without the password reset: every call of it answers as one it does not have
  { type: 'xstate.error.actor.requestCode', error: noSuchCall },
  { type: 'xstate.error.actor.verifyCode', error: noSuchCall },
  { type: 'xstate.error.actor.resendCode', error: noSuchCall },
  { type: 'xstate.error.actor.setPassword', error: noSuchCall },
];
/** browser Back: the URL shows an earlier step than the machine's */
const returns = (s: AnyMachineSnapshot): ModelEvent[] =>
  s.matches('password')
    ? [
        { type: 'passwordReset.returnedTo', step: 'email' },
        { type: 'passwordReset.returnedTo', step: 'code' },
      ]
    : [{ type: 'passwordReset.returnedTo', step: 'email' }];

/** The drafts a step shows, and whether the other steps' drafts are valid. */
function draftsKey(s: AnyMachineSnapshot) {
  const c = s.context as PasswordResetContext;
  return {
    email: s.matches('email') ? c.email : validateForgotPasswordForm({ email: c.email }).ok,
    code: s.matches('code') ? c.code : validateSecurityCodeForm({ code: c.code }).ok,
    password: s.matches('password')
      ? [c.password, c.repeatPassword]
      : validateNewPasswordForm({ password: c.password, repeatPassword: c.repeatPassword }).ok,
  };
}
function keyOf(s: AnyMachineSnapshot) {
  const c = s.context as PasswordResetContext;
  return [
    s.value,
    draftsKey(s),
    c.tried,
    c.errors,
    c.codeRejected,
    c.newCodeReason,
    c.throttle,
    c.codeSent,
    c.error?.status ?? null,
  ];
}

const model = modelFor(passwordResetMachine, {
  // a step's fields are typed on that step only (the view shows no other)
  events: (s) => [
    ...(s.matches('email') ? emailCases : s.matches('code') ? codeCases : passwordCases),
    ...answers,
    ...returns(s),
  ],
  // what the guards read (each step's validity) and what the customer sees: the drafts of the step
  // on screen, and only whether the other steps' drafts are valid (typed earlier or kept for Back)
  serializeState: (s) => JSON.stringify(keyOf(s)),
});
const paths = model.getShortestPaths();
requireFullCoverage('passwordReset', passwordResetMachine, paths);

function createSut() {
  const requestCode = controllableActor<void, RequestCodeInput>();
  const verifyCode = controllableActor<void, VerifyCodeInput>();
  const setPassword = controllableActor<void, SetPasswordInput>();
  const reportError = vi.fn(async () => undefined);
  const bound = bindPasswordReset(testPorts({ reportError } as Partial<PortalApi>)).provide({
    actors: { requestCode: requestCode.logic, verifyCode: verifyCode.logic, setPassword: setPassword.logic },
  });
  const actor = createActor(bound).start();
  return { actor, requestCode, verifyCode, setPassword, reportError, reportsBefore: 0 };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => {
  sut.reportsBefore = sut.reportError.mock.calls.length;
  sut.actor.send(step.event as never);
};
/** The running call of an actor (a call left behind by browser Back was aborted and never answers). */
function liveCall(which: 'requestCode' | 'verifyCode' | 'setPassword') {
  const actor = sut[which] as ReturnType<typeof controllableActor<void, unknown>>;
  const live = actor.calls.filter((call) => !call.signal.aborted);
  actor.calls.length = 0;
  actor.calls.push(...live);
  return actor.next();
}
const settleWith =
  (which: 'requestCode' | 'verifyCode' | 'setPassword', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    sut.reportsBefore = sut.reportError.mock.calls.length;
    const call = liveCall(which);
    if (outcome === 'resolve') call.resolve(undefined);
    else call.reject((step.event as ModelEvent).error);
    await settle();
  };
const executors = {
  'passwordReset.changed': send,
  'passwordReset.submitted': send,
  'passwordReset.retried': send,
  'passwordReset.resendRequested': send,
  'passwordReset.returnedTo': send,
  'xstate.done.actor.requestCode': settleWith('requestCode', 'resolve'),
  'xstate.error.actor.requestCode': settleWith('requestCode', 'reject'),
  'xstate.done.actor.resendCode': settleWith('requestCode', 'resolve'),
  'xstate.error.actor.resendCode': settleWith('requestCode', 'reject'),
  'xstate.done.actor.verifyCode': settleWith('verifyCode', 'resolve'),
  'xstate.error.actor.verifyCode': settleWith('verifyCode', 'reject'),
  'xstate.done.actor.setPassword': settleWith('setPassword', 'resolve'),
  'xstate.error.actor.setPassword': settleWith('setPassword', 'reject'),
};
assertExecutorsFor(paths, executors);

const now = () => sut.actor.getSnapshot();
/** What the customer sees of the drafts and the messages matches the model's. */
function sameAsModel(expected: AnyMachineSnapshot) {
  const c = expected.context as PasswordResetContext;
  expect(keyOf(now())).toEqual(keyOf(expected));
  // the drafts on screen, read the way the view reads them
  if (expected.matches('email')) expect(selectResetEmail(now())).toBe(c.email);
  if (expected.matches('code')) expect(selectResetCode(now())).toBe(c.code);
  if (expected.matches('password')) {
    expect(selectResetPassword(now())).toBe(c.password);
    expect(selectResetRepeatPassword(now())).toBe(c.repeatPassword);
  }
  expect(selectResetErrors(now())).toEqual(c.errors);
  expect(selectResetThrottle(now())).toEqual(c.throttle);
}
const notReportedNow = () => expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore);
const reportedNow = () => {
  expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore + 1);
  expect(sut.reportError).toHaveBeenLastCalledWith(expect.objectContaining({ source: 'passwordReset' }));
};

describe('password reset machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'email.editing': (s) => {
          sameAsModel(s);
          expect(selectPasswordResetScreen(now())).toBe('email');
          expect(selectIsResetBusy(now())).toBe(false);
          const errors = selectResetErrors(now());
          if (errors.email)
            expect(errors.email.key).toBe(
              s.context.email === '' ? 'validation.emailRequired' : 'validation.invalidEmail',
            );
          // a throttled request is shown with its seconds, never reported
          if (s.context.throttle) {
            expect(selectResetThrottle(now())).toEqual({ seconds: 30 });
            notReportedNow();
          }
        },
        'email.requesting': (s) => {
          sameAsModel(s);
          expect(selectIsResetBusy(now())).toBe(true);
          expect(sut.requestCode.calls.at(-1)?.input).toEqual({ email: 'buyer@example.com' });
        },
        'email.requestFailed': (s) => {
          sameAsModel(s);
          expect(selectResetFailed(now())).toBe(true);
          reportedNow();
        },
        'code.editing': (s) => {
          sameAsModel(s);
          expect(selectPasswordResetScreen(now())).toBe('code');
          expect(selectCanResendCode(now())).toBe(true);
          expect(selectIsResetBusy(now())).toBe(false);
          expect(selectCodeSent(now())).toBe(s.context.codeSent);
          const message = selectCodeMessage(now());
          if (s.context.codeRejected) {
            // "This code is not correct." on the code field: shown, not reported
            expect(message).toEqual({ key: 'auth.secureCode.wrongCode' });
            notReportedNow();
          } else if (s.context.errors.code) {
            expect(message).toEqual({ key: 'validation.securityCodeDigits', values: { count: 6 } });
          } else expect(message).toBeUndefined();
        },
        'code.verifying': (s) => {
          sameAsModel(s);
          expect(selectIsResetBusy(now())).toBe(true);
          expect(sut.verifyCode.calls.at(-1)?.input).toEqual({ email: 'buyer@example.com', code: '123456' });
        },
        'code.verifyFailed': (s) => {
          sameAsModel(s);
          expect(selectResetFailed(now())).toBe(true);
          reportedNow();
        },
        'code.needsNewCode': (s) => {
          sameAsModel(s);
          expect(selectNewCodeReason(now())).toBe(s.context.newCodeReason);
          expect(['code_expired', 'too_many_tries']).toContain(selectNewCodeReason(now()));
          expect(selectCanResendCode(now())).toBe(true);
          notReportedNow();
        },
        'code.resending': (s) => {
          sameAsModel(s);
          expect(selectIsResendingCode(now())).toBe(true);
          // the same address again
          expect(sut.requestCode.calls.at(-1)?.input).toEqual({ email: 'buyer@example.com' });
        },
        'code.resendFailed': (s) => {
          sameAsModel(s);
          expect(selectResetFailed(now())).toBe(true);
          reportedNow();
        },
        'password.editing': (s) => {
          sameAsModel(s);
          expect(selectPasswordResetScreen(now())).toBe('password');
          const errors = selectResetErrors(now());
          if (errors.repeatPassword && s.context.repeatPassword !== '')
            expect(errors.repeatPassword.key).toBe('validation.samePassword');
          if (errors.password) expect(errors.password.key).toMatch(/^validation\.password(Min|Required)$/);
        },
        'password.saving': (s) => {
          sameAsModel(s);
          expect(selectIsResetBusy(now())).toBe(true);
          expect(sut.setPassword.calls.at(-1)?.input).toEqual({
            email: 'buyer@example.com',
            code: '123456',
            password: 'secret1',
          });
        },
        'password.saveFailed': (s) => {
          sameAsModel(s);
          expect(selectResetFailed(now())).toBe(true);
          reportedNow();
        },
        notOffered: (s) => {
          sameAsModel(s);
          expect(selectPasswordResetScreen(now())).toBe('notOffered');
          expect(selectResetFailed(now())).toBe(false);
          notReportedNow();
        },
        done: (s) => {
          sameAsModel(s);
          expect(selectPasswordResetScreen(now())).toBe('done');
          // nothing secret stays in memory
          expect(selectResetPassword(now())).toBe('');
          expect(selectResetCode(now())).toBe('');
          expect(now().status).toBe('done');
        },
      },
    });
  });
});
