import { type ActorRefFrom, assign, type DoneActorEvent, emit, fromPromise, setup } from 'xstate';
import type { SessionClaims, TokenPair } from '../../domain/types';
import type { LoginCredentials, SignedIn } from '../../services/api';
import { readAccessExpiry } from '../../services/api/jwt';
import { refreshSharedSession } from '../../services/shared-refresh';
import { browserCredentialStore, type StoredCredentials } from '../../services/storage';
import { provideReporting } from '../kernel/error-reporting';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { SLOW_ANSWER_MS } from '../kernel/slow-answer';
import {
  isNoAnswer,
  isUnauthorizedError,
  type SessionError,
  toEndedSessionError,
  toLoginError,
} from './session.errors';

export type { SessionError } from './session.errors';

export interface SessionContext {
  /** both tokens while signed in; the access token lives only here and in the API's memory */
  tokens: TokenPair | null;
  claims: SessionClaims | null;
  /** Remember Me: where the credentials are stored (localStorage or this tab's sessionStorage) */
  remember: boolean;
  error: SessionError | null;
}

export type SessionEvent =
  | { type: 'session.login'; username: string; password: string; remember: boolean }
  /**
   * `revoke: false`: the backend has no revoke call (a capability it lacks), so the session is only
   * forgotten here; without the field the server is asked to end it first.
   */
  | { type: 'session.logout'; revoke?: boolean }
  /** sign in again through the refresh call so changed claims arrive (spec point 4: language change) */
  | { type: 'session.renew' }
  /** stop waiting for a sign-in or a restore that is taking longer */
  | { type: 'session.cancel' }
  /** check the stored credentials again after a cancelled restore */
  | { type: 'session.retry' }
  /** the customer signed out in another tab, which ended the session on the server already */
  | { type: 'session.signedOutElsewhere' };

/** Effects for the shell: navigate to `/` after a sign-in, clear the catalogue after a sign-out. */
/** `session.signedIn` carries the account's language (a claim), which the shell applies then. */
/** `session.renewed` / `session.renewFailed` answer a `session.renew` (the language change waits for them). */
export type SessionEmitted =
  | { type: 'session.signedIn'; language: string | null }
  | { type: 'session.signedOut' }
  | { type: 'session.renewed'; language: string | null }
  | { type: 'session.renewFailed' };

/** Longest delay setTimeout accepts (about 24.8 days); later expiries are re-armed on the next refresh. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds until the access token's exp has passed (0 when it already has or cannot be read). */
export function msUntilAccessExpiry(tokens: TokenPair | null, now = Date.now()): number {
  const exp = tokens ? readAccessExpiry(tokens.access) : null;
  if (!exp?.ok) return 0;
  return Math.min(MAX_TIMER_MS, Math.max(0, exp.claims * 1000 - now));
}

/** What is stored after a sign-in or refresh: the refresh token and where (null without tokens). */
const storedOf = (context: SessionContext): StoredCredentials | null =>
  context.tokens ? { refresh: context.tokens.refresh, remember: context.remember } : null;

/**
 * What a refresh is given. `cancellable`: the caller may stop it (the restore at start, where nobody
 * else waits for the token), so the request itself is aborted then; routine refreshes are never
 * aborted, as other requests wait for their token.
 */
export interface RefreshInput {
  refresh: string;
  cancellable?: boolean;
}

