import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { jobsToRun } from './job-queries';
import type { JobQueue } from './job-queue';

export interface TableQueueOptions {
  now?: () => Date;
  pollMs?: number;
  /** how often a recurring task (`every`) runs */
  taskEveryMs?: number;
  log?: Pick<Console, 'error'>;
}

/**
 * The queue of a SQLite server: the import_jobs table itself. Every process polls it for queued
 * jobs and for running ones whose heartbeat went stale (their process died), and the runner's claim
 * (one guarded UPDATE) hands each to one process. `send` only wakes this process's poller, so a job
 * posted here starts at once rather than at the next poll.
 */
export class TableJobQueue implements JobQueue {
  private handler: ((jobId: string) => Promise<void>) | undefined;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private busy = false;
  private wakeAgain = false;
  private readonly now: () => Date;
  private readonly pollMs: number;
  private readonly taskEveryMs: number;
  private readonly log: Pick<Console, 'error'>;

  constructor(
    private readonly db: Kysely<Database>,
    { now = () => new Date(), pollMs = 500, taskEveryMs = 60_000, log = console }: TableQueueOptions = {},
  ) {
    this.now = now;
    this.pollMs = pollMs;
    this.taskEveryMs = taskEveryMs;
    this.log = log;
  }

  async send(_jobId: string): Promise<void> {
    this.wake();
  }

  async work(handler: (jobId: string) => Promise<void>): Promise<void> {
    this.handler = handler;
    this.wake();
  }

  private readonly tasks: { timer: NodeJS.Timeout; running: Promise<void> }[] = [];

  /** Each process runs the task on its own timer, once now and then every `taskEveryMs`. */
  async every(task: string, run: () => Promise<void>): Promise<void> {
    const entry = { timer: undefined as unknown as NodeJS.Timeout, running: Promise.resolve() };
    const tick = () => {
      if (this.stopped) return;
      entry.running = entry.running.then(run).catch((error: unknown) => {
        this.log.error(`Recurring task ${task} failed (run again in a minute):`, error);
      });
    };
    entry.timer = setInterval(tick, this.taskEveryMs);
    entry.timer.unref();
    this.tasks.push(entry);
    tick();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    for (const task of this.tasks) clearInterval(task.timer);
    await Promise.all([this.running, ...this.tasks.map((task) => task.running)]);
  }

  private wake() {
    if (!this.handler || this.stopped) return;
    if (this.busy) {
      this.wakeAgain = true;
      return;
    }
    clearTimeout(this.timer);
    this.busy = true;
    this.running = this.poll().finally(() => {
      this.busy = false;
      if (this.stopped) return;
      if (this.wakeAgain) {
        this.wakeAgain = false;
        this.wake();
        return;
      }
      this.timer = setTimeout(() => this.wake(), this.pollMs);
      this.timer.unref();
    });
  }

  /** One pass: every job found, one after the other (a process runs one job at a time). */
  private async poll(): Promise<void> {
    const handler = this.handler;
    if (!handler) return;
    let ids: string[];
    try {
      ids = await jobsToRun(this.db, this.now());
    } catch (error) {
      this.log.error('Import jobs: looking for work failed (tried again shortly):', error);
      return;
    }
    for (const id of ids) {
      if (this.stopped) return;
      try {
        await handler(id);
      } catch {
        // the runner logged it and released the job: the next poll retries it
      }
    }
    // Found work: look again at once, there may be more.
    if (ids.length) this.wakeAgain = true;
  }
}
