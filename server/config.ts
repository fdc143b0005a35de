import { join, resolve } from 'node:path';
import { isPostgresUrl } from './db/connect';
import { type DatabaseTuning, readDatabaseTuning } from './db/tuning';
import { type DeploymentConfig, readDeploymentConfig } from './deployment-config';
import type { ApiProfile } from './profile/spec-profile';
import { DEFAULT_PRODUCT_COUNT } from './seed';
import { readWebhookSettings, type WebhookSettings } from './webhooks/webhook-settings';

export interface ServerConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seedProducts: number;
  /** SEED_DEMO: fill an empty database with the demo (accounts with published passwords); off in production */
  seedDemo: boolean;
  distDir: string;
  /** > 0 offers self-registration (GET /api/baf/configuration/); 0 switches it off */
  defaultCustomerType: number;
  /** smtp(s)://user:pass@host:port: send the outbox's mails; unset keeps them in the outbox */
  smtpUrl: string | undefined;
  /** the From of sent mails */
  mailFrom: string;
  /** how many reverse proxies stand in front (X-Forwarded-For hops to trust); 0 = none */
  trustProxy: number;
  /** NODE_ENV=production: JWT_SECRET required, no developer mailbox */
  production: boolean;
  /** DEV_MAILBOX=1: /dev/mailbox/ shows the outbox to this machine (never with SMTP_URL or in production) */
  devMailbox: boolean;
  /** DB_* and SQLITE_* timeouts (docs/operations.md) */
  databaseTuning: DatabaseTuning;
  /** READINESS_TIMEOUT_MS: how long /readyz waits for the database */
  readinessTimeoutMs: number;
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM waits for requests in flight before closing them */
  shutdownTimeoutMs: number;
  /** SUPPLIER_API_KEY: the bearer key of the supplier's API (/api/supplier/); unset, it answers 404 */
  supplierApiKey: string | undefined;
  /** API_PROFILE=spec: /api answers only SPEC.md point 7's calls with point 3's fields (a conformance backend) */
  apiProfile: ApiProfile;
  /** API_BASE, API_UPSTREAM, IMAGE_ORIGIN, CORS_ORIGINS: where the portal's API is (docs/deploying.md) */
  deployment: DeploymentConfig;
  /** WEBHOOK_*: tries, backoff, timeout and polling of the webhook deliveries (docs/operations.md, "Webhooks") */
  webhooks: WebhookSettings;
  /** FLOW_USAGE_COUNTS=1: portals report how often customers take each transition (counts only, per day) */
  flowUsageCounts: boolean;
  /** FLOW_SCREENS_DIR: where `npm run flows:screens` stores the screenshots the statechart studio shows */
  flowScreensDir: string;
}

const positiveInteger = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
};

const wholeNumber = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`${name} must be a whole number of 0 or more, got "${raw}"`);
  return value;
};

/** TRUST_PROXY: a number of proxies; `true` means one, `false` none. */
const proxyCount = (raw: string | undefined) => {
  if (raw === 'true') return 1;
  if (raw === 'false') return 0;
  return wholeNumber('TRUST_PROXY', raw, 0);
};

/** An on/off switch: 1 or true, 0 or false; unset or empty is off. */
const flag = (name: string, raw: string | undefined) => {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new Error(`${name} must be 1 or 0, got "${raw}"`);
};

const MIN_JWT_SECRET_LENGTH = 32;

/**
 * The secret that signs tokens and reset codes. Every process serving one database has to use the
 * same one, or a token (or reset code) issued by one is refused by the next. A generated secret
 * lives in one DATA_DIR, which processes on one SQLite file share anyway; on PostgreSQL the
 * processes usually run on several machines, so the secret must be given. Production must not
 * depend on a file nobody backs up or rotates either.
 */
