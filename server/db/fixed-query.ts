import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { keepPrepared } from './postgres-pool';
import type { Database } from './schema';

/** Stands for the n-th argument while the query is built, so its place among the parameters is known. */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * A query of fixed shape that runs on every request (the sign-in check, the catalogue version),
 * built and compiled once per database handle and then run with fresh parameters. Kysely builds
 * and compiles a query anew on every call (visiting and freezing its node tree), which under load
 * was a visible share of a cheap request's time. Works on both dialects: the SQL is
 * compiled by the handle's own dialect, and `build` receives placeholders that mark where each
 * argument goes, so the order of the parameters is the compiler's, not a guess.
 *
 * On PostgreSQL the statement is also prepared once per connection (`keepPrepared`).
 *
 * `build` must use each placeholder as a plain value (`where(column, '=', placeholder)`), never
 * inside `in` lists or expressions that inspect it.
 */
export function fixedQuery<Args extends readonly unknown[], Row>(
  arity: Args['length'],
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiledFor = new WeakMap<Kysely<Database>, { query: CompiledQuery<Row>; slots: number[] }>();

  const compile = (db: Kysely<Database>) => {
    const placeholders = Array.from({ length: arity }, (_, index) => new Placeholder(index));
    const query = build(db, ...(placeholders as unknown as Args)).compile();
    // Per parameter: the argument it takes (≥ 0), or -1 for a constant of the query itself.
    const slots = query.parameters.map((value) => (value instanceof Placeholder ? value.index : -1));
    const used = new Set(slots.filter((slot) => slot >= 0));
    if (used.size !== arity) throw new Error('fixedQuery: every argument must appear among the parameters');
    keepPrepared(query.sql);
    const entry = { query, slots };
    compiledFor.set(db, entry);
    return entry;
  };

  return async (db, ...args) => {
    const { query, slots } = compiledFor.get(db) ?? compile(db);
    const parameters = slots.map((slot, position) => (slot >= 0 ? args[slot] : query.parameters[position]));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
