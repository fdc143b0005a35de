import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createServerApp } from './app';
import { readServerConfig, type ServerConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { importKinds } from './imports/import-kinds';
import { createImportQueue, startImportWorker } from './imports/import-worker';
import { invoiceConfiguration } from './invoices/invoice-configuration';
import { createSmtpSender } from './mail/smtp-sender';
import { startRetentionJob } from './maintenance/retention-job';
import { loadJwtSecret } from './security/jwt-secret';
import { seedDatabase } from './seed';
import { demoAccounts } from './seed/accounts';
import { holdsDemo, seedReport } from './seed/seed-report';
import { demoStaff } from './seed/staff';
import { standingOrderSettings } from './standing-orders/settings';
import { startStandingOrderWorker } from './standing-orders/standing-order-worker';
import { startWebhookWorker } from './webhooks/webhook-worker';

let config: ServerConfig;
try {
  config = readServerConfig();
  // the invoices' settings too: a wrong IBAN found at the first delivery would be found too late
  invoiceConfiguration();
} catch (error) {
  // A setting the operator has to fix: the message names it; a stack trace would only bury it.
  console.error(`Not starting: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const { db, dialect, location } = openDatabase({ ...config, tuning: config.databaseTuning });

const applied = await migrateToLatest(db, dialect);
if (applied.length) console.log(`Database ${location}: applied ${applied.join(', ')}`);
const started = Date.now();
const seed = await seedDatabase(db, dialect, { productCount: config.seedProducts, demo: config.seedDemo });
console.log(seedReport(seed, { ...config, location, tookMs: Date.now() - started }));

// Import jobs (docs/operations.md, "Import jobs"): pg-boss on PostgreSQL, the jobs table on SQLite.
const importQueue = createImportQueue(db, dialect, config.databaseUrl);
const app = createServerApp({
  db,
  importQueue,
  jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir),
  distDir: config.distDir,
  trustProxy: config.trustProxy,
  defaultCustomerType: config.defaultCustomerType,
  devMailbox: config.devMailbox,
  devClock: process.env.DEV_CLOCK === '1' && !config.production,
  ...(config.smtpUrl ? { sendMail: createSmtpSender(config.smtpUrl, config.mailFrom) } : {}),
  readinessTimeoutMs: config.readinessTimeoutMs,
  isShuttingDown: () => shuttingDown,
  deployment: config.deployment,
  ...(config.supplierApiKey ? { supplierApiKey: config.supplierApiKey } : {}),
  apiProfile: config.apiProfile,
  flowUsageCounts: config.flowUsageCounts,
  flowScreensDir: config.flowScreensDir,
});
let shuttingDown = false;

/** Where password-reset and other mails end up, so nobody wonders why none arrived. */
function mailDestination(port: number): string {
  if (config.smtpUrl) {
    const url = new URL(config.smtpUrl);
    return `Mails are sent through ${url.protocol}//${url.host} (SMTP_URL).`;
  }
  const mailbox = `http://localhost:${port}/dev/mailbox/`;
  if (config.devMailbox)
    return `Mails are not sent: the developer mailbox shows them at ${mailbox} (this machine only).`;
  return (
    'Mails are not sent: they are kept in the database outbox (mail_outbox). Set SMTP_URL to send them' +
    (config.production ? '.' : `, or DEV_MAILBOX=1 to read them at ${mailbox} during development.`)
  );
}
// Purges rows past their retention window (docs/operations.md, "Retention"), hourly.
const retention = startRetentionJob({ db });
const importWorker = await startImportWorker({ db, queue: importQueue, handlers: importKinds });
// Standing orders drafted and placed on time (docs/architecture.md, "Standing orders"), a recurring
// task of the imports' queue; the import worker's stop stops it with the queue.
await startStandingOrderWorker({
  db,
  queue: importQueue,
  settings: standingOrderSettings(),
  ...(config.smtpUrl ? { sendMail: createSmtpSender(config.smtpUrl, config.mailFrom) } : {}),
});
// Order events to the webhook endpoints (docs/operations.md, "Webhooks"); every process shares the work.
const webhookWorker = startWebhookWorker({
  db,
  ...config.webhooks,
  stopTimeoutMs: Math.min(config.webhooks.timeoutMs, config.shutdownTimeoutMs),
});
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  console.log(`\nOrdering portal: http://localhost:${info.port}/  (${dialect}: ${location})`);
  if (config.apiProfile === 'spec')
    console.log('API_PROFILE=spec: /api answers only the calls of SPEC.md point 7 (server/profile/).');
  if (holdsDemo(seed)) {
    const width = Math.max(...demoAccounts.map((a) => `${a.username} / ${a.password}`.length));
    console.log('\nDemo accounts:');
    for (const account of demoAccounts) {
      console.log(`  ${`${account.username} / ${account.password}`.padEnd(width)}  ${account.role}`);
    }
    console.log(
      `\nStaff console: http://localhost:${info.port}/staff  (${demoStaff.username} / ${demoStaff.password}): imports and integration keys`,
    );
  }
  if (config.deployment.apiUpstream)
    console.log(`\n/api and /media are passed on to ${config.deployment.apiUpstream.href} (API_UPSTREAM).`);
  console.log(`\n${mailDestination(info.port)}\n`);
});

/**
 * SIGTERM (systemd, docker stop, Kubernetes) or Ctrl+C: stop accepting connections, let the
 * requests in flight finish (at most SHUTDOWN_TIMEOUT_MS), then close the database and exit 0.
 * A second signal stops at once.
 */
const shutDown = (signal: NodeJS.Signals) => {
  if (shuttingDown) {
    console.log(`${signal} again: stopping now.`);
    process.exit(1);
  }
  shuttingDown = true;
  const retentionStopped = retention.stop();
  // The job in hand stops after its batch, left for the next process (or this one, restarted).
  const importsStopped = importWorker
    .stop()
    .catch((error: unknown) => console.warn('Stopping the import worker failed:', error));
  // Requests in flight are waited for (bounded); those cut off are tried again by the next worker.
  const webhooksStopped = webhookWorker
    .stop()
    .catch((error: unknown) => console.warn('Stopping the webhook worker failed:', error));
  const http = server as Server;
  // Keep-alive connections would otherwise hold the server open: new requests on them are told
  // the connection closes, and connections are closed as soon as their request is answered.
  http.on('request', (_request, response) => response.setHeader('Connection', 'close'));
  const closeIdle = setInterval(() => http.closeIdleConnections(), 100);
  const giveUp = setTimeout(() => {
    console.warn('Requests still in flight after the shutdown timeout: closing their connections.');
    http.closeAllConnections();
  }, config.shutdownTimeoutMs);
  http.close(() => {
    clearInterval(closeIdle);
    clearTimeout(giveUp);
    Promise.all([retentionStopped, importsStopped, webhooksStopped])
      .then(() => db.destroy())
      .catch((error: unknown) => console.warn('Closing the database failed:', error))
      .finally(() => process.exit(0));
  });
  http.closeIdleConnections();
  // Printed once the port is closed, so whoever reads it knows no new connection gets in.
  console.log(
    `${signal}: shutting down, waiting up to ${config.shutdownTimeoutMs} ms for requests in flight.`,
  );
};
process.on('SIGINT', shutDown);
process.on('SIGTERM', shutDown);
