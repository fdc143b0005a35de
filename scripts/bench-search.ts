/**
 * Search latency on the 50,000-product catalogue (`npx tsx scripts/bench-search.ts`). Prints figures; asserts
 * nothing. Uses a throwaway SQLite database, or a fresh database on the PostgreSQL server that
 * DATABASE_URL points at. BENCH_PRODUCTS overrides the catalogue size.
 */
import { tmpdir } from 'node:os';
import { createServerApp } from '../server/app';
import { createScratchDatabase } from '../server/db/scratch-database';
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
  'a',
  '1',
  'DAI-00001',
  '4000000000020',
  'nothing-matches-this',
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const ms = (value: number) => `${value.toFixed(1).padStart(7)} ms`;

const database = await createScratchDatabase();
try {
  let started = performance.now();
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
  console.log(
    `${'query'.padEnd(24)}${'results'.padStart(8)}${'median'.padStart(11)}${'p95'.padStart(11)}${'max'.padStart(11)}`,
  );
  for (const query of QUERIES) {
    const path = `/api/netb2b/products/search/?query=${encodeURIComponent(query)}`;
    let results = 0;
    const times: number[] = [];
    for (let run = 0; run < RUNS + 3; run += 1) {
      started = performance.now();
      const response = await app.request(path, { headers });
      results = ((await response.json()) as unknown[]).length;
      if (run >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${JSON.stringify(query).padEnd(24)}${String(results).padStart(8)}${ms(percentile(times, 0.5))}  ${ms(percentile(times, 0.95))}  ${ms(times.at(-1) ?? 0)}`,
    );
  }

  const pages = [
    '?page=1',
    '?page=500',
    '?page=1000&page_size=50',
    '?category=3&page=40',
    '?brand=2&page=20',
  ];
  console.log('\nGET /api/netb2b/products/ (median of 10)');
  for (const query of pages) {
    const times: number[] = [];
    for (let run = 0; run < 12; run += 1) {
      started = performance.now();
      await (await app.request(`/api/netb2b/products/${query}`, { headers })).json();
      if (run >= 2) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${query.padEnd(28)}${ms(percentile(times, 0.5))}`);
  }
} finally {
  await database.drop();
}
