import type { Kysely } from 'kysely';
import type { ProductWire } from '../../src/services/api/wire/catalog';
import type { Database } from '../db/schema';

/**
 * How long a search answer is served again without reading stock and campaign prices anew. One
 * second bounds what a reader can miss from writers this process does not see (another server
 * process, an import writing to the database) and the moment a campaign starts or ends; what this
 * process writes itself (an order taking stock) ends the kept answers at once (`figuresChanged`).
 * Under load the same few queries arrive many times a second (typing debounced to 250 ms across
 * many customers), and answering them from memory is what lifts search from about 250 to over
 * 1,000 answers a second on two cores (issue 15, docs/performance.md).
 */
export const SEARCH_ANSWER_FRESH_MS = 1_000;
const CAPACITY = 500;

type Kept = { at: number; generation: number; version: string; products: Promise<readonly ProductWire[]> };

const keptByDatabase = new WeakMap<Kysely<Database>, Map<string, Kept>>();
let figuresGeneration = 0;

/** After this process changed stock or prices: answers kept so far are not served again. */
export function figuresChanged() {
  figuresGeneration += 1;
}

/** Changes with each `figuresChanged`: what else is kept from stock and prices compares it too. */
export const currentFiguresGeneration = () => figuresGeneration;

/**
 * The products answering `key` (language and folded query) at catalogue `version`, from the answer
 * kept for up to a second, or from `load`. Concurrent requests for a key share one load.
 */
export function keptSearchAnswer(
  db: Kysely<Database>,
  version: string,
  key: string,
  now: Date,
  load: () => Promise<ProductWire[]>,
): Promise<readonly ProductWire[]> {
  let kept = keptByDatabase.get(db);
  if (!kept) {
    kept = new Map();
    keptByDatabase.set(db, kept);
  }
  const at = now.getTime();
  const known = kept.get(key);
  if (
    known &&
    known.version === version &&
    known.generation === figuresGeneration &&
    at >= known.at &&
    at - known.at < SEARCH_ANSWER_FRESH_MS
  ) {
    return known.products;
  }
  // Frozen: the same answer goes to many requests, and compress-json keeps the bytes of frozen answers.
  const products = load().then((answer) => Object.freeze(answer.map((product) => Object.freeze(product))));
  const entry: Kept = { at, generation: figuresGeneration, version, products };
  kept.delete(key);
  kept.set(key, entry);
  entry.products.catch(() => {
    if (kept.get(key) === entry) kept.delete(key);
  });
  if (kept.size > CAPACITY) {
    const oldest = kept.keys().next().value;
    if (oldest !== undefined) kept.delete(oldest);
  }
  return entry.products;
}
