export interface ThrottleLimits {
  /** failed sign-ins allowed per username within the window */
  perUsername: number;
  /** failed sign-ins allowed per client address within the window (an office shares one address) */
  perAddress: number;
  windowMs: number;
}

export const defaultThrottleLimits: ThrottleLimits = {
  perUsername: 5,
  perAddress: 20,
  windowMs: 15 * 60_000,
};

/** A reserved sign-in attempt: exactly one of its two ends must be called once the password is checked. */
export interface LoginAttempt {
  /** a wrong password (or an unknown username): the reservation becomes a counted failure */
  failed(): void;
  /** the right password: the reservation is released, and this address's failures for the username go */
  succeeded(): void;
  /** the check itself failed (a database error): the reservation is released, nothing is counted */
  abandoned(): void;
}

export type ThrottleAnswer =
  | { blocked: true; retryAfterSeconds: number }
  | { blocked: false; attempt: LoginAttempt };

export interface LoginThrottle {
  /**
   * Reserves an attempt for this username from this address, synchronously: attempts still being
   * checked count like failures, so parallel guesses can never check more passwords than the limits.
   */
  begin(username: string, address: string): ThrottleAnswer;
}

const SWEEP_ABOVE_KEYS = 10_000;
/** the wait announced when only attempts still in progress fill the limit */
const IN_FLIGHT_WAIT_SECONDS = 1;

interface Failure {
  at: number;
  /** the address it came from (a username's failures are cleared per address) */
  address: string;
}

/** Sliding-window counters in memory: enough for one server process. */
export function createLoginThrottle(limits: ThrottleLimits, now: () => Date): LoginThrottle {
  const failures = new Map<string, Failure[]>();
  const inFlight = new Map<string, number>();
  const userKey = (username: string) => `user:${username.toLowerCase()}`;
  const addressKey = (address: string) => `addr:${address}`;

  const recent = (key: string, at: number) => {
    const kept = (failures.get(key) ?? []).filter((failure) => failure.at > at - limits.windowMs);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };

  /** ms until one more attempt fits under the limit; 0 when it fits now */
  const waitMs = (key: string, limit: number, at: number) => {
    const times = recent(key, at);
    const pending = inFlight.get(key) ?? 0;
    if (times.length + pending < limit) return 0;
    if (times.length < limit) return IN_FLIGHT_WAIT_SECONDS * 1000;
    // Blocked until enough of the failures have left the window to fall below the limit.
    const freeing = times[times.length - limit]?.at ?? at;
    return Math.max(freeing + limits.windowMs - at, 1);
  };

  const adjustInFlight = (key: string, by: number) => {
    const count = (inFlight.get(key) ?? 0) + by;
    if (count > 0) inFlight.set(key, count);
    else inFlight.delete(key);
  };

  return {
    begin(username, address) {
      const at = now().getTime();
      if (failures.size > SWEEP_ABOVE_KEYS) for (const key of [...failures.keys()]) recent(key, at);
      const keys = [userKey(username), addressKey(address)] as const;
      const wait = Math.max(waitMs(keys[0], limits.perUsername, at), waitMs(keys[1], limits.perAddress, at));
      if (wait > 0) return { blocked: true, retryAfterSeconds: Math.ceil(wait / 1000) };

      for (const key of keys) adjustInFlight(key, 1);
      let settled = false;
      const settle = () => {
        if (settled) return false;
        settled = true;
        for (const key of keys) adjustInFlight(key, -1);
        return true;
      };
      return {
        blocked: false,
        attempt: {
          failed() {
            if (!settle()) return;
            const failure = { at: now().getTime(), address };
            for (const key of keys) failures.set(key, [...recent(key, failure.at), failure]);
          },
          succeeded() {
            if (!settle()) return;
            // Only what this address got wrong is forgiven: failures from elsewhere keep counting.
            const kept = (failures.get(keys[0]) ?? []).filter((failure) => failure.address !== address);
            if (kept.length) failures.set(keys[0], kept);
            else failures.delete(keys[0]);
          },
          abandoned() {
            settle();
          },
        },
      };
    },
  };
}
