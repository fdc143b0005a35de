/**
 * `npm run integration -- <command>`: integration keys (create, list, revoke), staff console users
 * and the integration API's OpenAPI document, on the database of the server's own settings
 * (DATABASE_URL, else DATA_DIR). See docs/integration-api.md; `npm run integration -- help`.
 */

import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { readServerConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { migrateToLatest } from '../server/db/migrate';
import { runIntegrationCommand } from '../server/integration/cli';

/** Reads a line without echoing it: the terminal's echo goes to a stream that drops it. */
async function askPassword(question: string): Promise<string> {
  process.stdout.write(question);
  const silent = new Writable({ write: (_chunk, _encoding, done) => done() });
  const reader = createInterface({ input: process.stdin, output: silent, terminal: process.stdin.isTTY });
  try {
    return await reader.question('');
  } finally {
    reader.close();
    process.stdout.write('\n');
  }
}

let code: number;
try {
  const config = readServerConfig();
  const { db, dialect } = openDatabase({ ...config, tuning: config.databaseTuning });
  try {
    // a key or a staff user may be made before the server first started on this database
    await migrateToLatest(db, dialect);
    code = await runIntegrationCommand(process.argv.slice(2), {
      db,
      now: () => new Date(),
      out: (line) => console.log(line),
      err: (line) => console.error(line),
      env: process.env,
      askPassword,
    });
  } finally {
    await db.destroy();
  }
} catch (error) {
  console.error(`Failed: ${error instanceof Error ? error.message : String(error)}`);
  code = 1;
}
process.exit(code);
