/**
 * `tsx scripts/webhook-worker.ts`: the webhook deliveries alone, without serving anything, on the
 * database of the server's own settings (DATABASE_URL, else DATA_DIR) with its WEBHOOK_* settings.
 * Every server process runs the same worker already; this one is for delivering from a machine that
 * serves no requests, and for the test that kills a worker mid-delivery. Ctrl+C or SIGTERM stops it
 * after the requests in flight. See docs/operations.md, "Webhooks".
 */
import { openDatabase } from '../server/db/connect';
import { databaseLocationOf } from '../server/ops/backup';
import { readWebhookSettings } from '../server/webhooks/webhook-settings';
import { startWebhookWorker } from '../server/webhooks/webhook-worker';

const { db } = openDatabase({ dataDir: '', ...databaseLocationOf() });
const worker = startWebhookWorker({ db, ...readWebhookSettings(process.env) });
// the worker's timers keep no process alive; this one lives until it is stopped
const alive = setInterval(() => undefined, 60_000);
console.log('Webhook worker started.');

const stop = () => {
  clearInterval(alive);
  worker
    .stop()
    .then(() => db.destroy())
    .finally(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
