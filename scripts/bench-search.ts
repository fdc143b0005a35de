/**
 * Search and catalogue page latency on the 50,000-product catalogue (`npm run bench:search`).
 * Prints figures; asserts nothing. Uses a throwaway SQLite database, or a fresh database on the
 * PostgreSQL server that DATABASE_URL points at. BENCH_PRODUCTS overrides the catalogue size.
 *
 * The search table has two timings per query: the whole route (GET …/search/, which remembers
 * ids per query, so after the first run it costs the product rows, prices and JSON), and
 * searchProductIds itself, the index lookup every new query pays.
 */
import { tmpdir } from 'node:os';
import { createServerApp } from '../server/app';
import { createScratchDatabase } from '../server/db/scratch-database';
import { searchProductIds } from '../server/search/search-products';
import { seedDatabase } from '../server/seed';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);
const RUNS = 30;
const QUERIES = [
  'kase',
  'Käse',
  'cay',
  'crème fraîche',
  'alpenhof kase gouda',
  'mineral',
  // inside words, ä typed ae, one typo: the vocabulary is looked up before the tokens
  'wasser',
  'still wasser',
  'kaese',
  'mineralwaser',
  'pomes frites',
  'a',
  '1',
  'k',
  'z',
  '9',
  'ka',
  'te',
  'zw',
  'DAI-00001',
  '4000000000020',
  'nothing-matches-this',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(2).padStart(8)} ms`;

const database = await createScratchDatabase();
try {
  const started = performance.now();
  await seedDatabase(database.db, database.dialect, { productCount: PRODUCTS });
  console.log(`${database.dialect}: seeded ${PRODUCTS} products in ${ms(performance.now() - started)}\n`);

  const app = createServerApp({
    db: database.db,
    jwtSecret: 'bench-secret-bench-secret-bench-secret',
    distDir: tmpdir(),
  });
  const login = await app.request('/api/token/', {
    method: 'POST',
    body: JSON.stringify({ username: 'buyer', password: 'buyer123' }),
  });
  const { access } = (await login.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}` };

  console.log(`GET /api/netb2b/products/search/?query=…  (${RUNS} runs each, after 3 warm-up runs)`);
  console.log(`${''.padEnd(32)}${'the route'.padEnd(33)}searchProductIds (index)`);
  console.log(
    `${'query'.padEnd(24)}${'results'.padStart(8)}${['median', 'p95', 'max', 'median', 'p95', 'max'].map((h) => h.padStart(11)).join('')}`,
  );
  const timed = async (run: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let index = 0; index < RUNS + 3; index += 1) {
      const start = performance.now();
      await run();
      if (index >= 3) times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    return `${ms(percentile(times, 0.5))}${ms(percentile(times, 0.95))}${ms(times.at(-1) ?? 0)}`;
  };
  for (const query of QUERIES) {
    const path = `/api/netb2b/products/search/?query=${encodeURIComponent(query)}`;
    let results = 0;
    const route = await timed(async () => {
      const response = await app.request(path, { headers });
      results = ((await response.json()) as unknown[]).length;
    });
    const index = await timed(() => searchProductIds(database.db, query));
    console.log(`${JSON.stringify(query).padEnd(24)}${String(results).padStart(8)}${route}${index}`);
  }

  const pages = [
    '?page=1',
    '?page=500',
    '?page=1000&page_size=50',
    '?category=3&page=40',
    '?brand=2&page=20',
    '?category=1&brand=1&page=40',
    '?campaign=2',
    '?page=1001',
  ];
  console.log(`\nGET /api/netb2b/products/…  (${RUNS} runs each, after 3 warm-up runs)`);
  console.log(`${'query'.padEnd(32)}${['median', 'p95', 'max'].map((h) => h.padStart(11)).join('')}`);
  for (const query of pages) {
    const route = await timed(async () => {
      await (await app.request(`/api/netb2b/products/${query}`, { headers })).json();
    });
    console.log(`${query.padEnd(32)}${route}`);
  }
} finally {
  await database.drop();
}
