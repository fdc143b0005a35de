import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AnyMachineSnapshot, createActor } from 'xstate';
import { SLOW_ANSWER_MS } from '../../../src/machines/kernel/slow-answer';
import {
  bindSession,
  msUntilAccessExpiry,
  type RefreshInput,
  type SessionEmitted,
  sessionMachine,
} from '../../../src/machines/session/session.machine';
import {
  selectCancelled,
  selectIsRestoreSlow,
  selectIsRestoring,
  selectIsSignedIn,
  selectIsSignInSlow,
  selectIsSigningIn,
} from '../../../src/machines/session/session.selectors';
import { ApiError, type LoginCredentials, type SignedIn } from '../../../src/services/api';
import { CREDENTIALS_KEY, type StoredCredentials } from '../../../src/services/storage';
import { someClaims } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { fakeTokenPair } from '../../../src/test/jwt';
import { MemoryStorage } from '../../../src/test/memoryStorage';
import { assertExecutorsFor, type ModelEvent, modelFor } from '../../../src/test/modelFor';
import { testPorts } from '../../../src/test/ports';
import { pathsToWalk } from '../../../src/test/walk';

// Rotated tokens live longer, so the timer after a refresh does not fire at once.
const firstSession: SignedIn = {
  tokens: fakeTokenPair({ marker: 'first' }),
  claims: someClaims({ language: 'en' }),
};
const rotatedSession: SignedIn = {
  tokens: fakeTokenPair({ marker: 'rotated', accessExpiresIn: 3600 }),
  claims: someClaims({ language: 'en' }),
};
// After a language change the refresh answers the new language claim.
const renewedSession: SignedIn = {
  tokens: fakeTokenPair({ marker: 'renewed', accessExpiresIn: 3600 }),
  claims: someClaims({ language: 'de' }),
};
const stored: StoredCredentials = { refresh: fakeTokenPair({ marker: 'stored' }).refresh, remember: true };

const httpError = (
  status: number,
  body: { detail?: string; code?: string } = {},
  retryAfterSeconds?: number,
) =>
  new ApiError(
    {
      kind: 'http',
      call: 'POST token/',
      status,
      detail: body.detail ?? null,
      code: body.code ?? null,
      retryAfterSeconds,
    },
    `HTTP ${status}`,
  );
const networkError = new ApiError({ kind: 'network', call: 'POST token/refresh/' }, 'no answer');

// The model walks the chart itself (its defaults are no-ops); storage, sign-out and reporting are
// exercised by the system under test, which runs the bound session.
const modelMachine = sessionMachine;

const model = modelFor(modelMachine, {
  events: [
    { type: 'session.login', username: 'buyer', password: 'buyer123', remember: true },
    { type: 'session.login', username: 'buyer', password: 'buyer123', remember: false },
    { type: 'xstate.done.actor.readStoredCredentials', output: null },
    { type: 'xstate.done.actor.readStoredCredentials', output: stored },
    { type: 'xstate.error.actor.readStoredCredentials', error: new Error('storage blocked') },
    { type: 'xstate.done.actor.restoreRefresh', output: firstSession },
    {
      type: 'xstate.error.actor.restoreRefresh',
      error: httpError(401, { detail: 'Token is invalid or expired' }),
    },
    { type: 'xstate.error.actor.restoreRefresh', error: networkError },
    // deactivated while away: the restore ends with the inactive message and forgets the credentials
    {
      type: 'xstate.error.actor.restoreRefresh',
      error: httpError(403, { detail: 'This account is inactive.', code: 'inactive_user' }),
    },
    { type: 'xstate.done.actor.login', output: firstSession },
    { type: 'xstate.error.actor.login', error: httpError(401, { detail: 'No active account found' }) },
    {
      type: 'xstate.error.actor.login',
      error: httpError(403, { detail: 'Inactive', code: 'inactive_user' }),
    },
    { type: 'xstate.error.actor.login', error: httpError(429, { detail: 'Too many attempts' }, 30) },
    { type: 'xstate.error.actor.login', error: httpError(500) },
    { type: 'xstate.done.actor.refreshTokens', output: rotatedSession },
    { type: 'xstate.error.actor.refreshTokens', error: httpError(401) },
    { type: 'xstate.error.actor.refreshTokens', error: networkError },
    // a server that answers with a failure (not offline): the session ends, the credentials stay
    { type: 'xstate.error.actor.refreshTokens', error: httpError(500) },
    // the account was deactivated since sign-in: its open session ends with the inactive message
    {
      type: 'xstate.error.actor.refreshTokens',
      error: httpError(403, { detail: 'This account is inactive.', code: 'inactive_user' }),
    },
    { type: 'session.renew' },
    { type: 'xstate.done.actor.renewTokens', output: renewedSession },
    { type: 'xstate.error.actor.renewTokens', error: httpError(401) },
    { type: 'xstate.error.actor.renewTokens', error: networkError },
    { type: 'session.logout' },
    // a backend without the revoke call: the view says so and the session is only forgotten here
    { type: 'session.logout', revoke: false },
    { type: 'xstate.done.actor.revokeSession' },
    { type: 'xstate.error.actor.revokeSession', error: networkError },
  ],
  // the guards read only events (stored credentials, a call's error, the logout's `revoke`)
  serializeState: (s) => JSON.stringify(s.value),
});
const paths = model.getShortestPaths();
const walked = pathsToWalk('session', modelMachine, paths);

