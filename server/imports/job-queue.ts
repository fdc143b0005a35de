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
}
