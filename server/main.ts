import { serve } from '@hono/node-server';
import { createServerApp } from './app';
import { readServerConfig } from './config';
import { openDatabase } from './db/connect';
import { migrateToLatest } from './db/migrate';
import { createSmtpSender } from './mail/smtp-sender';
import { loadJwtSecret } from './security/jwt-secret';
import { seedDatabase } from './seed';
import { demoAccounts } from './seed/accounts';

const config = readServerConfig();
const { db, dialect, location } = openDatabase(config);

const applied = await migrateToLatest(db, dialect);
if (applied.length) console.log(`Database ${location}: applied ${applied.join(', ')}`);
const started = Date.now();
const seed = await seedDatabase(db, dialect, { productCount: config.seedProducts });
console.log(
  seed.seeded
    ? `Seeded ${seed.products} products and the demo accounts in ${Date.now() - started} ms.`
    : `Database ${location} was seeded on ${seed.seededAt}; keeping its data.`,
);

const app = createServerApp({
  db,
  jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir),
  distDir: config.distDir,
  trustProxy: config.trustProxy,
  defaultCustomerType: config.defaultCustomerType,
  production: config.production,
  ...(config.smtpUrl ? { sendMail: createSmtpSender(config.smtpUrl, config.mailFrom) } : {}),
});
if (!config.smtpUrl && !config.production)
  console.log('Mails stay in the outbox (no SMTP_URL): see /dev/mailbox/');
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  const width = Math.max(...demoAccounts.map((a) => `${a.username} / ${a.password}`.length));
  console.log(
    `\nOrdering portal: http://localhost:${info.port}/  (${dialect}: ${location})\n\nDemo accounts:`,
  );
  for (const account of demoAccounts) {
    console.log(`  ${`${account.username} / ${account.password}`.padEnd(width)}  ${account.role}`);
  }
  console.log('');
});

const shutDown = () => {
  server.close();
  void db.destroy().finally(() => process.exit(0));
};
process.on('SIGINT', shutDown);
process.on('SIGTERM', shutDown);