function createSut() {
  const read = controllableActor<StoredCredentials | null, void>();
  const refresh = controllableActor<SignedIn, RefreshInput>();
  const login = controllableActor<SignedIn, LoginCredentials>();
  const revoke = controllableActor<void, { refresh: string }>();
  const api = { signOut: vi.fn() };
  const reportError = vi.fn();
  const machine = bindSession(testPorts(api)).provide({
    actors: {
      readStoredCredentials: read.logic,
      refreshTokens: refresh.logic,
      login: login.logic,
      revokeSession: revoke.logic,
    },
    actions: { reportError },
  });
  const actor = createActor(machine);
  const emitted: SessionEmitted['type'][] = [];
  actor.on('*', (event) => emitted.push(event.type));
  actor.start();
  return {
    actor,
    read,
    refresh,
    login,
    revoke,
    api,
    reportError,
    emitted,
    lastSignedIn: null as SignedIn | null,
    /** Remember Me as the customer last chose it (or as the stored sign-in says) */
    remember: false,
    /** the banner the last failed login or refresh should leave */
    lastError: null as ReturnType<typeof expectedError> | null,
    /** failures nobody can act on (the banner's "unknown"): each one is reported */
    unexpectedFailures: 0,
  };
}

let local: MemoryStorage;
let tab: MemoryStorage;
let sut: ReturnType<typeof createSut>;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  local = new MemoryStorage();
  tab = new MemoryStorage();
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('sessionStorage', tab);
});
afterEach(() => {
  sut?.actor.stop();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const flush = () => vi.advanceTimersByTimeAsync(0);
const noteFailure = (error: ReturnType<typeof expectedError>) => {
  sut.lastError = error;
  if (error.kind === 'unknown') sut.unexpectedFailures += 1;
};
const payload = (step: { event: { type: string } }) => step.event as ModelEvent;
const send = (step: { event: { type: string } }) => {
  sut.actor.send(step.event as never);
};
const answer =
  (which: 'read' | 'refresh' | 'login' | 'revoke', outcome: 'resolve' | 'reject') =>
  async (step: { event: { type: string } }) => {
    const call = sut[which].next();
    if (outcome === 'resolve') {
      call.resolve(payload(step).output as never);
      if (which === 'refresh' || which === 'login') sut.lastSignedIn = payload(step).output as SignedIn;
      const found = payload(step).output as StoredCredentials | null;
      if (which === 'read' && found) sut.remember = found.remember;
    } else {
      call.reject(payload(step).error);
      if (which === 'refresh' || which === 'login') noteFailure(expectedError(which, payload(step).error));
    }
    await flush();
  };
/** A renew cancels a routine refresh that was still running: the newest call is the renew's. */
const answerRenew = (outcome: 'resolve' | 'reject') => async (step: { event: { type: string } }) => {
  const call = sut.refresh.calls.splice(0).at(-1);
  if (!call) throw new Error('the renew did not call refresh');
  if (outcome === 'resolve') {
    call.resolve(payload(step).output as SignedIn);
    sut.lastSignedIn = payload(step).output as SignedIn;
  } else {
    call.reject(payload(step).error);
    noteFailure(expectedError('refresh', payload(step).error));
  }
  await flush();
};
/** The slow message appears at SLOW_ANSWER_MS, not a millisecond earlier. */
const slowAfter = (isSlow: () => boolean) => async () => {
  await vi.advanceTimersByTimeAsync(SLOW_ANSWER_MS - 1);
  expect(isSlow(), 'not slow before SLOW_ANSWER_MS').toBe(false);
  await vi.advanceTimersByTimeAsync(1);
};
const executors = {
  'session.login': (step: { event: { type: string } }) => {
    sut.remember = payload(step).remember as boolean;
    send(step);
  },
  // Cancel stops the invoked call: its abort signal fires (the fetch is given that signal)
  'session.cancel': async (step: { event: { type: string } }) => {
    const pending = sut.actor.getSnapshot().matches('restoring') ? sut.refresh : sut.login;
    send(step);
    const call = pending.calls.shift();
    expect(call?.signal.aborted, 'the cancelled call is aborted').toBe(true);
    await flush();
  },
  'session.retry': send,
  'xstate.after.slowAnswer.session.inProgress.waiting': slowAfter(() =>
    selectIsSignInSlow(sut.actor.getSnapshot()),
  ),
  'xstate.after.slowAnswer.session.restoring.refreshing.waiting': slowAfter(() =>
    selectIsRestoreSlow(sut.actor.getSnapshot()),
  ),
  'session.renew': send,
  'xstate.done.actor.renewTokens': answerRenew('resolve'),
  'xstate.error.actor.renewTokens': answerRenew('reject'),
  'session.logout': async (step: { event: { type: string } }) => {
    const revokes = sut.revoke.calls.length;
    send(step);
    await flush();
    const asked = sut.revoke.calls.length > revokes;
    expect(asked && payload(step).revoke === false, 'no revoke call without the capability').toBe(false);
  },
  // another tab signed out: this one forgets the session without a call of its own
  'session.signedOutElsewhere': async (step: { event: { type: string } }) => {
    const revokes = sut.revoke.calls.length;
    send(step);
    await flush();
    expect(sut.revoke.calls).toHaveLength(revokes);
    expect(sut.api.signOut).toHaveBeenCalled();
  },
  'xstate.done.actor.readStoredCredentials': answer('read', 'resolve'),
  'xstate.error.actor.readStoredCredentials': answer('read', 'reject'),
  'xstate.done.actor.restoreRefresh': answer('refresh', 'resolve'),
  'xstate.error.actor.restoreRefresh': answer('refresh', 'reject'),
  'xstate.done.actor.login': answer('login', 'resolve'),
  'xstate.error.actor.login': answer('login', 'reject'),
  'xstate.done.actor.refreshTokens': answer('refresh', 'resolve'),
  'xstate.error.actor.refreshTokens': answer('refresh', 'reject'),
  'xstate.done.actor.revokeSession': answer('revoke', 'resolve'),
  'xstate.error.actor.revokeSession': answer('revoke', 'reject'),
  // a revoke that never answers: the customer is signed out after 5 s all the same
  'xstate.after.revokeTimeout.session.signingOut': async () => {
    await vi.advanceTimersByTimeAsync(4999);
    expect(sut.actor.getSnapshot().matches('signingOut'), 'not before 5 s').toBe(true);
    await vi.advanceTimersByTimeAsync(1);
  },
  // offline: the renewal is tried again 10 s later, the buyer still signed in meanwhile
  'xstate.after.serverRetry.session.resolved.waitingForServer': async () => {
    await vi.advanceTimersByTimeAsync(9999);
    expect(sut.actor.getSnapshot().matches({ resolved: 'waitingForServer' }), 'not before 10 s').toBe(true);
    await vi.advanceTimersByTimeAsync(1);
  },
  'xstate.after.accessTokenExpiry.session.resolved.active': async () => {
    const wait = msUntilAccessExpiry(sut.actor.getSnapshot().context.tokens);
    await vi.advanceTimersByTimeAsync(wait - 1);
    expect(sut.actor.getSnapshot().matches({ resolved: 'active' }), 'not before exp').toBe(true);
    await vi.advanceTimersByTimeAsync(1);
  },
};
assertExecutorsFor(walked, executors);

const storedRaw = () => ({ local: local.getItem(CREDENTIALS_KEY), tab: tab.getItem(CREDENTIALS_KEY) });

/**
 * The banner a failed call leaves (an oracle independent of the chart: the spec's wording of each
 * failure, by the call that failed and the server's answer).
 */
function expectedError(call: 'login' | 'refresh', error: unknown) {
  const http = error instanceof ApiError && error.kind === 'http' ? error : null;
  if (http?.code === 'inactive_user') return { kind: 'inactiveUser' };
  if (call === 'refresh') return http?.status === 401 ? { kind: 'sessionExpired' } : { kind: 'unknown' };
  if (http?.status === 401) return { kind: 'invalidCredentials' };
  if (http?.status === 429) return { kind: 'throttled', retryAfterSeconds: http.retryAfterSeconds };
  return { kind: 'unknown' };
}

/**
 * What the views and the shell notice: the state, and whose session it is. The model's key holds only
 * the state (no guard reads the context), so the session is checked against the last answer the system
 * under test actually received, not against the model's snapshot.
 */
function sameAsModel(expected: AnyMachineSnapshot) {
  const actual = sut.actor.getSnapshot();
  expect(actual.value).toEqual(expected.value);
  const signedIn = actual.matches('resolved') || actual.matches('signingOut');
  expect(actual.context).toMatchObject(
    signedIn
      ? { tokens: sut.lastSignedIn?.tokens, claims: sut.lastSignedIn?.claims }
      : { tokens: null, claims: null },
  );
}

/** Short test names: the event types with the payload detail that tells paths apart. */
function describePath(path: { state: AnyMachineSnapshot; steps: Array<{ event: { type: string } }> }) {
  const label = (event: ModelEvent) => {
    const type = event.type.replace('xstate.', '').replace('.actor.', ' ');
    if (event.type === 'session.login') return `login(remember=${event.remember})`;
    if ('error' in event) {
      const error = event.error as Partial<ApiError>;
      return `${type}(${error.status ?? error.kind ?? 'Error'}${error.code ? ` ${error.code}` : ''})`;
    }
    if (event.type.endsWith('readStoredCredentials') && 'output' in event)
      return `${type}(${event.output ? 'found' : 'none'})`;
    return type.replace(/^after\.(\w+)\..*/, 'after $1');
  };
  const target = JSON.stringify(path.state.value).replace(/"/g, '');
  return `${target} ← ${path.steps
    .slice(1)
    .map((s) => label(s.event as ModelEvent))
    .join(' → ')}`;
}

describe('session machine (model-based)', () => {
  it.each(walked.map((p) => [describePath(p), p] as const))('%s', async (_name, path) => {
    sut = createSut();
    await path.test({
      events: executors,
      states: {
        'restoring.readingCredentials': (s) => {
          sameAsModel(s);
          expect(selectIsRestoring(sut.actor.getSnapshot())).toBe(true);
          expect(sut.actor.getSnapshot().hasTag('inProgress')).toBe(true);
        },
        'restoring.refreshing': (s) => {
          sameAsModel(s);
          // the restore is the one refresh that may be cancelled (nothing else waits for its token)
          expect(sut.refresh.calls[0]?.input).toEqual({ refresh: stored.refresh, cancellable: true });
        },
        'restoring.refreshing.waiting': () => {
          expect(selectIsRestoreSlow(sut.actor.getSnapshot())).toBe(false);
        },
        'restoring.refreshing.slow': () => {
          expect(selectIsRestoreSlow(sut.actor.getSnapshot())).toBe(true);
          expect(selectIsRestoring(sut.actor.getSnapshot())).toBe(true);
          expect(sut.refresh.calls[0]?.signal.aborted).toBe(false);
        },
        new: (s) => {
          sameAsModel(s);
          expect(selectIsSignedIn(sut.actor.getSnapshot())).toBe(false);
          expect(storedRaw()).toEqual({ local: null, tab: null });
        },
        inProgress: (s) => {
          sameAsModel(s);
          expect(sut.actor.getSnapshot().context.error).toBeNull(); // the banner clears when login starts
          expect(selectIsSigningIn(sut.actor.getSnapshot())).toBe(true);
          expect(sut.login.calls.at(-1)?.input).toMatchObject({ username: 'buyer', password: 'buyer123' });
          expect(JSON.stringify(sut.actor.getSnapshot().context)).not.toContain('buyer123');
        },
        'inProgress.waiting': () => {
          expect(selectIsSignInSlow(sut.actor.getSnapshot())).toBe(false);
        },
        'inProgress.slow': () => {
          expect(selectIsSignInSlow(sut.actor.getSnapshot())).toBe(true);
          expect(selectIsSigningIn(sut.actor.getSnapshot())).toBe(true);
          expect(sut.login.calls.at(-1)?.signal.aborted).toBe(false);
        },
        signInCancelled: (s) => {
          sameAsModel(s);
          expect(selectCancelled(sut.actor.getSnapshot())).toBe('signIn');
          expect(selectIsSignedIn(sut.actor.getSnapshot())).toBe(false);
          expect(sut.login.calls).toHaveLength(0);
        },
        restoreCancelled: (s) => {
          sameAsModel(s);
          expect(selectCancelled(sut.actor.getSnapshot())).toBe('restore');
          expect(selectIsSignedIn(sut.actor.getSnapshot())).toBe(false);
          expect(sut.refresh.calls).toHaveLength(0);
        },
        resolved: (s) => {
          sameAsModel(s);
          expect(selectIsSignedIn(sut.actor.getSnapshot())).toBe(true);
          // kept where Remember Me said: for good, or for this tab only
          const expected = JSON.stringify({ version: 2, refresh: sut.lastSignedIn?.tokens.refresh });
          expect(storedRaw()).toEqual(
            sut.remember ? { local: expected, tab: null } : { local: null, tab: expected },
          );
        },
        'resolved.refreshing': (s) => {
          sameAsModel(s);
          expect(sut.refresh.calls.at(-1)?.input).toEqual({
            refresh: sut.actor.getSnapshot().context.tokens?.refresh,
          });
        },
        'resolved.waitingForServer': (s) => {
          sameAsModel(s);
          // no answer is no verdict: the buyer stays signed in, the credentials stay stored
          expect(selectIsSignedIn(sut.actor.getSnapshot())).toBe(true);
          expect(storedRaw().local ?? storedRaw().tab).toContain(
            sut.actor.getSnapshot().context.tokens?.refresh,
          );
        },
        'resolved.renewing': (s) => {
          sameAsModel(s);
          expect(sut.refresh.calls.at(-1)?.input.refresh).toBe(
            sut.actor.getSnapshot().context.tokens?.refresh,
          );
        },
        signingOut: (s) => {
          sameAsModel(s);
          // the server ends the session first; the credentials are forgotten only after its answer
          expect(sut.revoke.calls.at(-1)?.input.refresh).toBe(
            sut.actor.getSnapshot().context.tokens?.refresh,
          );
          expect(storedRaw().local ?? storedRaw().tab).toContain(
            sut.actor.getSnapshot().context.tokens?.refresh,
          );
          expect(sut.api.signOut).not.toHaveBeenCalled();
        },
        rejected: (s) => {
          sameAsModel(s);
          expect(selectIsSignedIn(sut.actor.getSnapshot())).toBe(false);
          expect(sut.lastError).not.toBeNull();
          expect(sut.actor.getSnapshot().context.error).toMatchObject(sut.lastError!);
          expect(sut.reportError).toHaveBeenCalledTimes(sut.unexpectedFailures);
          // a session the server ended (expired, or the account deactivated) leaves no credentials behind
          const ended = ['sessionExpired', 'inactiveUser'].includes(sut.lastError!.kind);
          const kept = storedRaw().local !== null || storedRaw().tab !== null;
          expect(ended && kept, 'credentials kept after the session ended').toBe(false);
        },
      },
    });
  });
});
