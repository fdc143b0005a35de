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
import { httpError, networkError } from '../../../src/test/api-errors';
import { controllableActor, settle } from '../../../src/test/controllableActor';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

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
    // a refusal the portal has no words for: the generic failure, not reported (no news to an operator)
    { type: 'xstate.error.actor.deleteAccount', error: httpError(409) },
  ],
  // what the guard reads (the username as typed), and whether the mismatch shows, so that a confirm
  // the guard refuses is a step of its own
  serializeState: (s) => JSON.stringify([s.value, s.context.typed, s.context.mismatch]),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('deleteAccount', deleteAccountMachine, paths);

function createSut() {
  const deleteAccount = controllableActor<void, void>();
  const reportError = vi.fn(async () => undefined);
  const session = { send: vi.fn() } as unknown as SessionActorRef & { send: ReturnType<typeof vi.fn> };
  const bound = bindDeleteAccount(
    testPorts({ reportError } as Partial<PortalApi>, undefined, session),
  ).provide({ actors: { deleteAccount: deleteAccount.logic } });
  // the username arrives with the dialog's opening (the view knows it from the loaded account)
  const actor = createActor(bound, { input: {} }).start();
  return { actor, deleteAccount, reportError, session, reportsBefore: 0, lastStatus: null as number | null };
}
let sut: ReturnType<typeof createSut>;
afterEach(() => sut?.actor.stop());

const send = (step: { event: { type: string } }) => {
  sut.reportsBefore = sut.reportError.mock.calls.length;
  sut.actor.send(step.event as never);
};
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
    sut.reportsBefore = sut.reportError.mock.calls.length;
    sut.lastStatus = ((step.event as ModelEvent).error as { status?: number | null }).status ?? null;
    sut.deleteAccount.next().reject((step.event as ModelEvent).error);
    await settle();
  },
};
assertExecutorsFor(walked, executors);

const now = () => sut.actor.getSnapshot();
const sameAsModel = (expected: AnyMachineSnapshot) => {
  expect(now().value).toEqual(expected.value);
  expect(selectDeleteAccountTyped(now())).toBe(expected.context.typed);
};

/** The dialog as the customer sees it while the username is typed (never signed out here). */
const dialogShown = (s: AnyMachineSnapshot) => {
  sameAsModel(s);
  expect(selectIsDeleteAccountDialogOpen(now())).toBe(true);
  expect(selectIsDeletingAccount(now())).toBe(false);
  expect(selectDeleteAccountUsername(now())).toBe('buyer');
  // the confirm button works only once the username is typed
  expect(selectCanConfirmAccountDeletion(now())).toBe(s.context.typed === ' Buyer ');
  expect(selectDeleteAccountMismatch(now())).toEqual(
    s.context.mismatch ? { key: 'validation.usernameConfirmation' } : undefined,
  );
  expect(sut.session.send).not.toHaveBeenCalled();
};

describe('delete account machine (model-based)', () => {
  it.each(walked.map((p) => [p.description, p] as const))('%s', async (_name, path) => {
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
        'confirming.filling.editing': (s) => {
          dialogShown(s);
          // a refusal the server explains is shown, never reported
          expect([null, 'handOverFirst', 'demoAccount']).toContain(selectDeleteAccountProblem(now()));
          expect(selectDeleteAccountProblem(now())).toBe(s.context.problem);
          expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore);
        },
        'confirming.filling.failed': (s) => {
          dialogShown(s);
          // every failure is shown; a network or server failure is reported once, a 4xx not
          expect(selectDeleteAccountProblem(now())).toBe('failed');
          const serverFault = sut.lastStatus === null || sut.lastStatus >= 500;
          expect(sut.reportError.mock.calls.length).toBe(sut.reportsBefore + (serverFault ? 1 : 0));
        },
        'confirming.submitting': (s) => {
          sameAsModel(s);
          expect(selectIsDeleteAccountDialogOpen(now())).toBe(true);
          expect(selectIsDeletingAccount(now())).toBe(true);
          expect(selectCanConfirmAccountDeletion(now())).toBe(false);
          expect(selectDeleteAccountProblem(now())).toBeNull();
          expect(sut.deleteAccount.calls.length).toBeGreaterThan(0);
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
