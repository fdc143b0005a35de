import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { isPostgresUrl, openDatabase } from '../../server/db/connect';
import { readDatabaseTuning } from '../../server/db/tuning';
import type { IntegrationScope } from '../../server/imports/import-kind';
import { createIntegrationKey, revokeIntegrationKey } from '../../server/integration/keys';

/** What the simulated ERP calls (suborder reports, invoices, its own webhook endpoint), in the documented order. */
export const simulatorScopes: IntegrationScope[] = ['suborders:write', 'documents:write', 'webhooks:write'];

export interface LocalKey {
  secret: string;
  /** where the key was made, for the log */
  location: string;
  /** revokes the key (the simulator made it for this run only) and closes the database */
  revoke(): Promise<void>;
}

/**
 * Makes an integration key on the portal's own database, found as the server finds it (DATABASE_URL,
 * else DATA_DIR, default ./data), the way `npm run integration -- key create` does. Throws when there
 * is no such database: then the portal runs elsewhere and a key has to be given.
 */
export async function createLocalKey(env: NodeJS.ProcessEnv, now: () => Date): Promise<LocalKey> {
  const databaseUrl = env.DATABASE_URL || undefined;
  const dataDir = resolve(env.DATA_DIR || './data');
  if (!isPostgresUrl(databaseUrl) && !existsSync(join(dataDir, 'portal.sqlite')))
    throw new Error(
      `no portal database in ${dataDir} (DATA_DIR) and no DATABASE_URL: start the portal first, or give --key`,
    );
  const { db, location } = openDatabase({ dataDir, databaseUrl, tuning: readDatabaseTuning(env) });
  try {
    const { key, secret } = await createIntegrationKey(db, {
      name: 'ERP simulator',
      scopes: simulatorScopes,
      createdBy: 'erp-simulator',
      now: now(),
    });
    return {
      secret,
      location,
      async revoke() {
        try {
          await revokeIntegrationKey(db, key.id, now());
        } finally {
          await db.destroy();
        }
      },
    };
  } catch (error) {
    await db.destroy();
    throw error;
  }
}