function jwtSecretOf(env: NodeJS.ProcessEnv, production: boolean): string | undefined {
  const secret = env.JWT_SECRET || undefined;
  if (secret === undefined) {
    if (production)
      throw new Error(
        'JWT_SECRET must be set when NODE_ENV=production (a long random string, the same for every server process)',
      );
    if (isPostgresUrl(env.DATABASE_URL))
      throw new Error(
        'JWT_SECRET must be set when DATABASE_URL points at PostgreSQL: every process on that database ' +
          'has to sign with the same secret, or a sign-in or reset code from one is refused by another',
      );
    return undefined;
  }
  if (secret.length < MIN_JWT_SECRET_LENGTH)
    throw new Error(`JWT_SECRET must be at least ${MIN_JWT_SECRET_LENGTH} characters, got ${secret.length}`);
  return secret;
}

/**
 * DEV_MAILBOX=1 lists every mail, password-reset codes included, so it is refused where it would
 * show real customers' mail: together with SMTP_URL (mail really goes out) or in production.
 */
function devMailboxOf(env: NodeJS.ProcessEnv, production: boolean): boolean {
  const wanted = flag('DEV_MAILBOX', env.DEV_MAILBOX);
  if (wanted && env.SMTP_URL)
    throw new Error(
      'DEV_MAILBOX=1 cannot be combined with SMTP_URL: mails are sent, leave DEV_MAILBOX unset',
    );
  if (wanted && production)
    throw new Error(
      'DEV_MAILBOX=1 cannot be combined with NODE_ENV=production: the mailbox is for development',
    );
  return wanted;
}

/**
 * The demo accounts' passwords are published in the README: a production database seeded with them
 * could be signed into by anyone. So production seeds them only when SEED_DEMO=1 says so.
 */
function seedDemoOf(env: NodeJS.ProcessEnv, production: boolean): boolean {
  if (env.SEED_DEMO === undefined || env.SEED_DEMO === '') return !production;
  return flag('SEED_DEMO', env.SEED_DEMO);
}

const MIN_SUPPLIER_API_KEY_LENGTH = 32;

/** A short key could be guessed: the supplier API marks orders delivered and issues invoices. */
function supplierApiKeyOf(env: NodeJS.ProcessEnv): string | undefined {
  const key = env.SUPPLIER_API_KEY?.trim() || undefined;
  if (key !== undefined && key.length < MIN_SUPPLIER_API_KEY_LENGTH)
    throw new Error(
      `SUPPLIER_API_KEY must be at least ${MIN_SUPPLIER_API_KEY_LENGTH} characters, got ${key.length}`,
    );
  return key;
}

function apiProfileOf(raw: string | undefined): ApiProfile {
  if (raw === undefined || raw === '' || raw === 'full') return 'full';
  if (raw === 'spec') return 'spec';
  throw new Error(`API_PROFILE must be spec or full, got "${raw}"`);
}

/** Settings come from the environment only (see README "Configuration"); a bad one throws, naming it. */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const production = env.NODE_ENV === 'production';
  const dataDir = resolve(env.DATA_DIR || './data');
  return {
    port: positiveInteger('PORT', env.PORT, 8080),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: jwtSecretOf(env, production),
    seedProducts: positiveInteger('SEED_PRODUCTS', env.SEED_PRODUCTS, DEFAULT_PRODUCT_COUNT),
    seedDemo: seedDemoOf(env, production),
    distDir: resolve(env.DIST_DIR || './dist'),
    defaultCustomerType: wholeNumber('DEFAULT_CUSTOMER_TYPE', env.DEFAULT_CUSTOMER_TYPE, 1),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Lindenhof Wholesale <no-reply@lindenhof-wholesale.example>',
    trustProxy: proxyCount(env.TRUST_PROXY),
    production,
    devMailbox: devMailboxOf(env, production),
    databaseTuning: readDatabaseTuning(env),
    readinessTimeoutMs: positiveInteger('READINESS_TIMEOUT_MS', env.READINESS_TIMEOUT_MS, 2_000),
    shutdownTimeoutMs: positiveInteger('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
    supplierApiKey: supplierApiKeyOf(env),
    apiProfile: apiProfileOf(env.API_PROFILE),
    deployment: readDeploymentConfig(env),
    webhooks: readWebhookSettings(env),
    flowUsageCounts: flag('FLOW_USAGE_COUNTS', env.FLOW_USAGE_COUNTS),
    flowScreensDir: resolve(env.FLOW_SCREENS_DIR || join(dataDir, 'flow-screens')),
  };
}
