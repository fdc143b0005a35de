import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensurePrivateDirectory } from '../db/private-files';

/**
 * JWT_SECRET when given; otherwise a random secret generated on first start and kept in the data
 * folder (readable only by its owner), so tokens survive a restart without any setup. Processes on
 * one SQLite file share that folder and so the secret; elsewhere (PostgreSQL, production)
 * readServerConfig insists on JWT_SECRET, since a secret per process would refuse every token and
 * reset code another process issued.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    // A secret written by an older version (or copied in) may be readable by others.
    chmodSync(file, 0o600);
    return readFileSync(file, 'utf8').trim();
  }
  ensurePrivateDirectory(dataDir);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
