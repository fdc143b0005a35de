/** Limits of a throttled request kind, for example password-reset requests per e-mail and per address. */
export interface RateLimitRule {
  limit: number;
  windowMs: number;
}

export interface RateLimit {
  /**
   * Counts one request against each of the given keys (each with its rule), unless one of them is
   * already at its limit: then nothing is counted and the answer is the seconds to wait (else 0).
   */
  take(keys: readonly (readonly [string, RateLimitRule])[]): number;
}

const SWEEP_ABOVE_KEYS = 10_000;

/** Sliding-window request counters in memory (one server process), on the injected clock. */
export function createRateLimit(now: () => Date): RateLimit {
  const hits = new Map<string, number[]>();
  const recent = (key: string, windowMs: number, at: number) => {
    const kept = (hits.get(key) ?? []).filter((time) => time > at - windowMs);
    if (kept.length) hits.set(key, kept);
    else hits.delete(key);
    return kept;
  };
  return {
    take(keys) {
      const at = now().getTime();
      if (hits.size > SWEEP_ABOVE_KEYS)
        for (const key of [...hits.keys()]) recent(key, Math.max(...keys.map(([, r]) => r.windowMs)), at);
      let waitMs = 0;
      for (const [key, rule] of keys) {
        const times = recent(key, rule.windowMs, at);
        if (times.length >= rule.limit) {
          const freeing = times[times.length - rule.limit] ?? at;
          waitMs = Math.max(waitMs, freeing + rule.windowMs - at, 1);
        }
      }
      if (waitMs > 0) return Math.ceil(waitMs / 1000);
      for (const [key, rule] of keys) hits.set(key, [...recent(key, rule.windowMs, at), at]);
      return 0;
    },
  };
}
