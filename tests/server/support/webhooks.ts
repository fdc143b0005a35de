import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { type DatabaseHandle, openDatabase } from '../../../server/db/connect';
import type { Database } from '../../../server/db/schema';
import type { ScratchDatabase } from '../../../server/db/scratch-database';
import type { OrderEventType } from '../../../server/order-events/order-event-payload';
import { recordOrderEvent } from '../../../server/order-events/record-order-event';
import { createWebhookEndpoint } from '../../../server/webhooks/webhook-endpoints';

/** One request the receiver got, whether it took it or not. */
export interface ReceivedWebhook {
  id: string;
  timestamp: string;
  signature: string;
  userAgent: string | undefined;
  contentType: string | undefined;
  body: string;
  /** the secret `Webhook.verify` accepted it with; undefined when none did */
  verifiedWith: string | undefined;
  /** the status answered; null while held, or when the connection died first */
  status: number | null;
}

/** How the receiver answers a request: a status, or `hold` (never answer; the connection stays open). */
export type WebhookAnswer = number | 'hold';

export interface WebhookReceiver {
  url: string;
  /** every request in the order it arrived */
  received: ReceivedWebhook[];
  /** the requests answered 2xx */
  accepted(): ReceivedWebhook[];
  /** the secrets a request is verified against; an unverified one is answered 401 */
  secrets: string[];
  /** decides each verified request's answer; `tries` counts the requests of its webhook-id so far, this one included */
  answer: (request: ReceivedWebhook, tries: number) => WebhookAnswer;
  /** answers every held request with `status` */
  answerHeld(status: number): void;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on a free port, as an ERP runs one: it reads the raw body, checks the
 * Standard Webhooks signature with the `standardwebhooks` package and answers as `answer` says.
 */
export async function startWebhookReceiver(
  answer: WebhookReceiver['answer'] = () => 204,
): Promise<WebhookReceiver> {
  const held = new Map<ServerResponse, ReceivedWebhook>();
  const receiver: WebhookReceiver = {
    url: '',
    received: [],
    accepted: () => receiver.received.filter((each) => each.status !== null && each.status < 300),
    secrets: [],
    answer,
    answerHeld: (status) => {
      for (const [response, request] of held) {
        request.status = status;
        response.writeHead(status).end();
      }
      held.clear();
    },
    close: async () => {
      for (const response of held.keys()) response.destroy();
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
    },
  };
  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(',') : value;
    };
    const received: ReceivedWebhook = {
      id: header('webhook-id') ?? '',
      timestamp: header('webhook-timestamp') ?? '',
      signature: header('webhook-signature') ?? '',
      userAgent: header('user-agent'),
      contentType: header('content-type'),
      body,
      verifiedWith: receiver.secrets.find((secret) => verifies(secret, body, request)),
      status: null,
    };
    receiver.received.push(received);
    const tries = receiver.received.filter((each) => each.id === received.id).length;
    const status = received.verifiedWith ? receiver.answer(received, tries) : 401;
    if (status === 'hold') {
      held.set(response, received);
      return;
    }
    received.status = status;
    response.writeHead(status, { 'content-type': 'text/plain' });
    response.end(status < 300 ? '' : `refused by the test receiver (${status})`);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

function verifies(secret: string, body: string, request: IncomingMessage): boolean {
  try {
    new Webhook(secret).verify(body, request.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

/** A clock that stands still until the test moves it: a retry is due exactly when the test says. */
export class ManualClock {
  private at: number;
  constructor(start = Date.now()) {
    this.at = start;
  }
  now = () => new Date(this.at);
  advance(ms: number) {
    this.at += ms;
  }
}

/** Waits for something the worker does in the background; fails with `what` if it never happens. */
export async function waitUntil(what: string, condition: () => boolean | Promise<boolean>, limitMs = 60_000) {
  const deadline = Date.now() + limitMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited in vain for: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A registered endpoint (as the staff console makes one) whose secret the receiver verifies with. */
export async function registerReceiver(db: Kysely<Database>, receiver: WebhookReceiver, now: Date) {
  const { endpoint, secret } = await createWebhookEndpoint(db, {
    url: receiver.url,
    description: 'test receiver',
    createdBy: 'cli',
    now,
  });
  receiver.secrets.push(secret);
  return { endpointId: endpoint.id, secret };
}

/**
 * Records an order event the way placing, changing or cancelling an order does: inside a
 * transaction, with one pending delivery per enabled endpoint. Answers the event's id.
 */
export async function recordEvent(
  db: Kysely<Database>,
  orderId: number,
  now: Date,
  type: OrderEventType = 'order.amended',
): Promise<string> {
  const { id } = await db.transaction().execute((trx) => recordOrderEvent(trx, { orderId, type, now }));
  return id;
}

/** The first `count` orders of the seeded demo database. */
export async function seededOrderIds(db: Kysely<Database>, count: number): Promise<number[]> {
  const rows = await db.selectFrom('orders').select('id').orderBy('id').limit(count).execute();
  if (rows.length < count) throw new Error(`the seed has ${rows.length} orders, the test needs ${count}`);
  return rows.map((row) => row.id);
}

/** Another connection to the scratch database, as another server process has. */
export function anotherConnection(database: ScratchDatabase): DatabaseHandle {
  return openDatabase(
    'databaseUrl' in database.connection
      ? { dataDir: '', databaseUrl: database.connection.databaseUrl }
      : { dataDir: database.connection.dataDir },
  );
}

/** The delivery rows of events, by event id. */
export async function deliveriesByEvent(db: Kysely<Database>) {
  const rows = await db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('order_events as ev', 'ev.seq', 'd.event_seq')
    .select(['ev.id as event_id', 'ev.seq', 'ev.order_id', 'd.status', 'd.attempts', 'd.endpoint_id'])
    .orderBy('ev.seq')
    .execute();
  return rows;
}

export const quietLog = { warn: () => {}, error: () => {} };