/** The refresh token read at start travels in the done event of `readStoredCredentials`. */
const storedRefresh = (event: unknown) => (event as DoneActorEvent<StoredCredentials>).output.refresh;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    tags: {} as 'inProgress',
  },
  actors: {
    /** the stored credentials (storage is I/O: bound by `bindSession`) */
    readStoredCredentials: notBound<StoredCredentials | null>('session.readStoredCredentials'),
    refreshTokens: notBound<SignedIn, RefreshInput>('session.refreshTokens'),
    login: notBound<SignedIn, LoginCredentials>('session.login'),
    /** POST /token/revoke/: the server ends the refresh token's family before the client forgets it */
    revokeSession: notBound<void, { refresh: string }>('session.revokeSession'),
  },
  actions: {
    rememberChoice: assign({
      remember: ({ event }) => (event.type === 'session.login' ? event.remember : false),
    }),
    restoreRememberChoice: assign((_, params: { stored: StoredCredentials }) => ({
      remember: params.stored.remember,
    })),
    clearError: assign({ error: null }),
    keepSession: assign((_, params: { signedIn: SignedIn }) => ({
      tokens: params.signedIn.tokens,
      claims: params.signedIn.claims,
      error: null,
    })),
    forgetSession: assign({ tokens: null, claims: null }),
    /** the API client forgets its access token; a no-op here, bound by `bindSession` */
    forgetAccessToken: () => undefined,
    /** writes `params` to the credential store; a no-op here, bound by `bindSession` */
    storeCredentials: (_, _params: StoredCredentials | null) => undefined,
    clearStoredCredentials: () => undefined,
    rejectLogin: assign((_, params: { error: unknown }) => ({ error: toLoginError(params.error) })),
    /** the session is over: expired, or the account was deactivated meanwhile (spec point 4, Inactive user) */
    expireSession: assign((_, params: { error: unknown }) => ({ error: toEndedSessionError(params.error) })),
    failUnexpectedly: assign({ error: { kind: 'unknown' } as SessionError }),
    /** spec point 8: unexpected failures are reported; a no-op here, bound by provideReporting (error-reporting.ts) */
    reportError: (_, _params: { error: unknown }) => undefined,
    announceSignedIn: emit(({ context }) => ({
      type: 'session.signedIn' as const,
      language: context.claims?.language ?? null,
    })),
    announceSignedOut: emit({ type: 'session.signedOut' } as const),
    announceRenewed: emit(({ context }) => ({
      type: 'session.renewed' as const,
      language: context.claims?.language ?? null,
    })),
    announceRenewFailed: emit({ type: 'session.renewFailed' } as const),
  },
  guards: {
    hasStoredCredentials: (_, params: { stored: StoredCredentials | null }) => params.stored !== null,
    isUnauthorized: (_, params: { error: unknown }) => isUnauthorizedError(params.error),
    noAnswer: (_, params: { error: unknown }) => isNoAnswer(params.error),
    isUnexpectedLoginError: (_, params: { error: unknown }) => toLoginError(params.error).kind === 'unknown',
    /** the backend has no POST token/revoke/: asking it would only delay the sign-out */
    withoutRevoke: ({ event }) => event.type === 'session.logout' && event.revoke === false,
  },
  delays: {
    accessTokenExpiry: ({ context }) => msUntilAccessExpiry(context.tokens),
    /** a revoke that hangs must not keep the customer signed in: the client forgets regardless */
    revokeTimeout: 5000,
    /** from here on the screen says that it is taking longer and offers Cancel */
    slowAnswer: SLOW_ANSWER_MS,
    serverRetry: 10_000,
  },
}).createMachine({
  id: 'session',
  context: { tokens: null, claims: null, remember: false, error: null },
  initial: 'restoring',
  states: {
    restoring: {
      description:
        'A full-page spinner says "Checking your session…" while a remembered sign-in is looked for and renewed; neither the login screen nor the portal shows yet.',
      tags: 'inProgress',
      initial: 'readingCredentials',
      states: {
        readingCredentials: {
          description:
            'The full-page spinner "Checking your session…" shows while the browser\'s remembered sign-in is read.',
          invoke: {
            id: 'readStoredCredentials',
            src: 'readStoredCredentials',
            onDone: [
              {
                guard: { type: 'hasStoredCredentials', params: ({ event }) => ({ stored: event.output }) },
                target: 'refreshing',
                actions: {
                  type: 'restoreRememberChoice',
                  params: ({ event }) => ({ stored: event.output! }),
                },
              },
              { target: '#session.new' },
            ],
            onError: { target: '#session.new' },
          },
        },
        refreshing: {
          description:
            'The full-page spinner stays while the server renews the remembered sign-in; if it does, the portal opens at the page that was asked for.',
          initial: 'waiting',
          states: {
            waiting: {
              description: 'The full-page spinner says "Checking your session…".',
              after: { slowAnswer: 'slow' },
            },
            slow: {
              description:
                'The full-page spinner says that checking the session is taking longer than usual and offers Cancel; the answer is still awaited.',
              on: {
                // Stored credentials stay: the server may only be slow, and "Try again" or a reload uses them.
                'session.cancel': { target: '#session.restoreCancelled' },
              },
            },
          },
          invoke: {
            id: 'restoreRefresh',
            src: 'refreshTokens',
            input: ({ event }) => ({ refresh: storedRefresh(event), cancellable: true }),
            onDone: {
              target: '#session.resolved',
              actions: [
                { type: 'keepSession', params: ({ event }) => ({ signedIn: event.output }) },
                { type: 'storeCredentials', params: ({ context }) => storedOf(context) },
              ],
            },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#session.rejected',
                actions: [
                  'clearStoredCredentials',
                  { type: 'expireSession', params: ({ event }) => ({ error: event.error }) },
                ],
              },
              {
                target: '#session.rejected',
                actions: [
                  'failUnexpectedly',
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                ],
              },
            ],
          },
        },
      },
    },
    new: {
      description:
        'The login screen shows the username and password fields, Remember Me, Log in, and links to reset a password or create an account, with no error.',
      on: {
        'session.login': { target: 'inProgress', actions: ['rememberChoice', 'clearError'] },
      },
    },
    inProgress: {
      description:
        'The login screen\'s Log in button says "Logging in…" while the server checks the username and password.',
      tags: 'inProgress',
      initial: 'waiting',
      states: {
        waiting: {
          description: 'The Log in button is disabled and shows a spinner; the fields keep what was typed.',
          after: { slowAnswer: 'slow' },
        },
        slow: {
          description:
            'Under the disabled Log in button the login screen says that signing in is taking longer than usual, with a Cancel button; the answer is still awaited.',
          on: { 'session.cancel': { target: '#session.signInCancelled' } },
        },
      },
      invoke: {
        id: 'login',
        src: 'login',
        input: ({ event }) => ({
          username: event.type === 'session.login' ? event.username : '',
          password: event.type === 'session.login' ? event.password : '',
        }),
        onDone: {
          target: 'resolved',
          actions: [
            { type: 'keepSession', params: ({ event }) => ({ signedIn: event.output }) },
            { type: 'storeCredentials', params: ({ context }) => storedOf(context) },
            'announceSignedIn',
          ],
        },
        onError: [
          {
            guard: { type: 'isUnexpectedLoginError', params: ({ event }) => ({ error: event.error }) },
            target: 'rejected',
            actions: [
              { type: 'rejectLogin', params: ({ event }) => ({ error: event.error }) },
              { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
            ],
          },
          {
            target: 'rejected',
            actions: { type: 'rejectLogin', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    resolved: {
      description:
        'The customer is signed in and sees the portal; the sign-in renews itself in the background before it runs out.',
      initial: 'active',
      on: {
        'session.logout': [
          {
            guard: 'withoutRevoke',
            description:
              'A backend without the revoke call: the portal forgets the sign-in at once and the login screen shows; the refresh token expires by itself on the server.',
            target: 'new',
            actions: ['forgetSession', 'forgetAccessToken', 'clearStoredCredentials', 'announceSignedOut'],
          },
          { target: 'signingOut' },
        ],
        'session.signedOutElsewhere': {
          target: 'new',
          actions: ['forgetSession', 'forgetAccessToken', 'clearStoredCredentials', 'announceSignedOut'],
        },
        // also while a routine refresh runs: its answer may predate the change that asked for new claims
        'session.renew': { target: '.renewing' },
      },
      states: {
        active: {
          description: 'The portal works as normal.',
          after: { accessTokenExpiry: 'refreshing' },
        },
        waitingForServer: {
          description:
            'The renewal got no answer (the device is offline): the portal stays signed in and works from what it kept, and tries again every 10 seconds.',
          after: { serverRetry: 'refreshing' },
        },
        refreshing: {
          description:
            'The portal works as normal while the sign-in is quietly renewed with the server before it runs out.',
          invoke: {
            id: 'refreshTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({ refresh: context.tokens?.refresh ?? '' }),
            onDone: {
              target: 'active',
              actions: [
                { type: 'keepSession', params: ({ event }) => ({ signedIn: event.output }) },
                { type: 'storeCredentials', params: ({ context }) => storedOf(context) },
              ],
            },
            onError: [
              // offline (a cold room): the buyer stays signed in and keeps working from what was kept
              {
                guard: { type: 'noAnswer', params: ({ event }) => ({ error: event.error }) },
                target: 'waitingForServer',
              },
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#session.rejected',
                actions: [
                  'forgetSession',
                  'forgetAccessToken',
                  'clearStoredCredentials',
                  { type: 'expireSession', params: ({ event }) => ({ error: event.error }) },
                  'announceSignedOut',
                ],
              },
              {
                // Stored credentials stay: a reload may restore the session once the server answers again.
                target: '#session.rejected',
                actions: [
                  'forgetSession',
                  'forgetAccessToken',
                  'failUnexpectedly',
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                  'announceSignedOut',
                ],
              },
            ],
          },
        },
        renewing: {
          description:
            'The portal stays as it is while the sign-in is renewed so that a changed setting (such as the language) takes effect; the language change waits for it.',
          invoke: {
            id: 'renewTokens',
            src: 'refreshTokens',
            input: ({ context }) => ({ refresh: context.tokens?.refresh ?? '' }),
            onDone: {
              target: 'active',
              actions: [
                { type: 'keepSession', params: ({ event }) => ({ signedIn: event.output }) },
                { type: 'storeCredentials', params: ({ context }) => storedOf(context) },
                'announceRenewed',
              ],
            },
            onError: [
              {
                guard: { type: 'isUnauthorized', params: ({ event }) => ({ error: event.error }) },
                target: '#session.rejected',
                actions: [
                  'forgetSession',
                  'forgetAccessToken',
                  'clearStoredCredentials',
                  { type: 'expireSession', params: ({ event }) => ({ error: event.error }) },
                  'announceRenewFailed',
                  'announceSignedOut',
                ],
              },
              {
                // The old tokens still work: the customer stays signed in with the old claims.
                target: 'active',
                actions: [
                  { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
                  'announceRenewFailed',
                ],
              },
            ],
          },
        },
      },
    },
    signingOut: {
      description:
        'A full-page spinner says "Signing out…" while the server ends the session (at most five seconds); then the login screen shows.',
      // Spec point 4: a sign-out ends the session on the server too, then here. A failed or
      // slow revoke still signs out: the refresh token is forgotten and expires by itself.
      tags: 'inProgress',
      invoke: {
        id: 'revokeSession',
        src: 'revokeSession',
        input: ({ context }) => ({ refresh: context.tokens?.refresh ?? '' }),
        onDone: {
          target: 'new',
          actions: ['forgetSession', 'forgetAccessToken', 'clearStoredCredentials', 'announceSignedOut'],
        },
        onError: {
          target: 'new',
          actions: ['forgetSession', 'forgetAccessToken', 'clearStoredCredentials', 'announceSignedOut'],
        },
      },
      after: {
        revokeTimeout: {
          target: 'new',
          actions: ['forgetSession', 'forgetAccessToken', 'clearStoredCredentials', 'announceSignedOut'],
        },
      },
    },
    signInCancelled: {
      description:
        'The login screen says that signing in was cancelled; the username, password and Remember Me keep what was typed, and Log in works again.',
      on: {
        'session.login': { target: 'inProgress', actions: ['rememberChoice', 'clearError'] },
        'session.logout': { target: 'new' },
      },
    },
    restoreCancelled: {
      description:
        'The login screen says that checking the remembered sign-in was cancelled and offers Try again; the remembered sign-in is kept, and logging in with username and password works too.',
      on: {
        'session.retry': { target: 'restoring' },
        'session.login': { target: 'inProgress', actions: ['rememberChoice', 'clearError'] },
        'session.logout': { target: 'new' },
      },
    },
    rejected: {
      description:
        'The login screen shows with a red banner saying why: wrong username or password, an inactive account, too many attempts (wait and retry), an expired session, or an unknown error. The customer may log in again.',
      on: {
        'session.login': { target: 'inProgress', actions: ['rememberChoice', 'clearError'] },
        // registration resolves the session to "no credentials" (spec point 4): the old banner goes
        'session.logout': { target: 'new', actions: 'clearError' },
      },
    },
  },
});

export type SessionActorRef = ActorRefFrom<typeof sessionMachine>;

/** The session with the API client's calls and the error reporter bound (composition root). */
export const bindSession = ({ api }: Ports) =>
  provideReporting(
    sessionMachine.provide({
      actors: {
        readStoredCredentials: fromPromise<StoredCredentials | null, void>(async () =>
          browserCredentialStore.read(),
        ),
        refreshTokens: fromPromise<SignedIn, RefreshInput>(({ input, signal }) =>
          refreshSharedSession(
            browserCredentialStore,
            (token) => {
              if (!input.cancellable) return api.refresh(token);
              // cancelled while another tab held the refresh lock: no request at all
              signal.throwIfAborted();
              return api.refresh(token, { signal });
            },
            input.refresh,
          ),
        ),
        login: fromPromise<SignedIn, LoginCredentials>(({ input, signal }) =>
          api.login({ username: input.username, password: input.password }, { signal }),
        ),
        revokeSession: fromPromise<void, { refresh: string }>(({ input, signal }) =>
          api.revokeSession(input.refresh, { signal }),
        ),
      },
      actions: {
        forgetAccessToken: () => api.signOut(),
        storeCredentials: (_, stored: StoredCredentials | null) => {
          if (stored) browserCredentialStore.write(stored);
        },
        clearStoredCredentials: () => browserCredentialStore.clear(),
      },
    }),
    api,
  );
