import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../server/db/schema';
import type { RetentionPurge } from '../../server/maintenance/retention';
import { runRetention, startRetentionJob } from '../../server/maintenance/retention-job';

// The schedule is tested with stand-in purges; retention.test.ts runs the real ones on both engines.
const db = {} as Kysely<Database>;
const quiet = { log: vi.fn(), warn: vi.fn() };

beforeEach(() => {
  vi.useFakeTimers();
  quiet.log.mockClear();
  quiet.warn.mockClear();
});
afterEach(() => {
  vi.useRealTimers();
});

const counting = (rows: string, deleted = 0) => {
  const purge = vi.fn(async () => deleted);
  return { rows, purge } satisfies RetentionPurge;
};

describe('startRetentionJob', () => {
  it('runs once shortly after start, then every hour, and not after stop', async () => {
    const families = counting('refresh-token families');
    const job = startRetentionJob({
      db,
      purges: [families],
      firstAfterMs: 60_000,
      everyMs: 3_600_000,
      log: quiet,
    });
    await vi.advanceTimersByTimeAsync(59_000);
    expect(families.purge).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(families.purge).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(families.purge).toHaveBeenCalledTimes(2);
    await job.stop();
    await vi.advanceTimersByTimeAsync(10 * 3_600_000);
    expect(families.purge).toHaveBeenCalledTimes(2);
  });

  it('lets stop wait for the batch in progress and tells the purge to go no further', async () => {
    let finishBatch = () => {};
    const toldToGoOn: boolean[] = [];
    const slow: RetentionPurge = {
      rows: 'error reports',
      purge: async (_db, _now, options) => {
        await new Promise<void>((resolve) => {
          finishBatch = resolve;
        });
        toldToGoOn.push(options?.keepGoing?.() ?? true);
        return 3;
      },
    };
    const later = counting('order idempotency keys');
    const job = startRetentionJob({ db, purges: [slow, later], firstAfterMs: 10, log: quiet });
    await vi.advanceTimersByTimeAsync(10);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finishBatch();
    await stopping;
    expect(toldToGoOn).toEqual([false]);
    expect(later.purge).not.toHaveBeenCalled();
  });
});

describe('runRetention', () => {
  it('runs every purge even when one fails, and reports what each deleted', async () => {
    const failing: RetentionPurge = {
      rows: 'password-reset codes',
      purge: async () => {
        throw new Error('database unavailable');
      },
    };
    const reports = counting('error reports', 4);
    const deleted = await runRetention(db, new Date(), [failing, reports], quiet);
    expect(reports.purge).toHaveBeenCalledTimes(1);
    expect([...deleted]).toEqual([['error reports', 4]]);
    expect(quiet.warn).toHaveBeenCalledTimes(1);
    expect(quiet.log).toHaveBeenCalledWith('Retention: deleted 4 error reports.');
  });
});
