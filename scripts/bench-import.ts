/**
 * Imports at scale and what contract prices cost a customer (`npm run bench:import`). Prints figures;
 * asserts nothing. On a throwaway SQLite database, and on a fresh database on the PostgreSQL server
 * DATABASE_URL points at:
 *  1. a products snapshot of --products rows (CSV, streamed into the job's chunks, run by the real
 *     runner): rows/s, seconds, peak RSS and heap;
 *  2. --prices contract price rows for 1,000 customers (own prices, volume steps, group prices) as a
 *     delta: the same figures;
 *  3. search p95 over ~200 searches and the preview of a 30-line order (median, p95 over 50 runs),
 *     for a company without contract prices and one with a thousand.
 *
 *   npm run bench:import -- [--engine sqlite|postgres|both] [--products N] [--prices N] [--quick]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { isPostgresUrl } from '../server/db/connect';
import { createScratchDatabase } from '../server/db/scratch-database';
import { seedDatabase } from '../server/seed';
import { CUSTOMERS, priceLines, productLines, writeLines } from './bench-import/bench-csv';
import { CONTRACT_USERNAME, createBenchCustomers } from './bench-import/bench-customers';
import { measureCustomerSide, type Timings, type ViewerFigures } from './bench-import/customer-side';
import { type MemoryPeaks, megabytes, withMemoryPeaks } from './bench-import/memory-peaks';
import { type FileJobFigures, runFileJob } from './bench-import/run-file-job';

type Engine = 'sqlite' | 'postgres';

function parseArguments(argv: readonly string[]) {
  const value = (name: string) => {
    const at = argv.indexOf(name);
    return at === -1 ? undefined : argv[at + 1];
  };
  const quick = argv.includes('--quick');
  const products = Number(value('--products') ?? (quick ? 5_000 : 50_000));
  const prices = Number(value('--prices') ?? (quick ? 50_000 : 1_000_000));
  const engine = value('--engine') ?? 'both';
  if (!['sqlite', 'postgres', 'both'].includes(engine))
    throw new Error(`--engine ${engine}: sqlite, postgres or both`);
  // every customer's price list holds the 30 products of the order the bench prices
  if (!(products >= 1000) || !(prices >= 30 * CUSTOMERS) || prices % CUSTOMERS !== 0)
    throw new Error(
      `--products at least 1000; --prices a multiple of ${CUSTOMERS}, at least ${30 * CUSTOMERS}`,
    );
  return { products, prices, engine: engine as Engine | 'both' };
}

interface ImportFigures extends FileJobFigures {
  fileBytes: number;
  peaks: MemoryPeaks;
}

interface EngineFigures {
  engine: Engine;
  products: ImportFigures;
  prices: ImportFigures;
  without: ViewerFigures;
  with: ViewerFigures;
}

const seconds = (value: number) => `${value.toFixed(1)} s`;
const ms = (value: number) => `${value.toFixed(1)} ms`;
const perSecond = (figures: FileJobFigures) =>
  Math.round(figures.rows / (figures.storeSeconds + figures.runSeconds)).toLocaleString('en');

async function importFile(
  db: Parameters<typeof runFileJob>[0],
  kind: 'products' | 'prices',
  mode: 'snapshot' | 'delta',
  directory: string,
  lines: Iterable<string>,
): Promise<ImportFigures> {
  const path = join(directory, `${kind}.csv`);
  const fileBytes = await writeLines(path, lines);
  const { result, peaks } = await withMemoryPeaks(() => runFileJob(db, kind, mode, path));
  rmSync(path, { force: true });
  const figures = { ...result, fileBytes, peaks };
  console.log(
    `  ${kind} ${mode}: ${result.rows.toLocaleString('en')} rows (${megabytes(fileBytes)}), ` +
      `applied ${result.applied}, unchanged ${result.unchanged}, refused ${result.refused}, retired ${result.retired}; ` +
      `stored ${seconds(result.storeSeconds)}, ran ${seconds(result.runSeconds)}, ${perSecond(result)} rows/s; ` +
      `RSS ${megabytes(peaks.startRssBytes)} before, peak ${megabytes(peaks.rssBytes)}; peak heap ${megabytes(peaks.heapUsedBytes)}, ${megabytes(peaks.heapRetainedBytes)} kept after`,
  );
  if (result.refused > 0)
    throw new Error(`${result.refused} ${kind} rows were refused: the generator is wrong`);
  return figures;
}

async function benchEngine(engine: Engine, products: number, prices: number): Promise<EngineFigures> {
  const database = await createScratchDatabase();
  const directory = mkdtempSync(join(tmpdir(), 'bench-import-'));
  try {
    console.log(`\n${engine}: seeding the demo data (accounts, warehouses, units, categories) …`);
    await seedDatabase(database.db, database.dialect);
    await createBenchCustomers(database.db);

    const productFigures = await importFile(
      database.db,
      'products',
      'snapshot',
      directory,
      productLines(products),
    );
    const perCustomer = prices / CUSTOMERS;
    const priceFigures = await importFile(
      database.db,
      'prices',
      'delta',
      directory,
      priceLines(perCustomer, products),
    );
    // as after a seed: the planners' statistics of the tables the import filled
    await (database.dialect === 'postgres'
      ? sql`vacuum analyze products, product_units, product_search_tokens, contract_prices`
      : sql`analyze`
    ).execute(database.db);

    console.log(`  searches and order previews, without and with contract prices …`);
    const side = await measureCustomerSide(
      database.db,
      { without: { username: 'buyer' }, with: { username: CONTRACT_USERNAME } },
      products,
      perCustomer,
    );
    return { engine, products: productFigures, prices: priceFigures, ...side };
  } finally {
    rmSync(directory, { recursive: true, force: true });
    await database.drop();
  }
}

function printTables(all: readonly EngineFigures[]) {
  const row = (cells: readonly string[], widths: readonly number[]) =>
    cells
      .map((cell, index) => (index === 0 ? cell.padEnd(widths[0] ?? 0) : cell.padStart(widths[index] ?? 0)))
      .join('  ');
  const importWidths = [34, 11, 10, 9, 9, 11, 10, 10, 10];
  console.log('\nImports (CSV streamed into the job, run by the import runner in this process)');
  console.log(
    row(
      ['', 'rows', 'rows/s', 'store', 'run', 'RSS before', 'peak RSS', 'peak heap', 'heap kept'],
      importWidths,
    ),
  );
  for (const figures of all)
    for (const [label, job] of [
      ['products snapshot', figures.products],
      ['contract prices delta', figures.prices],
    ] as const)
      console.log(
        row(
          [
            `${figures.engine} ${label}`,
            job.rows.toLocaleString('en'),
            perSecond(job),
            seconds(job.storeSeconds),
            seconds(job.runSeconds),
            megabytes(job.peaks.startRssBytes),
            megabytes(job.peaks.rssBytes),
            megabytes(job.peaks.heapUsedBytes),
            megabytes(job.peaks.heapRetainedBytes),
          ],
          importWidths,
        ),
      );

  const t = (timings: Timings) => `${ms(timings.median)} / ${ms(timings.p95)}`;
  const sideWidths = [44, 28, 28];
  console.log('\nA customer without and with contract prices (median / p95)');
  for (const figures of all) {
    console.log(row([figures.engine, 'without contract prices', 'with contract prices'], sideWidths));
    const lines: [string, (viewer: ViewerFigures) => string][] = [
      [
        "  rules: own + its group's",
        (v) => `${v.rules.own.toLocaleString('en')} + ${v.rules.group.toLocaleString('en')}`,
      ],
      ['  search, ~200 queries', (v) => t(v.search)],
      [
        '  results per search (contract-priced)',
        (v) => `${v.results.toFixed(1)} (${v.contractResults.toFixed(1)})`,
      ],
      ['  order preview, 30 lines, 50 runs', (v) => t(v.order)],
      ['  order total', (v) => v.orderTotal],
    ];
    for (const [label, cell] of lines)
      console.log(row([label, cell(figures.without), cell(figures.with)], sideWidths));
  }
}

const { products, prices, engine } = parseArguments(process.argv.slice(2));
const postgresUrl = process.env.DATABASE_URL;
const engines: Engine[] = engine === 'both' ? ['sqlite', 'postgres'] : [engine];
const all: EngineFigures[] = [];
console.log(
  `bench:import: ${products.toLocaleString('en')} products, ${prices.toLocaleString('en')} contract prices ` +
    `(${CUSTOMERS} customers × ${prices / CUSTOMERS} products); Node ${process.version}`,
);
for (const name of engines) {
  if (name === 'postgres' && !isPostgresUrl(postgresUrl)) {
    console.log('\npostgres: skipped (set DATABASE_URL to a PostgreSQL server)');
    continue;
  }
  // createScratchDatabase picks the engine from DATABASE_URL
  if (name === 'sqlite') delete process.env.DATABASE_URL;
  else process.env.DATABASE_URL = postgresUrl;
  all.push(await benchEngine(name, products, prices));
}
printTables(all);
