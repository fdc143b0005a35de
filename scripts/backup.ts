/**
 * `npm run backup [-- <file>]`: a consistent copy of the portal's database while it runs, by the
 * database of the server's own settings (DATABASE_URL, else DATA_DIR). SQLite: the online backup
 * API; PostgreSQL: pg_dump's custom format. Default file: ./backups/portal-<UTC time>.sqlite or
 * .pgdump. See docs/operations.md "Backups".
 */
import { backupDatabase, databaseLocationOf } from '../server/ops/backup';

const file = process.argv.slice(2).find((argument) => !argument.startsWith('-'));
try {
  const location = databaseLocationOf();
  const written = await backupDatabase(location, file);
  console.log(
    `Backed up ${'databaseUrl' in location ? 'the PostgreSQL database' : location.dataDir} to ${written}`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
