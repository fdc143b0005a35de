import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobQueue } from '../../server/imports/job-queue';
import { type JobsHarness, startJobsHarness, testQueue } from './support/import-jobs';

// The standing orders' scheduler is a recurring task of the imports' queue: a pg-boss schedule on
// PostgreSQL (one process a minute), each process's timer on SQLite.
let harness: JobsHarness;
let queue: JobQueue;
beforeEach(async () => {
  harness = await startJobsHarness();
  queue = testQueue(harness.database, harness.db, harness.clock.now);
});
afterEach(async () => {
  await queue.stop();
  await harness.close();
});

// the scratch database follows DATABASE_URL (server/db/scratch-database.ts)
const onPostgres = Boolean(process.env.DATABASE_URL);

describe('a recurring task on the queue', () => {
  it.skipIf(onPostgres)(
    'on SQLite runs at once in this process, and no more once the queue stopped',
    async () => {
      const run = vi.fn(async () => {});
      await queue.every('standing-orders', run);
      await vi.waitFor(() => expect(run).toHaveBeenCalledTimes(1));
      await queue.stop();
      expect(run).toHaveBeenCalledTimes(1);
    },
  );

  it.skipIf(!onPostgres)(
    'on PostgreSQL is a pg-boss schedule every minute, shared by the processes',
    async () => {
      await queue.every('standing-orders', async () => {});
      const second = testQueue(harness.database, harness.db, harness.clock.now);
      await second.every('standing-orders', async () => {});
      await second.stop();
      const schedules = await sql<{
        name: string;
        cron: string;
      }>`select name, cron from pgboss.schedule`.execute(harness.db);
      expect(schedules.rows).toEqual([{ name: 'standing-orders', cron: '* * * * *' }]);
    },
  );
});
