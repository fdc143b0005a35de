import { describe, expect, it } from 'vitest';
import { readServerConfig } from '../../server/config';
import { retryDelayMs } from '../../server/webhooks/retry-backoff';

describe('webhook settings', () => {
  it('default to 10 tries, a 5 s first pause, a 10 s timeout and a 250 ms poll', () => {
    expect(readServerConfig({}).webhooks).toEqual({
      maxAttempts: 10,
      backoffBaseMs: 5_000,
      timeoutMs: 10_000,
      pollMs: 250,
    });
  });

  it('are read from WEBHOOK_*', () => {
    const config = readServerConfig({
      WEBHOOK_MAX_ATTEMPTS: '3',
      WEBHOOK_BACKOFF_BASE_MS: '1000',
      WEBHOOK_TIMEOUT_MS: '2500',
      WEBHOOK_POLL_MS: '50',
    });
    expect(config.webhooks).toEqual({ maxAttempts: 3, backoffBaseMs: 1_000, timeoutMs: 2_500, pollMs: 50 });
  });

  it('refuse a value that is no positive whole number, naming the variable', () => {
    for (const name of [
      'WEBHOOK_MAX_ATTEMPTS',
      'WEBHOOK_BACKOFF_BASE_MS',
      'WEBHOOK_TIMEOUT_MS',
      'WEBHOOK_POLL_MS',
    ])
      for (const value of ['0', '-5', '1.5', 'ten'])
        expect(() => readServerConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
  });

  it('refuse a first pause longer than the hour every pause is capped at', () => {
    expect(readServerConfig({ WEBHOOK_BACKOFF_BASE_MS: '3600000' }).webhooks.backoffBaseMs).toBe(3_600_000);
    expect(() => readServerConfig({ WEBHOOK_BACKOFF_BASE_MS: '3600001' })).toThrow(
      /WEBHOOK_BACKOFF_BASE_MS.*hour/,
    );
  });
});

describe('the pause between tries', () => {
  it('doubles with each failed try, between half and all of it, and never exceeds an hour', () => {
    const longest = (tries: number) => retryDelayMs(tries, 5_000, () => 1);
    const shortest = (tries: number) => retryDelayMs(tries, 5_000, () => 0);
    expect([1, 2, 3, 4, 9].map(longest)).toEqual([5_000, 10_000, 20_000, 40_000, 1_280_000]);
    expect([1, 2, 3].map(shortest)).toEqual([2_500, 5_000, 10_000]);
    expect(longest(11)).toBe(3_600_000);
    expect(longest(1_000)).toBe(3_600_000);
    expect(shortest(1_000)).toBe(1_800_000);
  });
});
