/**
 * The webhook row of `npm run bench:load`: how long an order event takes to reach the supplier's
 * receiver while orders are being placed. A receiver in this process (node:http on a loopback port)
 * is registered as a webhook endpoint through the integration API and notes when each event
 * arrives; orders are placed at 50 connections as the order-history rows place them; then the row
 * waits until every event the orders wrote (read back through the pull API) has arrived.
 * Lag = receipt − the event's created_at (the order transaction's clock, as the body's `timestamp`
 * carries it), so it holds the rest of that transaction, the worker's poll and the send.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { openDatabase } from '../server/db/connect';
import { createIntegrationKey } from '../server/integration/keys';
import { openHistoryDatabase, orderRequests } from './bench-load-history';
import { runRow } from './bench-load-run';
import type { Scenario } from './bench-load-scenario';
import type { BenchServer } from './bench-load-server';

const API = '/api/integration/v1';
/** how long the row waits for the events still on their way once the orders stopped */
const DRAIN_TIMEOUT_MS = 120_000;

interface Receipt {
  receivedAt: number;
  createdAt: number;
}

/** The receiver: the first arrival of each webhook-id, and how many arrived again. */
async function startReceiver() {
  const receipts = new Map<string, Receipt>();
  let repeated = 0;
  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });
  const server: Server = createServer((request, response) => {
    const receivedAt = Date.now();
    readBody(request)
      .then((body) => {
        const id = String(request.headers['webhook-id'] ?? '');
        if (receipts.has(id)) repeated += 1;
        else
          receipts.set(id, {
            receivedAt,
            createdAt: Date.parse((JSON.parse(body) as { timestamp: string }).timestamp),
          });
        response.writeHead(204).end();
      })
      .catch(() => response.writeHead(400).end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks`,
    receipts,
    repeated: () => repeated,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** nearest-rank percentile of sorted values */
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

export async function runWebhookLagRow(
  server: BenchServer,
  scenario: Scenario,
  options: { connections: number; seconds: number; dataDir: string },
): Promise<void> {
  // the key is made on the server's database, as `npm run integration -- key create` does
  const { db } = openDatabase({ dataDir: options.dataDir, databaseUrl: server.databaseUrl });
  let key: string;
  try {
    ({ secret: key } = await createIntegrationKey(db, {
      name: 'bench-load webhook lag',
      scopes: ['events:read', 'webhooks:write'],
      createdBy: 'bench-load',
      now: new Date(),
    }));
  } finally {
    await db.destroy();
  }
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.origin}${API}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${key}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.status === 204 ? undefined : ((await response.json()) as unknown);
  };
  /** every event after `cursor`, paged through the pull API */
  const eventsAfter = async (cursor: string) => {
    const ids: string[] = [];
    for (let after = cursor; ; ) {
      const page = (await call('GET', `/events?after=${after}&limit=500`)) as {
        events: { id: string }[];
        next_cursor: string;
        has_more: boolean;
      };
      ids.push(...page.events.map((event) => event.id));
      after = page.next_cursor;
      if (!page.has_more) return { ids, cursor: after };
    }
  };

  const receiver = await startReceiver();
  const { endpoint } = (await call('POST', '/webhook-endpoints', {
    url: receiver.url,
    description: 'bench-load webhook lag',
  })) as { endpoint: { id: number } };
  try {
    if (server.databaseUrl) {
      // the order-history rows' stock top-up, so the orders are not refused for stock
      const history = await openHistoryDatabase(server.databaseUrl);
      await history.resetBetweenRows(scenario.orderLines.map((line) => line.product));
      await history.close();
    }
    const { cursor } = await eventsAfter('0');
    await scenario.refreshSession();
    const orders = await orderRequests(
      server.origin,
      scenario.baseHeaders,
      scenario.csrf,
      scenario.orderLines,
    );
    const row = await runRow(server, orders, options.connections, options.seconds);
    const drainStarted = Date.now();
    const { ids } = await eventsAfter(cursor);
    while (ids.some((id) => !receiver.receipts.has(id)) && Date.now() - drainStarted < DRAIN_TIMEOUT_MS)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const lags = ids
      .flatMap((id) => {
        const receipt = receiver.receipts.get(id);
        return receipt ? [receipt.receivedAt - receipt.createdAt] : [];
      })
      .sort((a, b) => a - b);
    const drained = ((Date.now() - drainStarted) / 1000).toFixed(1);
    console.log(
      `\nwebhook delivery lag while orders are placed (${options.seconds} s at ${options.connections} connections, one endpoint):`,
    );
    console.log(
      `  orders: ${row.requestsPerSecond.toFixed(0)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}${row.errorDetail ? ` (${row.errorDetail})` : ''}`,
    );
    console.log(
      `  events: ${lags.length} of ${ids.length} received (${receiver.repeated()} sent again), the last ${drained} s after the orders stopped`,
    );
    console.log(
      `  lag (receipt − created_at): p50 ${percentile(lags, 0.5)} ms, p99 ${percentile(lags, 0.99)} ms, max ${lags.at(-1) ?? Number.NaN} ms`,
    );
  } finally {
    await call('DELETE', `/webhook-endpoints/${endpoint.id}`).catch((error: unknown) =>
      console.error('retiring the bench endpoint failed:', error),
    );
    await receiver.close();
  }
}
