/**
 * The order-history rows of `npm run bench:load` (PostgreSQL): order placement and the order preview
 * at a few connection counts, first over the seed's few orders, then again after 200,000 delivered
 * suborders were added, printed side by side with their ratio. Placing an order must not cost more
 * because the company has delivered many before; a ratio near 1 says it does not.
 *
 * The database is written directly (pg), outside the server: the history is inserted set-based
 * (generate_series), and before every row the stock of the ordered products is topped up and the
 * suborders the bench placed so far are marked delivered, so every row starts from the same open work.
 */
import pg from 'pg';
import { type RowResult, runRow } from './bench-load-run';
import type { BenchRequest, Scenario } from './bench-load-scenario';
import type { BenchServer } from './bench-load-server';

/** The accounts that place the bench's orders, each with its own session (the seed's, `<name>123`). */
const ORDERING_ACCOUNTS = ['buyer', 'colleague', 'other', 'private', 'owner'];
const LINES_PER_ORDER = 5;
const HISTORY_NOTE = 'bench-load history';
const SETTLE_MS = 2000;
const WARM_UP_SECONDS = 5;

export interface OrderLine {
  product: number;
  unit: number;
}

export interface HistoryDatabase {
  /** adds `count` delivered suborders (two per order, spread over the operators); answers the seconds taken */
  insertClosedHistory(count: number): Promise<number>;
  /** tops up the stock of the products the rows order and closes the suborders the bench placed */
  resetBetweenRows(productIds: readonly number[]): Promise<void>;
  /** suborders not delivered, and all suborders */
  suborderCounts(): Promise<{ open: number; all: number }>;
  close(): Promise<void>;
}

export async function openHistoryDatabase(url: string): Promise<HistoryDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ last: number | null }>('select max(id) as last from suborders');
  // the seed's suborders keep their status; everything after them is the bench's
  const seedLast = Number(rows[0]?.last ?? 0);
  return {
    async insertClosedHistory(count) {
      const started = performance.now();
      const orderCount = Math.ceil(count / 2);
      await client.query('begin');
      await client.query(
        `insert into orders (company_id, user_id, total, created_at, is_finalized, finalized_at,
           expected_delivery_date, is_preorder, customer_note, subtotal, discount_amount, tax,
           deposit_total, total_without_tax, price_basis)
         select u.company_id, u.id, '20.00', to_char(day, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 1,
           to_char(day + interval '9 days', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
           to_char(day + interval '7 days', 'YYYY-MM-DD'), 0, $2, '20.00', '0.00', '0.00', '0.00',
           '20.00', 'net'
         from generate_series(1, $1::int) as g
         cross join lateral (select timestamp '2025-01-01' + (g % 600) * interval '1 day' as day) as d
         join users u on u.username = 'other'`,
        [orderCount, HISTORY_NOTE],
      );
      await client.query(
        `insert into suborders (order_id, warehouse_id, operator_id, total, status, created_at, estimated_delivery_date)
         select o.id, op.warehouse_id, op.id, '10.00', 'delivered', o.created_at, o.expected_delivery_date
         from (select id, created_at, expected_delivery_date, row_number() over (order by id) as n
               from orders where customer_note = $2) as o
         join (select id, warehouse_id, row_number() over (order by id) - 1 as k,
                 count(*) over () as operators from operators) as op
           on op.k = o.n % op.operators or op.k = (o.n + 1) % op.operators
         order by o.id
         limit $1`,
        [count, HISTORY_NOTE],
      );
      await client.query('commit');
      await client.query('vacuum analyze orders, suborders');
      return (performance.now() - started) / 1000;
    },
    async resetBetweenRows(productIds) {
      // Orders of the last row may still be in flight: one row per statement (one operator's
      // suborders at a time) takes one lock at a time and so cannot deadlock with them.
      for (const id of productIds)
        await client.query('update products set quantity_in_stock = 1000000000 where id = $1', [id]);
      const operators = await client.query<{ id: number }>('select id from operators order by id');
      for (const { id } of operators.rows)
        await client.query(
          `update suborders set status = 'delivered' where operator_id = $1 and id > $2 and status <> 'delivered'`,
          [id, seedLast],
        );
    },
    async suborderCounts() {
      const { rows: counted } = await client.query<{ open: string; all: string }>(
        `select count(*) filter (where status <> 'delivered') as open, count(*) as all from suborders`,
      );
      return { open: Number(counted[0]?.open ?? 0), all: Number(counted[0]?.all ?? 0) };
    },
    close: () => client.end(),
  };
}

/** yyyy-mm-dd `days` after today (UTC), a valid delivery date for `days` of 7 to 365 */
const dayAfter = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Sessions of the ordering accounts, and the order rotation: each request is a new order of
 * LINES_PER_ORDER lines taken in turn from `lines` (so orders spread over products and warehouses
 * instead of all queueing for the same stock rows), by the next account, with its own Idempotency-Key.
 */
