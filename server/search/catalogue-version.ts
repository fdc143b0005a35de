import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import { fixedQuery } from '../db/fixed-query';
import type { Database } from '../db/schema';
import type { AppEnv } from '../http/app-env';

/** Compiled once: every search and catalogue page reads it. */
const versionRow = fixedQuery(1, (db, id: number) =>
  db.selectFrom('catalogue_version').select('version').where('id', '=', id),
);

/**
 * The catalogue's version (migration 110): triggers bump it whenever names, codes, search tokens,
 * categories, brands or campaign membership change, whoever writes. One primary-key read.
 */
export async function catalogueVersion(db: Kysely<Database>): Promise<string> {
  const [row] = await versionRow(db, 1);
  // Migration 110 inserts the row; without it the database is not the portal's (a 500, as before).
  if (!row) throw new Error('catalogue_version has no row 1');
  return String(row.version);
}

/**
 * The catalogue version for this request: the one require-user read in the same statement as the
 * sign-in check at the start of the request (no round trip of its own), else read now. Either way
 * it is read anew for every request, so another writer's change shows on the next one.
 */
export function requestCatalogueVersion(c: Context<AppEnv>, db: Kysely<Database>): Promise<string> | string {
  return c.get('catalogueVersion') ?? catalogueVersion(db);
}

/**
 * Answers derived from the catalogue alone, kept per database handle while its version holds, the
 * `capacity` most recently used. Promises are kept, not values, so concurrent requests for a key
 * not yet known share one query instead of each running it.
 */
export class CatalogueMemo<Value> {
  private readonly byDatabase = new WeakMap<
    Kysely<Database>,
    { version: string; entries: Map<string, Promise<Value>> }
  >();

  constructor(private readonly capacity: number) {}

  get(db: Kysely<Database>, version: string, key: string, load: () => Promise<Value>): Promise<Value> {
    let memo = this.byDatabase.get(db);
    if (!memo || memo.version !== version) {
      memo = { version, entries: new Map() };
      this.byDatabase.set(db, memo);
    }
    const { entries } = memo;
    const known = entries.get(key);
    if (known) {
      // A Map iterates in insertion order: re-inserting marks the key most recently used.
      entries.delete(key);
      entries.set(key, known);
      return known;
    }
    const loading = load();
    entries.set(key, loading);
    loading.catch(() => {
      if (entries.get(key) === loading) entries.delete(key);
    });
    if (entries.size > this.capacity) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    return loading;
  }
}
