import { assign, fromPromise, setup } from 'xstate';
import { confirmsUsername } from '../../domain/auth-forms';
import { isApiError } from '../../services/api';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

/**
 * Why the deletion did not happen, as the dialog says it: the last main user of a company with other
 * users must hand over first (400 `hand_over_first`), a demo account cannot be deleted (403
 * `demo_account`), anything else could not be done now.
 */
export type DeleteAccountProblem = 'handOverFirst' | 'demoAccount' | 'failed';

export interface DeleteAccountContext {
  /** the account's username, which the customer types to confirm */
  username: string;
  typed: string;
  /** a confirm was tried with text that is not the username (Enter in the field) */
  mismatch: boolean;
  problem: DeleteAccountProblem | null;
  error: ErrorInfo | null;
}

export type DeleteAccountEvent =
  | { type: 'deleteAccount.opened'; username: string }
  | { type: 'deleteAccount.typed'; value: string }
  | { type: 'deleteAccount.confirmed' }
  | { type: 'deleteAccount.cancelled' };

export interface DeleteAccountInput {
  username?: string;
}

export const problemOf = (error: unknown): DeleteAccountProblem => {
  if (isApiError(error) && error.status === 400 && error.code === 'hand_over_first') return 'handOverFirst';
  if (isApiError(error) && error.status === 403 && error.code === 'demo_account') return 'demoAccount';
  return 'failed';
};

/** No answer, a server fault or an unreadable answer: reported (spec point 8); refusals are only shown. */
const isUnexpectedFailure = (error: unknown) => {
  const info = toErrorInfo(error);
  return info.kind !== 'http' || (info.status ?? 500) >= 500;
};

/**
 * The signed-in customer deletes their own account (spec point 4: irreversible, a new registration is
 * needed to use the portal again, existing orders remain). The dialog asks for the username; DELETE
 * /account-info/; then the session ends (the app shows the login screen). A refusal or a failure keeps
 * the dialog open with its reason.
 */
export const deleteAccountMachine = setup({
  types: {
    context: {} as DeleteAccountContext,
    events: {} as DeleteAccountEvent,
    input: {} as DeleteAccountInput,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindDeleteAccount`: DELETE /account-info/ */
    deleteAccount: notBound<void>('deleteAccount.deleteAccount'),
  },
  guards: {
    usernameConfirmed: ({ context }) => confirmsUsername(context.typed, context.username),
    isUnexpected: (_, params: { error: unknown }) =>
      problemOf(params.error) === 'failed' && isUnexpectedFailure(params.error),
  },
  actions: {
    open: assign((_, params: { username: string }) => ({
      username: params.username,
      typed: '',
      mismatch: false,
      problem: null,
      error: null,
    })),
    type: assign((_, params: { value: string }) => ({ typed: params.value, mismatch: false })),
    showMismatch: assign({ mismatch: true }),
    startDelete: assign({ mismatch: false, problem: null, error: null }),
    keepProblem: assign((_, params: { error: unknown }) => ({
      problem: problemOf(params.error),
      error: toErrorInfo(params.error),
    })),
    forget: assign({ typed: '', mismatch: false, problem: null, error: null }),
    /** bound by `bindDeleteAccount`: the session ends (`session.logout`), the app shows the login screen */
    endSession: () => undefined,
    /** spec point 8: a no-op here, bound by `bindDeleteAccount` (provideReporting) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'deleteAccount',
  context: ({ input }) => ({
    username: input?.username ?? '',
    typed: '',
    mismatch: false,
    problem: null,
    error: null,
  }),
  initial: 'idle',
  states: {
    idle: {
      description:
        'The Delete account block says deleting cannot be undone and existing orders remain, with the Delete my account button.',
      on: {
        'deleteAccount.opened': {
          target: 'confirming',
          actions: { type: 'open', params: ({ event }) => ({ username: event.username }) },
        },
      },
    },
    confirming: {
      description:
        'A dialog asks "Delete your account?", explains what it means, and asks the customer to type their username, with Delete permanently and Cancel. A wrong username, or why the last try failed (main user with other users left, a demo account, or an unknown error), shows in the dialog.',
      on: {
        'deleteAccount.typed': {
          actions: { type: 'type', params: ({ event }) => ({ value: event.value }) },
        },
        'deleteAccount.confirmed': [
          { guard: 'usernameConfirmed', target: 'deleting', actions: 'startDelete' },
          { actions: 'showMismatch' },
        ],
        'deleteAccount.cancelled': { target: 'idle', actions: 'forget' },
      },
    },
    deleting: {
      description: 'The dialog says "Deleting…" while the server deletes the account.',
      tags: 'busy',
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        onDone: { target: 'deleted' },
        onError: [
          {
            guard: { type: 'isUnexpected', params: ({ event }) => ({ error: event.error }) },
            target: 'confirming',
            actions: [
              { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'confirming',
            actions: { type: 'keepProblem', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    deleted: {
      description:
        'The block says "Your account is deleted. You are being signed out." and the login screen follows.',
      type: 'final',
      entry: 'endSession',
    },
  },
});

/** The account deletion bound to the ports: the call, the session's end, unexpected failures reported. */
export const bindDeleteAccount = ({ api, session }: Ports) =>
  provideReporting(
    deleteAccountMachine.provide({
      actors: {
        deleteAccount: fromPromise<void, void>(({ signal }) =>
          untilAborted(signal, api.deleteAccount({ signal })),
        ),
      },
      actions: {
        endSession: () => session()?.send({ type: 'session.logout' }),
      },
    }),
    api,
  );
