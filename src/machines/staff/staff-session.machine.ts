import { assign, fromPromise, setup } from 'xstate';
import { isApiError } from '../../services/api/errors';
import type { StaffSession } from '../../services/api/staff';
import type { StoredStaffSession } from '../../services/staff-session-store';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import { untilAborted } from '../kernel/until-aborted';
import type { StaffPorts } from './staff-ports';

export type StaffSignInField = 'username' | 'password';

export interface StaffSessionContext {
  username: string;
  password: string;
  session: StaffSession | null;
  /** a 429's wait, in seconds */
  retryAfterSeconds: number | null;
  error: ErrorInfo | null;
}

export type StaffSessionEvent =
  | { type: 'staff.changed'; field: StaffSignInField; value: string }
  | { type: 'staff.submitted' }
  | { type: 'staff.retried' }
  | { type: 'staff.signedOut' }
  /** a signed-in call answered 401: the token ran out, or the user was deactivated */
  | { type: 'staff.tokenRefused' };

export interface StaffSignInInput {
  username: string;
  password: string;
}

const statusOf = (error: unknown) => toErrorInfo(error).status;

/**
 * The staff console's sign-in: a name and a password give an 8-hour token, kept in the
 * tab's sessionStorage; no refresh. A wrong password, the throttle and a server that does not answer
 * are states of their own; a token that runs out (found on reload, or refused by a call) signs out
 * with a message.
 */
export const staffSessionMachine = setup({
  types: {
    context: {} as StaffSessionContext,
    events: {} as StaffSessionEvent,
    tags: {} as 'busy',
  },
  actors: {
    /** bound by `bindStaffSession`: the tab's stored sign-in */
    restore: notBound<StoredStaffSession>('staffSession.restore'),
    /** bound by `bindStaffSession`: POST /api/staff/session/ */
    signIn: notBound<StaffSession, StaffSignInInput>('staffSession.signIn'),
  },
  guards: {
    restoredSession: (_, params: { stored: StoredStaffSession }) => params.stored.kind === 'session',
    restoredExpired: (_, params: { stored: StoredStaffSession }) => params.stored.kind === 'expired',
    formFilled: ({ context }) => context.username.trim() !== '' && context.password !== '',
    isWrongCredentials: (_, params: { error: unknown }) => {
      const status = statusOf(params.error);
      return status === 401 || status === 400;
    },
    isThrottled: (_, params: { error: unknown }) => statusOf(params.error) === 429,
  },
  actions: {
    change: assign(({ context }, params: { field: StaffSignInField; value: string }) => ({
      ...context,
      [params.field]: params.value,
    })),
    keepRestored: assign((_, params: { stored: StoredStaffSession }) => ({
      session: params.stored.kind === 'session' ? params.stored.session : null,
    })),
    keepSession: assign((_, params: { session: StaffSession }) => ({
      session: params.session,
      password: '',
      error: null,
      retryAfterSeconds: null,
    })),
    forgetPassword: assign({ password: '' }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    keepWait: assign((_, params: { error: unknown }) => ({
      retryAfterSeconds: isApiError(params.error) ? params.error.retryAfterSeconds : null,
    })),
    forgetSession: assign({ session: null, password: '', error: null, retryAfterSeconds: null }),
    /** bound by `bindStaffSession`: writes the sign-in to the tab's sessionStorage */
    storeSession: (_, _params: { session: StaffSession }) => undefined,
    /** bound by `bindStaffSession`: removes it */
    clearStoredSession: () => undefined,
  },
}).createMachine({
  id: 'staffSession',
  context: { username: '', password: '', session: null, retryAfterSeconds: null, error: null },
  initial: 'restoring',
  states: {
    restoring: {
      description: 'The console looks for a sign-in this tab kept; a spinner shows meanwhile.',
      invoke: {
        id: 'restore',
        src: 'restore',
        onDone: [
          {
            guard: { type: 'restoredSession', params: ({ event }) => ({ stored: event.output }) },
            target: 'signedIn',
            actions: { type: 'keepRestored', params: ({ event }) => ({ stored: event.output }) },
          },
          {
            guard: { type: 'restoredExpired', params: ({ event }) => ({ stored: event.output }) },
            target: 'signedOut.expired',
          },
          { target: 'signedOut.idle' },
        ],
        onError: { target: 'signedOut.idle' },
      },
    },
    signedOut: {
      description: 'The staff sign-in form: user name and password, with Sign in.',
      initial: 'idle',
      on: {
        'staff.changed': {
          target: '.idle',
          actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'staff.submitted': { guard: 'formFilled', target: 'signingIn' },
      },
      states: {
        idle: { description: 'The form as typed; Sign in is offered once both fields are filled.' },
        expired: {
          description: 'The form says the sign-in has ended (after 8 hours) and asks to sign in again.',
        },
        wrongCredentials: {
          description: 'The form says the user name or the password is wrong; the password field is empty.',
        },
        throttled: {
          description: 'The form says there were too many failed sign-ins and how many minutes to wait.',
        },
        noAnswer: {
          description: 'The form says the server did not answer, with Try again (the typed values stay).',
          on: { 'staff.retried': { guard: 'formFilled', target: '#staffSession.signingIn' } },
        },
      },
    },
    signingIn: {
      description: 'Sign in shows a spinner while the server checks the name and password.',
      tags: 'busy',
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ username: context.username.trim(), password: context.password }),
        onDone: {
          target: 'signedIn',
          actions: [
            { type: 'keepSession', params: ({ event }) => ({ session: event.output }) },
            { type: 'storeSession', params: ({ event }) => ({ session: event.output }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isWrongCredentials', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut.wrongCredentials',
            actions: 'forgetPassword',
          },
          {
            guard: { type: 'isThrottled', params: ({ event }) => ({ error: event.error }) },
            target: 'signedOut.throttled',
            actions: { type: 'keepWait', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'signedOut.noAnswer',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    signedIn: {
      description: 'The console with its header ("Staff console", the name, Sign out) and its pages.',
      on: {
        'staff.signedOut': { target: 'signedOut.idle', actions: ['forgetSession', 'clearStoredSession'] },
        'staff.tokenRefused': {
          target: 'signedOut.expired',
          actions: ['forgetSession', 'clearStoredSession'],
        },
      },
    },
  },
});

/** The staff sign-in bound to its ports: the call and the tab's storage. */
export const bindStaffSession = ({ api, sessions }: StaffPorts) =>
  staffSessionMachine.provide({
    actors: {
      restore: fromPromise<StoredStaffSession, void>(async () => sessions.read()),
      signIn: fromPromise<StaffSession, StaffSignInInput>(({ input, signal }) =>
        untilAborted(signal, api.signIn(input.username, input.password, { signal })),
      ),
    },
    actions: {
      storeSession: (_, params: { session: StaffSession }) => sessions.write(params.session),
      clearStoredSession: () => sessions.clear(),
    },
  });
