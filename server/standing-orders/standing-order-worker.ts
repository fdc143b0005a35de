import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { MailSender } from '../mail/outbox';
import { runStandingOrders } from './run-standing-orders';
import type { StandingOrderSettings } from './settings';

export interface StandingOrderWorkerOptions {
  db: Kysely<Database>;
  settings: StandingOrderSettings;
  sendMail?: MailSender | undefined;
  now?: () => Date;
  /** how often the scheduler runs (default a minute: a cut-off is met within a minute) */
  intervalMs?: number;
  log?: Pick<Console, 'error'>;
}

/**
 * Runs the standing orders' scheduler periodically in this process. Every server process runs it:
 * the runs claim each occurrence in the database (runStandingOrders), so two processes on one
 * database draft and place each delivery once, and one process down leaves the other doing it.
 */
export function startStandingOrderWorker({
  db,
  settings,
  sendMail,
  now = () => new Date(),
  intervalMs = 60_000,
  log = console,
}: StandingOrderWorkerOptions) {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    running = runStandingOrders(db, now(), { settings, sendMail, log })
      .then(() => undefined)
      .catch((error: unknown) => log.error('Standing orders: a run failed (tried again shortly):', error));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
