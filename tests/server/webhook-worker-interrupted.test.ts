import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { defaultWebhookSettings } from '../../server/webhooks/webhook-settings';
import { startWebhookWorker } from '../../server/webhooks/webhook-worker';
import { startTestServer, type TestServer } from './support/test-server';
import {
  deliveriesByEvent,
  quietLog,
  recordEvent,
  registerReceiver,
  seededOrderIds,
  startWebhookReceiver,
  waitUntil,
} from './support/webhooks';

const root = resolve(__dirname, '../..');
/** the killed worker's leases: its request timeout and 30 s */
const KILLED_LEASE_MS = defaultWebhookSettings.timeoutMs + 30_000;

let server: TestServer;
const db = () => server.database.db;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
// the endpoints of a test take no events of the next
afterEach(async () => {
  await db().updateTable('webhook_endpoints').set({ retired_at: new Date().toISOString() }).execute();
});

/** The worker in a process of its own on the test's database (scripts/webhook-worker.ts). */
function workerProcess(): { child: ChildProcess; output: () => string } {
  const { connection } = server.database;
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/webhook-worker.ts'], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      ...('databaseUrl' in connection
        ? { DATABASE_URL: connection.databaseUrl }
        : { DATA_DIR: connection.dataDir }),
      WEBHOOK_POLL_MS: '10',
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output };
}

describe('a webhook worker killed mid-delivery', () => {
  it('loses no event: another worker sends each again with the same webhook-id', async () => {
    // the first request of each event is held open, as a slow receiver would: the worker dies waiting
    const receiver = await startWebhookReceiver((_request, tries) => (tries === 1 ? 'hold' : 204));
    await registerReceiver(db(), receiver, new Date());
    const orders = await seededOrderIds(db(), 3);
    const events: string[] = [];
    for (const order of orders) events.push(await recordEvent(db(), order, new Date(), 'order.placed'));

    const { child, output } = workerProcess();
    const exited = new Promise((done) => child.once('exit', done));
    let worker: ReturnType<typeof startWebhookWorker> | undefined;
    try {
      await waitUntil('the worker process sending all three', () => receiver.received.length === 3).catch(
        (error: unknown) => {
          throw new Error(`${String(error)}\n${output()}`);
        },
      );
      child.kill('SIGKILL');
      await exited;
      // the killed worker's tries never ended: nothing is marked delivered
      expect((await deliveriesByEvent(db())).map((row) => row.status)).toEqual([
        'pending',
        'pending',
        'pending',
      ]);

      // its leases run out (this worker's clock is past them), and a worker of another process takes over
      const later = () => new Date(Date.now() + KILLED_LEASE_MS + 1_000);
      worker = startWebhookWorker({ db: db(), now: later, pollMs: 10, log: quietLog });
      await waitUntil('every event taken', () => receiver.accepted().length === 3);
      await waitUntil('every delivery recorded', async () =>
        (await deliveriesByEvent(db())).every((row) => row.status === 'delivered'),
      );
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await worker?.stop();
      await receiver.close();
    }

    expect(
      receiver
        .accepted()
        .map((each) => each.id)
        .sort(),
    ).toEqual([...events].sort());
    // a repeat carries the event's own id, so the receiver can tell it has it already
    for (const event of events) {
      const tries = receiver.received.filter((each) => each.id === event);
      expect(tries).toHaveLength(2);
      expect(tries.every((each) => each.body === tries[0]?.body)).toBe(true);
    }
    // the killed try is not counted against the delivery
    expect((await deliveriesByEvent(db())).map((row) => row.attempts)).toEqual([1, 1, 1]);
  });
});

describe('a webhook worker stopping', () => {
  it('waits for the request in flight and records its answer', async () => {
    const receiver = await startWebhookReceiver(() => 'hold');
    await registerReceiver(db(), receiver, new Date());
    const [orderId] = await seededOrderIds(db(), 1);
    const event = await recordEvent(db(), Number(orderId), new Date());
    const worker = startWebhookWorker({ db: db(), pollMs: 10, log: quietLog });
    try {
      await waitUntil('the request held', () => receiver.received.length === 1);
      const stopped = worker.stop();
      receiver.answerHeld(200);
      await stopped;
      const row = (await deliveriesByEvent(db())).find((each) => each.event_id === event);
      expect(row).toMatchObject({ status: 'delivered', attempts: 1 });
    } finally {
      await receiver.close();
    }
  });

  it('gives up on a request that outlasts its patience and leaves the delivery to the next worker at once', async () => {
    const receiver = await startWebhookReceiver((_request, tries) => (tries === 1 ? 'hold' : 204));
    await registerReceiver(db(), receiver, new Date());
    const [orderId] = await seededOrderIds(db(), 1);
    const event = await recordEvent(db(), Number(orderId), new Date());
    // a long lease: only giving the delivery back lets the next worker have it before the test ends
    const first = startWebhookWorker({
      db: db(),
      pollMs: 10,
      leaseMs: 3_600_000,
      stopTimeoutMs: 50,
      log: quietLog,
    });
    let next: ReturnType<typeof startWebhookWorker> | undefined;
    try {
      await waitUntil('the request held', () => receiver.received.length === 1);
      await first.stop();
      const row = (await deliveriesByEvent(db())).find((each) => each.event_id === event);
      // untried as far as the count goes: the receiver never answered
      expect(row).toMatchObject({ status: 'pending', attempts: 0 });

      next = startWebhookWorker({ db: db(), pollMs: 10, log: quietLog });
      await waitUntil('the next worker delivered it', () => receiver.accepted().length === 1);
      expect(receiver.accepted()[0]?.id).toBe(event);
    } finally {
      await next?.stop();
      await receiver.close();
    }
  });
});
