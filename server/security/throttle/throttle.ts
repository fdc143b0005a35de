import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { defaultThrottleRules, type ThrottleRules } from './rules';
import { type Bucket, purgeThrottleRows, release, reserve, settleAsFailure } from './store';

/** A reserved credential check: exactly one of its ends is called once the credential is checked. */
export interface CheckAttempt {
  /** the credential was wrong: the reservation becomes a counted failure */
  failed(): Promise<void>;
  /** the credential was right: the reservation goes (for a sign-in, with this address's failures) */
  succeeded(): Promise<void>;
  /** the check itself failed (a database error): the reservation goes, nothing is counted */
  abandoned(): Promise<void>;
}

export type AttemptAnswer =
  | { blocked: true; retryAfterSeconds: number }
  | { blocked: false; attempt: CheckAttempt };

/**
 * Every credential check and every flood-prone request, counted in the database so that all server
 * processes on it share one count. Credential checks count failures only; the requests count each.
 * A request answer is the seconds to wait (429), or 0 when it may go ahead.
 */
export interface Throttle {
  readonly rules: ThrottleRules;
  signIn(username: string, address: string): Promise<AttemptAnswer>;
  changePassword(userId: number): Promise<AttemptAnswer>;
  resetCode(address: string): Promise<AttemptAnswer>;
  resetRequest(email: string, address: string): Promise<number>;
  registration(address: string): Promise<number>;
  errorReport(address: string): Promise<number>;
}

export interface ThrottleTiming {
  /**
   * How long a check waits while its limit is full only of checks still in flight (which may all
   * succeed: a burst of correct sign-ins) before it answers 429 after all.
   */
  inFlightWaitMs: number;
  /** how often it looks again meanwhile (checks in other processes end unseen) */
  pollMs: number;
}

export const defaultThrottleTiming: ThrottleTiming = { inFlightWaitMs: 10_000, pollMs: 50 };

/** the wait announced when only checks still in flight fill the limit */
const IN_FLIGHT_RETRY_SECONDS = 1;
/** now and then a check also deletes what has not counted for a day (buckets no one uses again) */
const PURGE_EVERY = 500;
const PURGE_OLDER_THAN_MS = 24 * 60 * 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createThrottle(
  db: Kysely<Database>,
  now: () => Date,
  rules: ThrottleRules = defaultThrottleRules,
  timing: ThrottleTiming = defaultThrottleTiming,
): Throttle {
  let reservations = 0;
  const purgeNowAndThen = () => {
    reservations += 1;
    if (reservations % PURGE_EVERY !== 0) return;
    purgeThrottleRows(db, new Date(now().getTime() - PURGE_OLDER_THAN_MS)).catch((error: unknown) =>
      console.warn('Purging old throttle rows failed:', error),
    );
  };

  /** Counts a request in every bucket, unless one is full: then the seconds to wait. */
  const take = async (buckets: Bucket[]): Promise<number> => {
    purgeNowAndThen();
    const answer = await reserve(db, buckets, now(), 'hit', null);
    return answer.kind === 'blocked' ? answer.retryAfterSeconds : 0;
  };

  /**
   * Reserves a credential check in every bucket. Reservations count like failures, so parallel
   * guesses never check more credentials than the limits allow; when only reservations fill a
   * limit, it waits for them to end (a correct check frees its place) instead of refusing.
   */
  const begin = async (
    buckets: Bucket[],
    origin: string | null,
    forgive?: { bucket: string; origin: string | null },
  ): Promise<AttemptAnswer> => {
    purgeNowAndThen();
    const deadline = Date.now() + timing.inFlightWaitMs;
    for (;;) {
      const answer = await reserve(db, buckets, now(), 'pending', origin);
      if (answer.kind === 'blocked') return { blocked: true, retryAfterSeconds: answer.retryAfterSeconds };
      if (answer.kind === 'taken') return { blocked: false, attempt: attemptOf(answer.ids, forgive) };
      if (Date.now() >= deadline) return { blocked: true, retryAfterSeconds: IN_FLIGHT_RETRY_SECONDS };
      // spread out, so waiters woken together do not all ask at the same moment again
      await pause(timing.pollMs * (0.5 + Math.random()));
    }
  };

  const attemptOf = (ids: string[], forgive?: { bucket: string; origin: string | null }): CheckAttempt => {
    let settled = false;
    const settle = () => {
      if (settled) return false;
      settled = true;
      return true;
    };
    return {
      async failed() {
        if (settle()) await settleAsFailure(db, ids, now());
      },
      async succeeded() {
        if (settle()) await release(db, ids, forgive);
      },
      async abandoned() {
        if (!settle()) return;
        // Already on an error's way: a reservation that cannot be released expires by itself.
        await release(db, ids).catch(() => {});
      },
    };
  };

  return {
    rules,
    signIn(typed, address) {
      const user = `sign-in:user:${typed.trim().toLowerCase()}`;
      return begin(
        [
          { key: user, rule: rules.signInPerUsername },
          { key: `sign-in:address:${address}`, rule: rules.signInPerAddress },
        ],
        address,
        // only what this address got wrong is forgiven: failures from elsewhere keep counting
        { bucket: user, origin: address },
      );
    },
    changePassword(userId) {
      const user = `change-password:user:${userId}`;
      return begin([{ key: user, rule: rules.changePasswordPerUser }], null, { bucket: user, origin: null });
    },
    resetCode(address) {
      return begin([{ key: `reset-code:address:${address}`, rule: rules.resetCodePerAddress }], null);
    },
    resetRequest(email, address) {
      return take([
        { key: `reset-request:email:${email}`, rule: rules.resetRequestPerEmail },
        { key: `reset-request:address:${address}`, rule: rules.resetRequestPerAddress },
      ]);
    },
    registration(address) {
      return take([
        { key: `registration:address:${address}`, rule: rules.registrationPerAddress },
        { key: 'registration:all', rule: rules.registrationPerMinute },
      ]);
    },
    errorReport(address) {
      return take([
        { key: `error-report:address:${address}`, rule: rules.errorReportPerAddress },
        { key: 'error-report:all', rule: rules.errorReportPerMinute },
      ]);
    },
  };
}
