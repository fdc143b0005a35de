import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobQueue } from '../imports/job-queue';
import type { MailSender } from '../mail/outbox';
import { runStandingOrders } from './run-standing-orders';
import type { StandingOrderSettings } from './settings';

export interface StandingOrderWorkerOptions {
  db: Kysely<Database>;
  /** the imports' queue: its recurring task runs the scheduler once a minute (a cut-off is met within it) */
  queue: JobQueue;
  settings: StandingOrderSettings;
  sendMail?: MailSender | undefined;
  now?: () => Date;
  log?: Pick<Console, 'error'>;
}

/**
 * Runs the standing orders' scheduler as a recurring task of the imports' queue: a pg-boss
 * schedule on PostgreSQL, each process's timer on SQLite. Runs claim each occurrence in the
 * database (runStandingOrders), so overlapping runs, in one process or several, draft and place
 * each delivery once. Never a browser tab: nothing here depends on anyone being signed in.
 */
export async function startStandingOrderWorker({
  db,
  queue,
  settings,
  sendMail,
  now = () => new Date(),
  log = console,
}: StandingOrderWorkerOptions): Promise<void> {
  await queue.every('standing-orders', async () => {
    try {
      await runStandingOrders(db, now(), { settings, sendMail, log });
    } catch (error) {
      log.error('Standing orders: a run failed (tried again in a minute):', error);
    }
  });
}
