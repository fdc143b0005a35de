import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { AccountForm } from '../../../src/domain/account-forms';
import type { CustomerUser } from '../../../src/domain/types';
import {
  accountMachine,
  bindAccount,
  cleanAccountCode,
  resendForm,
  validAccountForm,
} from '../../../src/machines/account/account.machine';
import {
  selectAccount,
  selectAccountDraft,
  selectAccountErrors,
  selectAccountRefused,
  selectAccountStatus,
  selectConfirmationCode,
  selectConfirmationCodeMessage,
  selectEmailConfirmation,
  selectIsAccountSaving,
  selectPendingEmail,
} from '../../../src/machines/account/account.selectors';
import type { PortalApi } from '../../../src/services/api';
import { httpError, networkError } from '../../../src/test/api-errors';
import { aCustomerUser } from '../../../src/test/builders';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { sendStepEvent } from '../../../src/test/model-executors';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

/** the signed-in user: a phone number, so the sent form carries more than the e-mail */
const me = aCustomerUser({ email: 'berta@example.com', mobilePhone: '+1 555 0100' });
const saved: CustomerUser = { ...me, email: 'new@example.com' };
/** a server that confirms new addresses: the old one stays until the code comes back */
const pending: CustomerUser = { ...me, pendingEmail: 'new@example.com' };
const confirmed: CustomerUser = { ...me, email: 'new@example.com' };
const cancelled: CustomerUser = { ...me };

