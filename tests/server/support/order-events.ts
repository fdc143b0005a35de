import type { ServerApp } from '../../../server/app';
import type { IntegrationScope } from '../../../server/imports/import-kind';
import { createIntegrationKey } from '../../../server/integration/keys';
import type { OrderEventPayload } from '../../../server/order-events/order-event-payload';
import type { TestServer } from './test-server';

const BASE = '/api/integration/v1';

export interface PulledEvent {
  cursor: string;
  id: string;
  type: string;
  created_at: string;
  order_id: number;
  payload: OrderEventPayload;
}

export interface EventPage {
  events: PulledEvent[];
  next_cursor: string;
  has_more: boolean;
}

/** A new integration key holding `scopes`; answers its secret. */
export async function eventKey(server: TestServer, scopes: IntegrationScope[] = ['events:read']) {
  const { secret } = await createIntegrationKey(server.database.db, {
    name: `events-${scopes.join('-') || 'none'}`,
    scopes,
    createdBy: 'cli',
    now: server.clock.now(),
  });
  return secret;
}

/** GET /events as an ERP calls it: its status and body. */
export async function pullEvents(app: ServerApp, key: string | undefined, query = '') {
  const response = await app.request(
    `${BASE}/events${query ? `?${query}` : ''}`,
    { headers: key === undefined ? {} : { Authorization: `Bearer ${key}` } },
    { incoming: { socket: { remoteAddress: '198.51.100.9' } } },
  );
  return { status: response.status, body: (await response.json()) as EventPage & Record<string, unknown> };
}

/** Every event after `after`, a page of `limit` at a time, as a poller pages on; and the last cursor. */
export async function pullAll(app: ServerApp, key: string, after = '0', limit = 100) {
  const events: PulledEvent[] = [];
  let cursor = after;
  for (;;) {
    const { status, body } = await pullEvents(app, key, `after=${cursor}&limit=${limit}`);
    if (status !== 200) throw new Error(`GET /events answered ${status}: ${JSON.stringify(body)}`);
    events.push(...body.events);
    cursor = body.next_cursor;
    if (!body.has_more) return { events, cursor };
  }
}
