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
    /** the server explains why it will not delete (hand over first, a demo account): shown, not reported */
    isRefusal: (_, params: { error: unknown }) => problemOf(params.error) !== 'failed',
    isUnexpected: (_, params: { error: unknown }) => isUnexpectedFailure(params.error),
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
    keepRefusal: assign((_, params: { error: unknown }) => ({
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
        'A dialog asks "Delete your account?", explains what it means, and asks the customer to type their username, with Delete permanently and Cancel.',
      initial: 'filling',
      states: {
        filling: {
          description:
            'The username field of the dialog; typing clears a message. Cancel closes the dialog and forgets what was typed.',
          initial: 'editing',
          on: {
            'deleteAccount.typed': {
              target: '.editing',
              actions: { type: 'type', params: ({ event }) => ({ value: event.value }) },
            },
            'deleteAccount.cancelled': { target: '#deleteAccount.idle', actions: 'forget' },
          },
          states: {
            editing: {
              description:
                'A wrong username, or why the server refused the last try (a main user with other users left, a demo account), shows in the dialog.',
              on: {
                'deleteAccount.confirmed': [
                  {
                    guard: 'usernameConfirmed',
                    target: '#deleteAccount.confirming.submitting',
                    actions: 'startDelete',
                  },
                  { actions: 'showMismatch' },
                ],
              },
            },
            failed: {
              description:
                'The account could not be deleted: the dialog says an error occurred; Delete permanently tries again.',
              on: {
                'deleteAccount.confirmed': {
                  target: '#deleteAccount.confirming.submitting',
                  actions: 'startDelete',
                },
              },
            },
          },
        },
        submitting: {
          description: 'The dialog says "Deleting…" while the server deletes the account.',
          tags: 'busy',
          invoke: {
            id: 'deleteAccount',
            src: 'deleteAccount',
            onDone: { target: '#deleteAccount.deleted' },
            onError: [
              {
                guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
                target: 'filling',
                actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) },
              },
              {
                guard: { type: 'isUnexpected', params: ({ event }) => ({ error: event.error }) },
                target: 'filling.failed',
                actions: { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'filling.failed' },
            ],
          },
        },
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
