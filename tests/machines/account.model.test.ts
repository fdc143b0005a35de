import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import type { AccountForm } from '../../src/domain/account-forms';
import type { CustomerUser } from '../../src/domain/types';
import { accountMachine, bindAccount, validAccountForm } from '../../src/machines/account.machine';
import {
  selectAccount,
  selectAccountDraft,
  selectAccountErrors,
  selectAccountRefused,
  selectAccountStatus,
  selectIsAccountSaving,
} from '../../src/machines/account.selectors';
import type { PortalApi } from '../../src/services/api';
import { controllableActor, settle } from '../../src/test/controllableActor';
import { requireFullCoverage } from '../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../src/test/modelFor';
import { testPorts } from '../../src/test/ports';
import { httpError, networkError } from './cart-fixtures';

const me: CustomerUser = {
  id: 7,
  username: 'buyer',
  firstName: 'Berta',
  lastName: 'Buyer',
  email: 'berta@example.com',
  language: 'en',
  landlinePhone: '',
  mobilePhone: '+1 555 0100',
  isActive: true,
  isMainUser: true,
};
const saved: CustomerUser = { ...me, email: 'new@example.com' };

const model = modelFor(accountMachine, {
  events: [
    { type: 'xstate.done.actor.loadAccount', output: me },
    { type: 'xstate.error.actor.loadAccount', error: networkError },
    { type: 'xstate.done.actor.saveAccount', output: saved },
    { type: 'xstate.error.actor.saveAccount', error: httpError(400, 'invalid') },
    { type: 'xstate.error.actor.saveAccount', error: httpError(500) },
    { type: 'account.changed', field: 'email', value: 'not-an-email' },
    { type: 'account.changed', field: 'email', value: ' new@example.com ' },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.draft.email,
      Object.keys(s.context.errors),
      s.context.refused,
      s.context.error?.status ?? null,
    ]),
});
const paths = model.getShortestPaths();
requireFullCoverage('account', accountMachine, paths);

function createSut() {
  const loadAccount = controllableActor<CustomerUser, void>();
  const saveAccount = controllableActor<CustomerUser, AccountForm>();
  const reportError = vi.fn(async () => undefined);
  const bound = bindAccount(testPorts({ reportError } as Partial<PortalApi>)).provide({
    actors: { loadAccount: loadAccount.logic, saveAccount: saveAccount.logic },
  });
  const actor = createActor(bound).start();
  return { actor, loadAccount, saveAccount, reportError };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const settleWith =
  (which: 'loadAccount' | 'saveAccount', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    const event = step.event as ModelEvent;
    const call = sut[which].next();
    if (outcome === 'resolve') call.resolve(event.output as CustomerUser);
    else call.reject(event.error);
    await settle();
  };
const executors = {
  'account.changed': send,
  'account.submitted': send,
  'account.retried': send,
  'xstate.done.actor.loadAccount': settleWith('loadAccount', 'resolve'),
  'xstate.error.actor.loadAccount': settleWith('loadAccount', 'reject'),
  'xstate.done.actor.saveAccount': settleWith('saveAccount', 'resolve'),
  'xstate.error.actor.saveAccount': settleWith('saveAccount', 'reject'),
};
assertExecutorsFor(paths, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectAccountDraft(now())).toEqual(expected.context.draft);
};

describe('account machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        loading: (s) => {
          sameAsModel(s);
          expect(selectAccountStatus(now())).toBe('loading');
        },
        loadFailed: (s) => {
          sameAsModel(s);
          expect(sut.reportError).toHaveBeenCalledWith(expect.objectContaining({ source: 'account' }));
        },
        editing: (s) => {
          sameAsModel(s);
          const errors = selectAccountErrors(now());
          // a field's message appears on submit and goes when the field changes
          expect(errors).toEqual(s.context.errors);
          if (errors.email) expect(errors.email.key).toBe('validation.invalidEmail');
          // a refusal (400) is shown, never reported
          expect(selectAccountRefused(now())).toBe(s.context.refused);
          if (s.context.refused) expect(sut.reportError).not.toHaveBeenCalled();
        },
        saving: (s) => {
          sameAsModel(s);
          expect(selectIsAccountSaving(now())).toBe(true);
          // the cleaned, valid form goes to the server (typing meanwhile changes only the draft)
          const sent = sut.saveAccount.calls.at(-1)?.input;
          expect(sent).toEqual(validAccountForm(sent as AccountForm));
          expect(sent?.email).toBe(sent?.email.trim());
        },
        saved: (s) => {
          sameAsModel(s);
          expect(selectAccount(now())?.email).toBe('new@example.com');
          expect(selectAccountDraft(now()).email).toBe('new@example.com');
        },
        saveFailed: (s) => {
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
