import { resolve } from 'node:path';
import { DEFAULT_PRODUCT_COUNT } from './seed';

export interface ServerConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  seedProducts: number;
  distDir: string;
}

const positiveInteger = (name: string, raw: string | undefined, fallback: number) => {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
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
  };
}
