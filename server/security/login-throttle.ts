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

export interface LoginThrottle {
  /** seconds until a sign-in for this username from this address may be tried again; 0 when it may now */
  retryAfterSeconds(username: string, address: string): number;
  recordFailure(username: string, address: string): void;
  /** a correct password clears the username's failures (the address keeps its count) */
  recordSuccess(username: string): void;
}

const SWEEP_ABOVE_KEYS = 10_000;

/** Sliding-window counters in memory: enough for one server process. */
export function createLoginThrottle(limits: ThrottleLimits, now: () => Date): LoginThrottle {
  const failures = new Map<string, number[]>();
  const userKey = (username: string) => `user:${username.toLowerCase()}`;
  const addressKey = (address: string) => `addr:${address}`;

  const recent = (key: string, at: number) => {
    const kept = (failures.get(key) ?? []).filter((time) => time > at - limits.windowMs);
    if (kept.length) failures.set(key, kept);
    else failures.delete(key);
    return kept;
  };

  const waitMs = (key: string, limit: number, at: number) => {
    const times = recent(key, at);
    if (times.length < limit) return 0;
    // Blocked until enough of the failures have left the window to fall below the limit.
    const freeing = times[times.length - limit] ?? at;
    return freeing + limits.windowMs - at;
  };

  return {
    retryAfterSeconds(username, address) {
      const at = now().getTime();
      const wait = Math.max(
        waitMs(userKey(username), limits.perUsername, at),
        waitMs(addressKey(address), limits.perAddress, at),
      );
      return wait > 0 ? Math.ceil(wait / 1000) : 0;
    },
    recordFailure(username, address) {
      const at = now().getTime();
      if (failures.size > SWEEP_ABOVE_KEYS) for (const key of [...failures.keys()]) recent(key, at);
      for (const key of [userKey(username), addressKey(address)]) failures.set(key, [...recent(key, at), at]);
    },
    recordSuccess(username) {
      failures.delete(userKey(username));
    },
  };
}
