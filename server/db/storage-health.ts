import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { isStorageFailure } from './unavailable';

/**
 * Whether this process's writes are being refused by the database's storage (a full disk, a
 * read-only database or file system, I/O errors). Such a fault does not pass by itself and reads
 * keep working meanwhile, so a read cannot tell: /readyz answers 503 from the first refused write
 * until a write succeeds again, its own test write included (routes/health.ts).
 *
 * Each process judges from its own writes only: nothing shared can be written while the storage
 * refuses writes, and every process on the same database sees the same refusal at its next write.
 */
export class StorageHealth {
  private refusing = false;

  get writesRefused() {
    return this.refusing;
  }

  noteError(error: unknown) {
    if (!isStorageFailure(error) || this.refusing) return;
    this.refusing = true;
    // Once per outage: the operator has to free space or make the database writable again.
    const { code, message } = error as { code?: string; message?: string };
    console.error(
      `The database refused a write (${code ?? ''} ${message ?? ''}): /readyz answers 503 until one succeeds.`,
    );
  }

  noteWritten() {
    if (!this.refusing) return;
    this.refusing = false;
    console.warn('The database accepts writes again: /readyz answers 200.');
  }
}

const byDatabase = new WeakMap<object, StorageHealth>();

/** Ties the health that openDatabase's driver keeps to the Kysely instance the routes are given. */
export function attachStorageHealth(db: Kysely<Database>, health: StorageHealth) {
  byDatabase.set(db, health);
}

/** The database's storage health; one that never saw a failure for a database opened elsewhere. */
export function storageHealthOf(db: Kysely<Database>): StorageHealth {
  let health = byDatabase.get(db);
  if (!health) {
    health = new StorageHealth();
    byDatabase.set(db, health);
  }
  return health;
}
