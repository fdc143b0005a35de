/**
 * The server under concurrent load (`npm run bench:load`): starts the portal on a free loopback port
 * as a child process (50,000-product seed, SQLite, then PostgreSQL when DATABASE_URL is set), signs
 * in as buyer, and runs autocannon against search, product page, cart GET, cart PUT and order
 * preview at 10, 50 and 100 connections. Prints one row per endpoint × connections; asserts nothing.
 * On PostgreSQL it then places orders (POST /api/netb2b/orders/, an Idempotency-Key each) and
 * previews them at 10 and 50 connections, over the seed's orders and again with 200,000 delivered
 * suborders more, side by side (bench-load-history.ts): the cost must not grow with history.
 * On both engines it measures webhook delivery lag while orders are placed at 50 connections
 * (bench-load-webhook-lag.ts): p50 and p99 of receipt − the event's created_at, and the count.
 *
 * Knobs: BENCH_SECONDS (10), BENCH_CONNECTIONS (10,50,100), BENCH_ENDPOINTS (search,product,
 * cart-get,cart-put,preview), BENCH_PRODUCTS (50000), BENCH_ENGINES (sqlite,postgres),
 * BENCH_CPU_PROF=<dir> (the server writes a V8 CPU profile there on exit; see bench-load-profile.ts),
 * BENCH_SERVER_LOG=1 (print what the server wrote once it has stopped), BENCH_HISTORY (200000
 * delivered suborders; 0 leaves the order-history rows out), BENCH_HISTORY_CONNECTIONS (10,50),
 * BENCH_WEBHOOK_CONNECTIONS (50; 0 leaves the webhook row out).
 * BENCH_ENDPOINTS=none BENCH_ENGINES=postgres runs the order-history rows alone.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runHistoryRows } from './bench-load-history';
import { type RowResult, runRow } from './bench-load-run';
import { prepareScenario, type Scenario } from './bench-load-scenario';
import { type BenchServer, startBenchServer } from './bench-load-server';
import { runWebhookLagRow } from './bench-load-webhook-lag';

const seconds = Number(process.env.BENCH_SECONDS || 10);
const connectionCounts = (process.env.BENCH_CONNECTIONS || '10,50,100').split(',').map(Number);
const allEndpoints = ['search', 'product', 'cart-get', 'cart-put', 'preview'] as const;
type Endpoint = (typeof allEndpoints)[number];
const endpoints = (process.env.BENCH_ENDPOINTS || allEndpoints.join(','))
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is Endpoint => (allEndpoints as readonly string[]).includes(name));
const products = Number(process.env.BENCH_PRODUCTS || 50_000);
const databaseUrl = process.env.DATABASE_URL;
const historySuborders = Number(process.env.BENCH_HISTORY ?? 200_000);
const historyConnections = (process.env.BENCH_HISTORY_CONNECTIONS || '10,50').split(',').map(Number);
const webhookConnections = Number(process.env.BENCH_WEBHOOK_CONNECTIONS ?? 50);
const engines = (process.env.BENCH_ENGINES || 'sqlite,postgres')
  .split(',')
  .filter((engine) => engine === 'sqlite' || (engine === 'postgres' && databaseUrl));

const cpu = cpus();
console.log(`bench:load  ${new Date().toISOString()}`);
console.log(
  `Node ${process.version}, ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} cores, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')}`,
);
console.log(
  `${products} products, ${seconds} s per row, connections ${connectionCounts.join('/')}, autocannon in this process (1 thread)\n`,
);

const header = `${'endpoint'.padEnd(13)}${'conns'.padStart(6)}${'req/s'.padStart(9)}${'p50 ms'.padStart(8)}${'p99 ms'.padStart(8)}${'errors'.padStart(8)}${'kB/req'.padStart(8)}${'RSS peak MiB'.padStart(14)}`;
const formatRow = (endpoint: string, row: RowResult) =>
  `${endpoint.padEnd(13)}${String(row.connections).padStart(6)}${row.requestsPerSecond.toFixed(0).padStart(9)}${String(row.p50).padStart(8)}${String(row.p99).padStart(8)}${String(row.errors).padStart(8)}${row.kilobytesPerRequest.toFixed(1).padStart(8)}${row.rssPeakMiB.toFixed(0).padStart(14)}`;

for (const engine of engines) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-load-data-'));
  const distDir = mkdtempSync(join(tmpdir(), 'bench-load-dist-'));
  let server: BenchServer | undefined;
  try {
    const started = performance.now();
    server = await startBenchServer({ engine, databaseUrl, dataDir, distDir, products });
    console.log(
      `${engine}: server up in ${((performance.now() - started) / 1000).toFixed(1)} s (seed included), RSS ${server.rssMiB().toFixed(0)} MiB`,
    );
    const scenario: Scenario = await prepareScenario(server.origin, products);
    console.log(
      `  cart: ${scenario.cartLines.length} lines; ${scenario.queries.length} search queries, ${scenario.productIds.length} product ids rotated\n`,
    );
    console.log(header);
    for (const endpoint of endpoints) {
      for (const connections of connectionCounts) {
        // A fresh access token per row: a full run outlasts the 5-minute token.
        await scenario.refreshSession();
        const row = await runRow(server, scenario.requestsFor(endpoint), connections, seconds);
        console.log(formatRow(endpoint, row));
        if (row.errorDetail) console.log(`  errors: ${row.errorDetail}`);
      }
    }
    if (webhookConnections > 0)
      await runWebhookLagRow(server, scenario, { connections: webhookConnections, seconds, dataDir });
    if (engine === 'postgres' && historySuborders > 0)
      await runHistoryRows(server, scenario, {
        connections: historyConnections,
        seconds,
        historySuborders,
      });
    console.log(`  RSS after the runs: ${server.rssMiB().toFixed(0)} MiB\n`);
  } catch (error) {
    console.error(`${engine}: the run failed:`, error);
    if (server) console.error(server.log());
  } finally {
    await server?.stop();
    if (process.env.BENCH_SERVER_LOG && server) console.log(server.log());
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(distDir, { recursive: true, force: true });
  }
}
