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
 * 1,000 answers a second on two cores (docs/performance.md).
 */
export const SEARCH_ANSWER_FRESH_MS = 1_000;
const CAPACITY = 500;

/**
 * A kept answer younger than this may be read anew in the background while it is still served
 * (each answer draws its moment between this and `REFRESH_LATEST_MS`, so answers kept at the same
 * time are not all read again at the same time).
 */
const REFRESH_EARLIEST_MS = 750;
const REFRESH_LATEST_MS = 950;
/**
 * Background reads at once at most: the rest of the database connections stay free for the
 * requests (a kept answer's request needs one statement; a read of an answer needs three).
 */
const MAX_REFRESHING = 2;

type Kept = {
  at: number;
  generation: number;
  version: string;
  products: Promise<readonly ProductWire[]>;
  /** when the answer may be read anew in the background (ms, same clock as `at`) */
  refreshAt: number;
  /** set once resolved: only an answer at hand is served while its successor is read */
  ready: boolean;
  refreshing: boolean;
};

const keptByDatabase = new WeakMap<Kysely<Database>, Map<string, Kept>>();
let figuresGeneration = 0;

/** After this process changed stock or prices: answers kept so far are not served again. */
export function figuresChanged() {
  figuresGeneration += 1;
}

/** Changes with each `figuresChanged`: what else is kept from stock and prices compares it too. */
export const currentFiguresGeneration = () => figuresGeneration;

/**
 * Whether something read from stock and prices may still be served at `at`: read for this
 * catalogue version, since the last `figuresChanged`, and less than a second ago.
 */
export function isFresh<K extends { at: number; version: string; generation: number }>(
  known: K | undefined,
  version: string,
  at: number,
): known is K {
  return (
    known !== undefined &&
    known.version === version &&
    known.generation === figuresGeneration &&
    at >= known.at &&
    at - known.at < SEARCH_ANSWER_FRESH_MS
  );
}

let refreshing = 0;

/**
 * The products answering `key` (language and folded query) at catalogue `version`, from the answer
 * kept for up to a second, or from `load`. Concurrent requests for a key share one load.
 *
 * An answer in use is read anew shortly before its second is over (refresh ahead): the
 * request that notices serves the kept answer and starts the read, and the new answer replaces it
 * once complete. Requests for a popular query then never wait for its rebuild, and the rebuilds of
 * answers first kept together spread out instead of all falling due in the same instant (on
 * PostgreSQL that burst, queued in the pool ahead of the cheap requests, was most of the p99).
 * Nothing is served older than before: a kept answer still ends one second after its read began,
 * the successor counts its second from the start of its own read, and a change by this process
 * (`figuresChanged`) or of the catalogue version still ends both at once.
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
  if (isFresh(known, version, at)) {
    if (known.ready && !known.refreshing && at >= known.refreshAt && refreshing < MAX_REFRESHING)
      refreshAhead(kept, key, known, version, at, load);
    return known.products;
  }
  return keep(kept, key, version, at, load()).products;
}

/**
 * A new kept answer for `key`, in the map at once; or, as the successor of `previous`, once
 * complete and only if `key` still holds `previous` (not an answer read since for a newer version
 * or after a change by this process).
 */
function keep(
  kept: Map<string, Kept>,
  key: string,
  version: string,
  at: number,
  loading: Promise<ProductWire[]>,
  previous?: Kept,
): Kept {
  // Frozen: the same answer goes to many requests, and compress-json keeps the bytes of frozen answers.
  const products = loading.then((answer) => Object.freeze(answer.map((product) => Object.freeze(product))));
  const entry: Kept = {
    at,
    generation: figuresGeneration,
    version,
    products,
    refreshAt: at + REFRESH_EARLIEST_MS + Math.random() * (REFRESH_LATEST_MS - REFRESH_EARLIEST_MS),
    ready: false,
    refreshing: false,
  };
  const store = () => {
    kept.delete(key);
    kept.set(key, entry);
    if (kept.size > CAPACITY) {
      const oldest = kept.keys().next().value;
      if (oldest !== undefined) kept.delete(oldest);
    }
  };
  if (!previous) store();
  products.then(
    () => {
      entry.ready = true;
      if (previous && kept.get(key) === previous) store();
    },
    () => {
      if (kept.get(key) === entry) kept.delete(key);
    },
  );
  return entry;
}

function refreshAhead(
  kept: Map<string, Kept>,
  key: string,
  known: Kept,
  version: string,
  at: number,
  load: () => Promise<ProductWire[]>,
) {
  known.refreshing = true;
  refreshing += 1;
  const successor = keep(kept, key, version, at, load(), known);
  successor.products
    .catch(() => undefined)
    .finally(() => {
      refreshing -= 1;
      // A failed read leaves the kept answer to end at its second; a later request may try again.
      if (kept.get(key) === known) known.refreshing = false;
    });
}
