import { tmpdir } from 'node:os';
import type { Kysely } from 'kysely';
import { createServerApp } from '../../server/app';
import type { Database } from '../../server/db/schema';
import { figuresChanged } from '../../server/search/search-answers';
import { brandNames, categorySources } from '../../server/seed/catalogue-source';
import { benchProduct, pricedProductIndex, TIER_FROM } from './bench-csv';

// What a customer notices of the contract prices: the search answer and an order's pricing, for a
// company without rules and one with its thousand, through the app as the browser calls it.

const SEARCHES = 200;
const ORDER_RUNS = 50;
const ORDER_LINES = 30;
const CSRF_TOKEN = 'bench-import-csrf-token-0123456789abcdef';

export interface Timings {
  median: number;
  p95: number;
  max: number;
}

export interface ViewerFigures {
  /** the company's own rules and its group's */
  rules: { own: number; group: number };
  search: Timings;
  /** contract-priced products per search answer, on average */
  contractResults: number;
  results: number;
  order: Timings;
  orderTotal: string;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;

const timings = (times: number[]): Timings => {
  const sorted = [...times].sort((a, b) => a - b);
  return { median: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.at(-1) ?? 0 };
};

/** About 200 searches a buyer types: item words, brands, brand and item, a few codes and typos. */
function realisticQueries(): string[] {
  const words = new Set<string>();
  for (const category of categorySources)
    for (const item of category.items) {
      words.add(item.name);
      const first = item.name.split(' ')[0];
      if (first && first.length > 2) words.add(first);
    }
  for (const brand of brandNames) words.add(brand.split(' ')[0] ?? brand);
  for (const category of categorySources)
    for (const [index, item] of category.items.entries()) {
      const brand = brandNames[(category.brandIds[index % category.brandIds.length] ?? 1) - 1];
      if (brand) words.add(`${brand.split(' ')[0]} ${item.name.split(' ')[0]}`.toLowerCase());
    }
  const queries = [...words].map((word) => word.toLowerCase());
  // a few a buyer types with a typo or the start of a word, as they arrive while typing
  const typed = queries.slice(0, 40).flatMap((word) => [word.slice(0, 3), `${word.slice(0, -1)}e`]);
  return [...new Set([...queries, ...typed])].slice(0, SEARCHES);
}

interface Viewer {
  name: string;
  companyId: number;
  headers: Record<string, string>;
}

/**
 * Search p95 and order preview time for both viewers. Searches: every query once first (the index
 * lookup per query is then remembered, as for any query customers type), then each viewer's
 * request timed with the kept answers dropped before it (figuresChanged), so each answer reads its
 * products and prices and is priced for its company, the cost every new answer pays. The two
 * viewers take turns query by query so both see the same machine.
 */
export async function measureCustomerSide(
  db: Kysely<Database>,
  viewers: { without: { username: string }; with: { username: string } },
  products: number,
  perCustomer: number,
): Promise<{ without: ViewerFigures; with: ViewerFigures }> {
  const app = createServerApp({
    db,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    distDir: tmpdir(),
  });
  const signIn = async (username: string): Promise<Viewer> => {
    const response = await app.request('/api/token/', {
      method: 'POST',
      body: JSON.stringify({ username, password: 'buyer123' }),
    });
    if (!response.ok) throw new Error(`sign-in of ${username}: ${response.status} ${await response.text()}`);
    const { access } = (await response.json()) as { access: string };
    const user = await db
      .selectFrom('users')
      .select('company_id')
      .where('username', '=', username)
      .executeTakeFirstOrThrow();
    return { name: username, companyId: user.company_id, headers: { Authorization: `Bearer ${access}` } };
  };
  const without = await signIn(viewers.without.username);
  const withRules = await signIn(viewers.with.username);

  const queries = realisticQueries();
  const search = async (viewer: Viewer, query: string) => {
    const response = await app.request(`/api/netb2b/products/search/?query=${encodeURIComponent(query)}`, {
      headers: viewer.headers,
    });
    if (!response.ok) throw new Error(`search "${query}": ${response.status} ${await response.text()}`);
    return (await response.json()) as { contract_price?: boolean }[];
  };
  for (const query of queries) await search(without, query);

  const searched = new Map<Viewer, { times: number[]; results: number; contract: number }>(
    [without, withRules].map((viewer) => [viewer, { times: [], results: 0, contract: 0 }]),
  );
  for (const [index, query] of queries.entries()) {
    const order = index % 2 === 0 ? [without, withRules] : [withRules, without];
    for (const viewer of order) {
      figuresChanged();
      const start = performance.now();
      const answer = await search(viewer, query);
      const figures = searched.get(viewer);
      if (!figures) continue;
      figures.times.push(performance.now() - start);
      figures.results += answer.length;
      figures.contract += answer.filter((product) => product.contract_price === true).length;
    }
  }

  const items = await orderItems(db, products, perCustomer);
  const preview = async (viewer: Viewer) => {
    const response = await app.request('/api/netb2b/orders/preview/', {
      method: 'POST',
      // double-submit CSRF: any token, the same in the cookie and the header
      headers: {
        ...viewer.headers,
        'Content-Type': 'application/json',
        Cookie: `csrftoken=${CSRF_TOKEN}`,
        'X-CSRFToken': CSRF_TOKEN,
      },
      body: JSON.stringify({ items }),
    });
    if (!response.ok) throw new Error(`order preview: ${response.status} ${await response.text()}`);
    return (await response.json()) as { total: string };
  };
  const ordered = new Map<Viewer, { times: number[]; total: string }>(
    [without, withRules].map((viewer) => [viewer, { times: [], total: '' }]),
  );
  for (let run = 0; run < ORDER_RUNS + 3; run += 1) {
    const order = run % 2 === 0 ? [without, withRules] : [withRules, without];
    for (const viewer of order) {
      const start = performance.now();
      const answer = await preview(viewer);
      const figures = ordered.get(viewer);
      if (!figures) continue;
      if (run >= 3) figures.times.push(performance.now() - start);
      figures.total = answer.total;
    }
  }

  const figuresOf = async (viewer: Viewer): Promise<ViewerFigures> => {
    const s = searched.get(viewer) ?? { times: [], results: 0, contract: 0 };
    const o = ordered.get(viewer) ?? { times: [], total: '' };
    return {
      rules: await rulesOf(db, viewer.companyId),
      search: timings(s.times),
      results: s.results / queries.length,
      contractResults: s.contract / queries.length,
      order: timings(o.times),
      orderTotal: o.total,
    };
  };
  return { without: await figuresOf(without), with: await figuresOf(withRules) };
}

/** Rules that may price the company: its own and its group's. */
async function rulesOf(db: Kysely<Database>, companyId: number): Promise<{ own: number; group: number }> {
  const company = await db
    .selectFrom('companies')
    .select('customer_group_id')
    .where('id', '=', companyId)
    .executeTakeFirstOrThrow();
  const count = async (column: 'company_id' | 'customer_group_id', id: number | null) => {
    if (id === null) return 0;
    const row = await db
      .selectFrom('contract_prices')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('retired_at', 'is', null)
      .where(column, '=', id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  return {
    own: await count('company_id', companyId),
    group: await count('customer_group_id', company.customer_group_id),
  };
}

/**
 * Thirty lines of products the priced customer has prices for: every third by the box (from
 * TIER_FROM pieces some reach the volume step), the others by the piece or bottle.
 */
async function orderItems(db: Kysely<Database>, products: number, perCustomer: number) {
  const externalIds = Array.from(
    { length: ORDER_LINES },
    (_, line) => benchProduct(pricedProductIndex(line % perCustomer, perCustomer, products)).id,
  );
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_units as u', 'u.product_id', 'p.id')
    .select(['p.id', 'p.external_id', 'u.unit_id', 'u.amount'])
    .where('p.external_id', 'in', externalIds)
    .execute();
  return externalIds.map((externalId, line) => {
    const units = rows.filter((row) => row.external_id === externalId);
    const primary = units.find((unit) => Number(unit.amount) === 1);
    // the seed's units: 2 box (of pieces), 5 crate (of bottles)
    const box = units.find((unit) => unit.unit_id === 2 || unit.unit_id === 5);
    const unit = line % 3 === 0 && box ? box : primary;
    if (!unit) throw new Error(`product ${externalId} was not imported`);
    return {
      product: unit.id,
      unit: unit.unit_id,
      quantity: line % 3 === 0 ? '3' : String(line % 2 === 0 ? TIER_FROM : 2 + (line % 5)),
    };
  });
}
