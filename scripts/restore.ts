/**
 * `npm run restore -- <file> [--force]`: puts a backup of `npm run backup` in place, into the
 * database of the server's settings (DATABASE_URL, else DATA_DIR). Stop the servers first. A
 * database that holds data is replaced only with --force. See docs/operations.md "Backups".
 */
import { databaseLocationOf, restoreDatabase } from '../server/ops/backup';

const args = process.argv.slice(2);
const force = args.includes('--force');
const files = args.filter((argument) => !argument.startsWith('-'));
const unknown = args.filter((argument) => argument.startsWith('-') && argument !== '--force');
if (files.length !== 1 || unknown.length) {
  console.error('Usage: npm run restore -- <backup file> [--force]');
  process.exit(2);
}
try {
  const location = databaseLocationOf();
  await restoreDatabase(files[0] as string, location, { force });
  console.log(
    `Restored ${files[0]} into ${'databaseUrl' in location ? 'the PostgreSQL database' : location.dataDir}. ` +
      'Start the server: it applies any newer migrations.',
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