export async function orderRequests(
  origin: string,
  baseHeaders: Record<string, string>,
  csrf: string,
  lines: readonly OrderLine[],
): Promise<{ headers: Record<string, string>; next: () => BenchRequest }> {
  const sessions: string[] = [];
  for (const username of ORDERING_ACCOUNTS) {
    const response = await fetch(`${origin}/api/token/`, {
      method: 'POST',
      headers: { ...baseHeaders, 'Content-Type': 'application/json' },
      body: JSON.stringify({ username, password: `${username}123` }),
    });
    if (!response.ok)
      throw new Error(`sign-in of ${username} failed: ${response.status} ${await response.text()}`);
    sessions.push(((await response.json()) as { access: string }).access);
  }
  if (lines.length < LINES_PER_ORDER) throw new Error('too few products to order');
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const expectedDeliveryDate = dayAfter(10);
  let turn = 0;
  return {
    headers: { ...baseHeaders, Cookie: `csrftoken=${csrf}`, 'X-CSRFToken': csrf },
    next() {
      const start = (turn * LINES_PER_ORDER) % lines.length;
      const items = Array.from({ length: LINES_PER_ORDER }, (_, offset) => {
        const line = lines[(start + offset) % lines.length] as OrderLine;
        return { product: line.product, unit: line.unit, quantity: '1', campaign: null };
      });
      const session = sessions[turn % sessions.length] as string;
      turn += 1;
      return {
        method: 'POST',
        path: '/api/netb2b/orders/',
        headers: { Authorization: `Bearer ${session}`, 'Idempotency-Key': `bench-${run}-${turn}` },
        body: JSON.stringify({
          items,
          expected_delivery_date: expectedDeliveryDate,
          is_preorder: false,
          customer_note: '',
        }),
      };
    },
  };
}

interface HistoryRowResult {
  endpoint: string;
  connections: number;
  empty: RowResult;
  history?: RowResult;
}

const cell = (row: RowResult | undefined) =>
  row
    ? `${row.requestsPerSecond.toFixed(0).padStart(7)}${String(row.p50).padStart(7)}${String(row.p99).padStart(7)}${String(row.errors).padStart(7)}`
    : ' '.repeat(28);
const ratio = (after: number | undefined, before: number) =>
  after === undefined || before === 0 ? '-' : (after / before).toFixed(2);

/**
 * Runs the order and preview rows at each connection count over the seed's orders, inserts the
 * history, runs them again, and prints both side by side (ratio = with history / empty).
 */
export async function runHistoryRows(
  server: BenchServer,
  scenario: Scenario,
  options: { connections: readonly number[]; seconds: number; historySuborders: number },
): Promise<void> {
  if (!server.databaseUrl) throw new Error('the order-history rows need the run’s PostgreSQL database');
  const database = await openHistoryDatabase(server.databaseUrl);
  try {
    const productIds = scenario.orderLines.map((line) => line.product);
    const results: HistoryRowResult[] = [];
    const runAll = async (phase: 'warm-up' | 'empty' | 'history') => {
      const orders = await orderRequests(
        server.origin,
        scenario.baseHeaders,
        scenario.csrf,
        scenario.orderLines,
      );
      if (phase === 'warm-up') {
        // unmeasured: the first rows would otherwise also pay for cold caches and JIT, and the
        // comparison would flatter the history run that comes second
        for (const requests of [orders, scenario.requestsFor('preview')])
          await runRow(server, requests, 10, WARM_UP_SECONDS);
        return;
      }
      let index = 0;
      for (const endpoint of ['order', 'preview']) {
        for (const connections of options.connections) {
          // let the last row's requests still in flight finish first
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          await database.resetBetweenRows(productIds);
          await scenario.refreshSession();
          const requests = endpoint === 'order' ? orders : scenario.requestsFor('preview');
          const row = await runRow(server, requests, connections, options.seconds);
          console.log(
            `  ${phase} ${endpoint} ${connections}: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50} ms${row.errorDetail ? `, errors ${row.errorDetail}` : ''}`,
          );
          if (phase === 'empty') results.push({ endpoint, connections, empty: row });
          else if (results[index]) (results[index] as HistoryRowResult).history = row;
          index += 1;
        }
      }
    };

    const before = await database.suborderCounts();
    console.log(
      `\norder history rows (${options.seconds} s each): first over the seed's ${before.all} suborders (${before.open} open)`,
    );
    await runAll('warm-up');
    await runAll('empty');
    await database.resetBetweenRows(productIds);
    const seconds = await database.insertClosedHistory(options.historySuborders);
    const after = await database.suborderCounts();
    console.log(
      `  then ${options.historySuborders} delivered suborders inserted in ${seconds.toFixed(1)} s (vacuum analyze included): ${after.all} suborders, ${after.open} open`,
    );
    await runAll('history');

    console.log(
      `\n${'endpoint'.padEnd(10)}${'conns'.padStart(6)} | ${'empty history'.padEnd(28)}| ${`${options.historySuborders} closed suborders`.padEnd(28)}| ratio`,
    );
    console.log(
      `${''.padEnd(16)} | ${'req/s'.padStart(7)}${'p50'.padStart(7)}${'p99'.padStart(7)}${'errors'.padStart(7)}| ${'req/s'.padStart(7)}${'p50'.padStart(7)}${'p99'.padStart(7)}${'errors'.padStart(7)}| req/s   p50`,
    );
    for (const { endpoint, connections, empty, history } of results)
      console.log(
        `${endpoint.padEnd(10)}${String(connections).padStart(6)} | ${cell(empty)}| ${cell(history)}| ${ratio(history?.requestsPerSecond, empty.requestsPerSecond).padStart(5)} ${ratio(history?.p50, empty.p50).padStart(5)}`,
      );
  } finally {
    await database.close();
  }
}
