import { assign, fromPromise, setup } from 'xstate';
import type { CustomerUser } from '../../domain/types';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

export interface UsersContext {
  users: CustomerUser[];
  error: ErrorInfo | null;
}

export type UsersEvent = { type: 'users.retried' };

/** A refusal the server gives on purpose (403 for a user who is not the main user): shown, not reported. */
const isRefusal = (error: unknown) => {
  const status = toErrorInfo(error).status;
  return status !== null && status >= 400 && status < 500;
};

/**
 * The company's users as the main user manages them (spec point 6, users list): loaded when the
 * section opens, a failure offers a retry. Each view that shows the list creates its own.
 */
export const usersMachine = setup({
  types: {
    context: {} as UsersContext,
    events: {} as UsersEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindUsers` */
    loadUsers: notBound<CustomerUser[]>('users.loadUsers'),
  },
  guards: {
    isRefusal: (_, params: { error: unknown }) => isRefusal(params.error),
  },
  actions: {
    keepUsers: assign((_, params: { users: CustomerUser[] }) => ({ users: params.users, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    /** spec point 8: a no-op here, bound by `bindUsers` (provideReporting) */
    reportError: (_, _params: ReportErrorParams) => undefined,
  },
}).createMachine({
  id: 'users',
  context: { users: [], error: null },
  initial: 'loading',
  states: {
    loading: {
      description:
        'The Users section (main user only) shows New user and "Loading users…" while the company\'s users are fetched.',
      tags: 'busy',
      invoke: {
        id: 'loadUsers',
        src: 'loadUsers',
        onDone: {
          target: 'loaded',
          actions: { type: 'keepUsers', params: ({ event }) => ({ users: event.output }) },
        },
        onError: [
          {
            guard: { type: 'isRefusal', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: [
              { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
        ],
      },
    },
    loaded: {
      description:
        'The Users section lists the company\'s users with full name, username, e-mail, phone, language and status (a table on a computer, cards on a phone), or "No users"; each opens the user\'s page.',
    },
    failed: {
      description:
        'The Users section says "Only the company\'s main user manages users." when the server refuses, or shows an error with Try again, which fetches the list again.',
      on: { 'users.retried': 'loading' },
    },
  },
});

/** The users list bound to the ports: the list call, and unexpected failures reported. */
export const bindUsers = ({ api }: Ports) =>
  provideReporting(
    usersMachine.provide({
      actors: {
        loadUsers: fromPromise<CustomerUser[], void>(({ signal }) =>
          untilAborted(signal, api.users({ signal })),
        ),
      },
    }),
    api,
  );
