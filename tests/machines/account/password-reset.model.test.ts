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
  selectCodeFormShown,
  selectCodeMessage,
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
import { httpError, networkError } from '../../../src/test/api-errors';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

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
  { type: 'xstate.error.actor.setPassword', error: httpError(400, 'too_many_tries') },
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

/**
 * What the guards read, the fields each step's rule checks (plus the state), and whether a send was
 * tried, which the typing reads (messages follow it from then on): without it a refused send would
 * look like no step at all.
 */
function keyOf(s: AnyMachineSnapshot) {
  const c = s.context as PasswordResetContext;
  return [s.value, c.email, c.code, c.password, c.repeatPassword, c.tried];
}

const model = modelFor(passwordResetMachine, {
  // a step's fields are typed on that step only (the view shows no other)
  events: (s) => [
    ...(s.matches('email') ? emailCases : s.matches('code') ? codeCases : passwordCases),
    ...answers,
    ...returns(s),
  ],
  serializeState: (s) => JSON.stringify(keyOf(s)),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('passwordReset', passwordResetMachine, paths);

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
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
/** What the customer sees of the drafts and the messages matches the model's. */
function sameAsModel(expected: AnyMachineSnapshot) {
  const c = expected.context as PasswordResetContext;
  expect(keyOf(now())).toEqual(keyOf(expected));
  // the drafts, read the way the view reads them
  expect(selectResetEmail(now())).toBe(c.email);
  expect(selectResetCode(now())).toBe(c.code);
  expect(selectResetPassword(now())).toBe(c.password);
  expect(selectResetRepeatPassword(now())).toBe(c.repeatPassword);
  // messages are the rules' for the fields on screen (once a send was tried), the server's refusal
  // of the password, or none
  const refused = { password: { key: 'validation.passwordMin', values: { min: 6 } } };
  expect([{}, ruleErrors(expected), refused]).toContainEqual(selectResetErrors(now()));
  expect([null, { seconds: 30 }]).toContainEqual(selectResetThrottle(now()));
}
const errorsOf = (result: { ok: true } | { ok: false; errors: object }) => (result.ok ? {} : result.errors);
/** The domain rules' messages for the step on screen (an oracle independent of the chart). */
function ruleErrors(s: AnyMachineSnapshot) {
  const c = s.context as PasswordResetContext;
  if (s.matches('email')) return errorsOf(validateForgotPasswordForm({ email: c.email }));
  if (s.matches('code')) return errorsOf(validateSecurityCodeForm({ code: c.code }));
  return errorsOf(validateNewPasswordForm({ password: c.password, repeatPassword: c.repeatPassword }));
}
const notReportedNow = () => expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore);
const reportedNow = () => {
  expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore + 1);
  expect(sut.reportError).toHaveBeenLastCalledWith(expect.objectContaining({ source: 'passwordReset' }));
};

describe('password reset machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'email.filling.editing': (s) => {
          sameAsModel(s);
          expect(selectPasswordResetScreen(now())).toBe('email');
          expect(selectIsResetBusy(now())).toBe(false);
          // a missing or invalid address shows its message, and a throttled request its seconds: never reported
          notReportedNow();
        },
        'email.submitting': (s) => {
          sameAsModel(s);
          expect(selectIsResetBusy(now())).toBe(true);
          expect(sut.requestCode.calls.at(-1)?.input).toEqual({ email: 'buyer@example.com' });
        },
        'email.filling.failed': (s) => {
          sameAsModel(s);
          expect(selectResetFailed(now())).toBe(true);
          reportedNow();
        },
        'code.filling.editing': (s) => {
          sameAsModel(s);
          expect(selectPasswordResetScreen(now())).toBe('code');
          expect(selectCanResendCode(now())).toBe(true);
          expect(selectIsResetBusy(now())).toBe(false);
          expect(selectNewCodeReason(now())).toBeNull();
          // "This code is not correct." on the code field (shown, not reported), or the rule's message
          expect([
            undefined,
            { key: 'auth.secureCode.wrongCode' },
            { key: 'validation.securityCodeDigits', values: { count: 6 } },
          ]).toContainEqual(selectCodeMessage(now()));
          notReportedNow();
        },
        'code.submitting': (s) => {
          sameAsModel(s);
          expect(selectIsResetBusy(now())).toBe(true);
          expect(sut.verifyCode.calls.at(-1)?.input).toEqual({ email: 'buyer@example.com', code: '123456' });
        },
        'code.filling.failed': (s) => {
          sameAsModel(s);
          expect(selectResetFailed(now())).toBe(true);
          reportedNow();
        },
        'code.needsNewCode.why.expired': (s) => {
          sameAsModel(s);
          expect(selectNewCodeReason(now())).toBe('code_expired');
          expect(selectCodeFormShown(now())).toBe(false);
          notReportedNow();
        },
        'code.needsNewCode.why.triedTooOften': (s) => {
          sameAsModel(s);
          expect(selectNewCodeReason(now())).toBe('too_many_tries');
          expect(selectCodeFormShown(now())).toBe(false);
          notReportedNow();
        },
        'code.needsNewCode.newCode.offered': (s) => {
          sameAsModel(s);
          expect(selectCanResendCode(now())).toBe(true);
          notReportedNow();
        },
        'code.needsNewCode.newCode.sending': (s) => {
          sameAsModel(s);
          expect(selectIsResendingCode(now())).toBe(true);
          expect(selectCanResendCode(now())).toBe(false);
          expect(sut.requestCode.calls.at(-1)?.input).toEqual({ email: 'buyer@example.com' });
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
        'password.filling.editing': (s) => {
          sameAsModel(s);
          expect(selectPasswordResetScreen(now())).toBe('password');
          notReportedNow();
        },
        'password.submitting': (s) => {
          sameAsModel(s);
          expect(selectIsResetBusy(now())).toBe(true);
          expect(sut.setPassword.calls.at(-1)?.input).toEqual({
            email: 'buyer@example.com',
            code: '123456',
            password: 'secret1',
          });
        },
        'password.filling.failed': (s) => {
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
