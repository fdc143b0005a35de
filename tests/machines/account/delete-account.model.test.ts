import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import {
  bindDeleteAccount,
  deleteAccountMachine,
} from '../../../src/machines/account/delete-account.machine';
import {
  selectCanConfirmAccountDeletion,
  selectDeleteAccountMismatch,
  selectDeleteAccountProblem,
  selectDeleteAccountTyped,
  selectDeleteAccountUsername,
  selectIsAccountDeleted,
  selectIsDeleteAccountDialogOpen,
  selectIsDeletingAccount,
} from '../../../src/machines/account/delete-account.selectors';
import type { SessionActorRef } from '../../../src/machines/session/session.machine';
import type { PortalApi } from '../../../src/services/api';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { requireFullCoverage } from '../../../src/test/coverage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { httpError, networkError } from '../cart/cart-fixtures';

const model = modelFor(deleteAccountMachine, {
  events: [
    { type: 'deleteAccount.opened', username: 'buyer' },
    { type: 'deleteAccount.typed', value: 'buy' },
    // case and surrounding spaces do not matter
    { type: 'deleteAccount.typed', value: ' Buyer ' },
    { type: 'xstate.done.actor.deleteAccount' },
    { type: 'xstate.error.actor.deleteAccount', error: httpError(400, 'hand_over_first') },
    { type: 'xstate.error.actor.deleteAccount', error: httpError(403, 'demo_account') },
    { type: 'xstate.error.actor.deleteAccount', error: httpError(500) },
    { type: 'xstate.error.actor.deleteAccount', error: networkError },
  ],
  serializeState: (s) =>
    JSON.stringify([
      s.value,
      s.context.typed,
      s.context.mismatch,
      s.context.problem,
      s.context.error?.status ?? null,
    ]),
});
const paths = model.getShortestPaths();
requireFullCoverage('deleteAccount', deleteAccountMachine, paths);

function createSut() {
  const deleteAccount = controllableActor<void, void>();
  const reportError = vi.fn(async () => undefined);
  const session = { send: vi.fn() } as unknown as SessionActorRef & { send: ReturnType<typeof vi.fn> };
  const bound = bindDeleteAccount(
    testPorts({ reportError } as Partial<PortalApi>, undefined, session),
  ).provide({ actors: { deleteAccount: deleteAccount.logic } });
  // the username arrives with the dialog's opening (the view knows it from the loaded account)
  const actor = createActor(bound, { input: {} }).start();
  return { actor, deleteAccount, reportError, session };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => sut.actor.send(step.event as never);
const executors = {
  'deleteAccount.opened': send,
  'deleteAccount.typed': send,
  'deleteAccount.confirmed': send,
  'deleteAccount.cancelled': send,
  'xstate.done.actor.deleteAccount': async () => {
    sut.deleteAccount.next().resolve();
    await settle();
  },
  'xstate.error.actor.deleteAccount': async (step: { event: { type: string } }) => {
    sut.deleteAccount.next().reject((step.event as ModelEvent).error);
    await settle();
  },
};
assertExecutorsFor(paths, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectDeleteAccountTyped(now())).toBe(expected.context.typed);
};

describe('delete account machine (model-based)', () => {
  it.each(paths.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        idle: (s) => {
          sameAsModel(s);
          // no dialog; a cancel forgets what was typed
          expect(selectIsDeleteAccountDialogOpen(now())).toBe(false);
          expect(selectDeleteAccountTyped(now())).toBe('');
          expect(selectDeleteAccountProblem(now())).toBeNull();
          expect(sut.session.send).not.toHaveBeenCalled();
        },
        confirming: (s) => {
          sameAsModel(s);
          expect(selectIsDeleteAccountDialogOpen(now())).toBe(true);
          expect(selectIsDeletingAccount(now())).toBe(false);
          expect(selectDeleteAccountUsername(now())).toBe('buyer');
          // the confirm button works only once the username is typed
          expect(selectCanConfirmAccountDeletion(now())).toBe(s.context.typed === ' Buyer ');
          expect(selectDeleteAccountMismatch(now())).toEqual(
            s.context.mismatch ? { key: 'validation.usernameConfirmation' } : undefined,
          );
          const problem = selectDeleteAccountProblem(now());
          expect(problem).toBe(s.context.problem);
          const status = s.context.error?.status ?? null;
          if (problem === 'handOverFirst') expect(status).toBe(400);
          if (problem === 'demoAccount') expect(status).toBe(403);
          // refusals are shown, unexpected failures reported too
          if (problem === 'failed')
            expect(sut.reportError).toHaveBeenLastCalledWith(
              expect.objectContaining({ source: 'deleteAccount', status }),
            );
          else if (problem)
            expect(sut.reportError).not.toHaveBeenCalledWith(expect.objectContaining({ status }));
          else expect(sut.reportError).not.toHaveBeenCalled();
          expect(sut.session.send).not.toHaveBeenCalled();
        },
        deleting: (s) => {
          sameAsModel(s);
          expect(selectIsDeleteAccountDialogOpen(now())).toBe(true);
          expect(selectIsDeletingAccount(now())).toBe(true);
          expect(selectCanConfirmAccountDeletion(now())).toBe(false);
          expect(selectDeleteAccountProblem(now())).toBeNull();
          expect(sut.deleteAccount.calls).toHaveLength(1);
        },
        deleted: (s) => {
          sameAsModel(s);
          expect(selectIsAccountDeleted(now())).toBe(true);
          expect(selectIsDeleteAccountDialogOpen(now())).toBe(false);
          // the session ends: the app shows the login screen
          expect(sut.session.send).toHaveBeenCalledExactlyOnceWith({ type: 'session.logout' });
        },
      },
    });
  });
});
