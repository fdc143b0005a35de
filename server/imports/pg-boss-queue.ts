import type { Kysely } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/schema';
import { jobsToRun, STALE_HEARTBEAT_MS } from './job-queries';
import type { JobQueue } from './job-queue';

const QUEUE = 'import-jobs';

export interface PgBossQueueOptions {
  connectionString: string;
  db: Kysely<Database>;
  now?: () => Date;
  /** how often the table is swept for jobs whose process died (or whose send was lost) */
  sweepMs?: number;
  pollingIntervalSeconds?: number;
  log?: Pick<Console, 'warn' | 'error'>;
}

/**
 * The queue of a PostgreSQL server: pg-boss (schema `pgboss` in the same database), so a job posted
 * to one process is run by whichever process fetches it first. One entry per job at a time
 * (`singletonKey`: the job id, the "short" policy keeps one queued entry per key). pg-boss retries
 * a run that threw; a run whose process died is found by the sweep (a stale heartbeat in
 * import_jobs) and sent again, long before pg-boss's own expiry would notice.
 */
export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private started: Promise<void> | undefined;
  private sweeper: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: PgBossQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.connectionString,
      schema: 'pgboss',
      max: 3,
      application_name: 'portal-import-jobs',
      // the recurring tasks (`every`) are pg-boss schedules; its cron runs at minute precision
      schedule: true,
    });
    this.boss.on('error', (error) => (options.log ?? console).error('Import job queue (pg-boss):', error));
  }

  private ready(): Promise<void> {
    this.started ??= (async () => {
      await this.boss.start();
      await this.boss.createQueue(QUEUE, {
        name: QUEUE,
        policy: 'short',
        retryLimit: 3,
        retryDelay: 5,
        // A run that outlives this is failed by pg-boss and sent again: far above any file's run.
        expireInSeconds: 6 * 60 * 60,
      });
    })();
    return this.started;
  }

  async send(jobId: string): Promise<void> {
    await this.ready();
    await this.boss.send(QUEUE, { jobId }, { singletonKey: jobId, retryLimit: 3, retryDelay: 5 });
  }

  async work(handler: (jobId: string) => Promise<void>): Promise<void> {
    await this.ready();
    await this.boss.work<{ jobId: string }>(
      QUEUE,
      { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 1 },
      async ([job]) => {
        if (job) await handler(job.data.jobId);
      },
    );
    const sweep = async () => {
      if (this.stopped) return;
      try {
        const { db, now = () => new Date() } = this.options;
        for (const id of await jobsToRun(db, now(), 100)) await this.send(id);
      } catch (error) {
        (this.options.log ?? console).warn('Import jobs: the sweep for unfinished jobs failed:', error);
      }
    };
    await sweep();
    this.sweeper = setInterval(sweep, this.options.sweepMs ?? STALE_HEARTBEAT_MS);
    this.sweeper.unref();
  }

  async every(task: string, run: () => Promise<void>): Promise<void> {
    await this.ready();
    // 'singleton': a minute's run waits while the last one is still active, instead of piling up
    await this.boss.createQueue(task, {
      name: task,
      policy: 'singleton',
      retryLimit: 0,
      expireInSeconds: 15 * 60,
    });
    await this.boss.schedule(task, '* * * * *');
    await this.boss.work(task, { batchSize: 1, pollingIntervalSeconds: 5 }, async () => {
      await run();
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    if (!this.started) return;
    await this.started.catch(() => undefined);
    await this.boss.stop({ graceful: true, wait: true, timeout: 30_000 });
  }
}
