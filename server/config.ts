import { resolve } from 'node:path';
import { type DatabaseTuning, readDatabaseTuning } from './db/tuning';
import { DEFAULT_PRODUCT_COUNT } from './seed';

export interface ServerConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seedProducts: number;
  distDir: string;
  /** > 0 offers self-registration (GET /api/baf/configuration/); 0 switches it off */
  defaultCustomerType: number;
  /** smtp(s)://user:pass@host:port: send the outbox's mails; unset keeps them in the outbox */
  smtpUrl: string | undefined;
  /** the From of sent mails */
  mailFrom: string;
  /** how many reverse proxies stand in front (X-Forwarded-For hops to trust); 0 = none */
  trustProxy: number;
  /** NODE_ENV=production: no developer mailbox */
  production: boolean;
  /** DB_* and SQLITE_* timeouts (docs/operations.md) */
  databaseTuning: DatabaseTuning;
  /** READINESS_TIMEOUT_MS: how long /readyz waits for the database */
  readinessTimeoutMs: number;
  /** SHUTDOWN_TIMEOUT_MS: how long SIGTERM waits for requests in flight before closing them */
  shutdownTimeoutMs: number;
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

/** Settings come from the environment only (see README "Configuration"). */
export function readServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: positiveInteger('PORT', env.PORT, 8080),
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    seedProducts: positiveInteger('SEED_PRODUCTS', env.SEED_PRODUCTS, DEFAULT_PRODUCT_COUNT),
    distDir: resolve(env.DIST_DIR || './dist'),
    defaultCustomerType: wholeNumber('DEFAULT_CUSTOMER_TYPE', env.DEFAULT_CUSTOMER_TYPE, 1),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Lindenhof Wholesale <no-reply@lindenhof-wholesale.example>',
    trustProxy: proxyCount(env.TRUST_PROXY),
    production: env.NODE_ENV === 'production',
    databaseTuning: readDatabaseTuning(env),
    readinessTimeoutMs: positiveInteger('READINESS_TIMEOUT_MS', env.READINESS_TIMEOUT_MS, 2_000),
    shutdownTimeoutMs: positiveInteger('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000),
  };
}
