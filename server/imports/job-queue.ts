/**
 * Delivers import job ids to a worker. `send` after a job is created; `work` once per process;
 * `stop` on shutdown (resolves when the job in hand has stopped between two batches). Delivery is
 * at least once: the runner's guarded progress makes a second delivery harmless, and a job whose
 * process died is delivered again (its heartbeat goes stale).
 */
export interface JobQueue {
  send(jobId: string): Promise<void>;
  work(handler: (jobId: string) => Promise<void>): Promise<void>;
  stop(): Promise<void>;
  /**
   * A recurring task beside the jobs (the standing orders' scheduler): run about once a minute
   * until `stop`. On PostgreSQL a pg-boss schedule, so one process runs each minute's run and
   * another takes over when it dies; on SQLite this process's own timer. The task must be safe
   * to run twice at once, as a slow run and the next minute's may overlap across processes.
   */
  every(task: string, run: () => Promise<void>): Promise<void>;
}