const model = modelFor(accountMachine, {
  events: [
    { type: 'xstate.done.actor.loadAccount', output: me },
    { type: 'xstate.done.actor.loadAccount', output: pending },
    { type: 'xstate.error.actor.loadAccount', error: networkError },
    // a backend without the own-account calls
    { type: 'xstate.error.actor.loadAccount', error: httpError(404, 'no_such_call') },
    { type: 'xstate.error.actor.saveAccount', error: httpError(405) },
    { type: 'xstate.done.actor.saveAccount', output: saved },
    { type: 'xstate.done.actor.saveAccount', output: pending },
    { type: 'xstate.error.actor.saveAccount', error: httpError(400, 'invalid') },
    { type: 'xstate.error.actor.saveAccount', error: httpError(400, 'email_taken') },
    { type: 'xstate.error.actor.saveAccount', error: httpError(500) },
    { type: 'account.changed', field: 'email', value: 'not-an-email' },
    { type: 'account.changed', field: 'email', value: ' new@example.com ' },
    { type: 'account.codeChanged', value: '12 3' },
    { type: 'account.codeChanged', value: ' 123 456 ' },
    { type: 'xstate.done.actor.confirmEmail', output: confirmed },
    { type: 'xstate.error.actor.confirmEmail', error: httpError(400, 'invalid_code') },
    { type: 'xstate.error.actor.confirmEmail', error: httpError(400, 'code_expired') },
    { type: 'xstate.error.actor.confirmEmail', error: httpError(400, 'email_taken') },
    { type: 'xstate.error.actor.confirmEmail', error: httpError(500) },
    { type: 'xstate.done.actor.resendCode', output: pending },
    { type: 'xstate.done.actor.resendCode', output: confirmed },
    { type: 'xstate.error.actor.resendCode', error: httpError(400, 'email_taken') },
    { type: 'xstate.error.actor.resendCode', error: httpError(429, 'throttled') },
    { type: 'xstate.done.actor.cancelEmailChange', output: cancelled },
    { type: 'xstate.error.actor.cancelEmailChange', error: networkError },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.draft.email,
      Object.keys(s.context.errors),
      s.context.refused,
      s.context.account?.pendingEmail ?? null,
      s.context.code,
      s.context.codeMessage?.key ?? null,
      s.context.lastCodeCall,
    ]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('account', accountMachine, paths);

function createSut() {
  const loadAccount = controllableActor<CustomerUser, void>();
  const saveAccount = controllableActor<CustomerUser, AccountForm>();
  const confirmEmail = controllableActor<CustomerUser, string>();
  const cancelEmailChange = controllableActor<CustomerUser, void>();
  const reportError = vi.fn(async () => undefined);
  const bound = bindAccount(testPorts({ reportError } as Partial<PortalApi>)).provide({
    actors: {
      loadAccount: loadAccount.logic,
      saveAccount: saveAccount.logic,
      confirmEmail: confirmEmail.logic,
      cancelEmailChange: cancelEmailChange.logic,
    },
  });
  const actor = createActor(bound).start();
  return { actor, loadAccount, saveAccount, confirmEmail, cancelEmailChange, reportError };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = sendStepEvent(() => sut.actor);
const settleWith =
  (
    which: 'loadAccount' | 'saveAccount' | 'confirmEmail' | 'cancelEmailChange',
    outcome: 'resolve' | 'reject',
  ) =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    // a call the machine left (typing while "Send a new code" ran) was aborted and is never answered
    let call = sut[which].next();
    while (call.signal.aborted) call = sut[which].next();
    if (outcome === 'resolve') call.resolve(event.output as CustomerUser);
    else call.reject(event.error);
    await settle();
  };
const executors = {
  'account.changed': send,
  'account.submitted': send,
  'account.retried': send,
  'account.codeChanged': send,
  'account.codeSubmitted': send,
  'account.codeResent': send,
  'account.changeCancelled': send,
  'xstate.done.actor.confirmEmail': settleWith('confirmEmail', 'resolve'),
  'xstate.error.actor.confirmEmail': settleWith('confirmEmail', 'reject'),
  // "Send a new code" saves the account again: the same call as Save
  'xstate.done.actor.resendCode': settleWith('saveAccount', 'resolve'),
  'xstate.error.actor.resendCode': settleWith('saveAccount', 'reject'),
  'xstate.done.actor.cancelEmailChange': settleWith('cancelEmailChange', 'resolve'),
  'xstate.error.actor.cancelEmailChange': settleWith('cancelEmailChange', 'reject'),
  'xstate.done.actor.loadAccount': settleWith('loadAccount', 'resolve'),
  'xstate.error.actor.loadAccount': settleWith('loadAccount', 'reject'),
  'xstate.done.actor.saveAccount': settleWith('saveAccount', 'resolve'),
  'xstate.error.actor.saveAccount': settleWith('saveAccount', 'reject'),
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectAccountDraft(now())).toEqual(expected.context.draft);
  expect(selectConfirmationCode(now())).toBe(expected.context.code);
};
/** In every step of the confirmation the old address stays the account's and the new one is shown. */
const confirmationShown = (expected: AnyMachineSnapshot, step: string) => {
  sameAsModel(expected);
  expect(selectAccountStatus(now())).toBe('confirmEmail');
  expect(selectEmailConfirmation(now())).toBe(step);
  expect(selectAccount(now())?.email).toBe('berta@example.com');
  expect(selectPendingEmail(now())).toBe('new@example.com');
};

describe('account machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectAccountStatus(now())).toBe('loading');
        },
        notOffered: (s) => {
          sameAsModel(s);
          expect(selectAccountStatus(now())).toBe('notOffered');
          expect(sut.reportError).not.toHaveBeenCalled();
        },
        loadFailed: (s) => {
          sameAsModel(s);
          expect(sut.reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'account' }));
        },
        'details.filling.editing': (s) => {
          sameAsModel(s);
          expect(selectEmailConfirmation(now())).toBeNull();
          const errors = selectAccountErrors(now());
          // a field's message appears on submit and goes when the field changes; an address
          // another account has is the e-mail field's message
          expect(errors).toEqual(s.context.errors);
          expect([undefined, 'validation.invalidEmail', 'validation.emailTaken']).toContain(
            errors.email?.key,
          );
          // a refusal (400) is shown, never reported
          expect(selectAccountRefused(now())).toBe(s.context.refused);
          expect(s.context.refused && sut.reportError.mock.calls.length > 0).toBe(false);
        },
        'details.submitting': (s) => {
          sameAsModel(s);
          expect(selectIsAccountSaving(now())).toBe(true);
          // the cleaned, valid form goes to the server
          const sent = sut.saveAccount.calls.at(-1)?.input;
          expect(sent).toEqual(validAccountForm(sent as AccountForm));
          expect(sent?.email).toBe(sent?.email.trim());
        },
        'details.filling.saved': (s) => {
          sameAsModel(s);
          // a server that changes the address at once (no pendingEmail): saved, nothing to confirm
          expect(selectAccount(now())?.email).toBe('new@example.com');
          expect(selectAccountDraft(now()).email).toBe('new@example.com');
          expect(selectPendingEmail(now())).toBeNull();
        },
        'details.filling.confirmEmail.asking.entering': (s) => {
          confirmationShown(s, 'entering');
          // the e-mail field shows the current address, not the waiting one
          expect(selectAccountDraft(now()).email).toBe('berta@example.com');
          const message = selectConfirmationCodeMessage(now());
          expect(message?.key ?? null).toBe(s.context.codeMessage?.key ?? null);
          expect([null, { key: 'validation.securityCodeDigits', values: { count: 6 } }]).toContainEqual(
            message,
          );
        },
        'details.filling.confirmEmail.asking.wrongCode': (s) => {
          confirmationShown(s, 'wrongCode');
          expect(selectConfirmationCodeMessage(now())).toEqual({ key: 'settings.account.email.wrongCode' });
          expect(sut.reportError).not.toHaveBeenCalled();
        },
        'details.filling.confirmEmail.asking.codeExpired': (s) => {
          confirmationShown(s, 'codeExpired');
          expect(selectConfirmationCode(now())).toBe('');
          expect(sut.reportError).not.toHaveBeenCalled();
        },
        'details.filling.confirmEmail.confirming': (s) => {
          confirmationShown(s, 'confirming');
          expect(now().hasTag('busy')).toBe(true);
          // the code goes out without spaces
          expect(sut.confirmEmail.calls.at(-1)?.input).toBe(cleanAccountCode(s.context.code));
          expect(sut.confirmEmail.calls.at(-1)?.input).toBe('123456');
        },
        'details.filling.confirmEmail.resending': (s) => {
          confirmationShown(s, 'resending');
          // the account saved again with the waiting address asks for a new code
          expect(sut.saveAccount.calls.at(-1)?.input).toEqual(resendForm(pending));
          expect(sut.saveAccount.calls.at(-1)?.input.email).toBe('new@example.com');
        },
        'details.filling.confirmEmail.cancelling': (s) => {
          confirmationShown(s, 'cancelling');
          expect(sut.cancelEmailChange.calls).toHaveLength(1);
        },
        'details.filling.confirmEmail.failed': (s) => {
          confirmationShown(s, 'failed');
          expect(sut.reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'account' }));
        },
        'details.filling.emailConfirmed': (s) => {
          sameAsModel(s);
          expect(selectAccountStatus(now())).toBe('emailConfirmed');
          expect(selectAccount(now())?.email).toBe('new@example.com');
          expect(selectAccountDraft(now()).email).toBe('new@example.com');
          expect(selectPendingEmail(now())).toBeNull();
        },
        'details.filling.failed': (s) => {
          sameAsModel(s);
          // the draft stays (sameAsModel); the unexpected failure is reported
          expect(sut.reportError).toHaveBeenLastCalledWith(
            expect.objectContaining({ source: 'account', status: 500 }),
          );
        },
      },
    });
  });
});
