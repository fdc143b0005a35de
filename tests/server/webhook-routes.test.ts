import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { IntegrationScope } from '../../server/imports/import-kind';
import { createIntegrationKey } from '../../server/integration/keys';
import {
  createdWebhookEndpointWire,
  webhookDeliveryWire,
  webhookEndpointListWire,
  webhookEndpointWire,
} from '../../server/webhooks/webhook-wire';
import { startWebhookWorker } from '../../server/webhooks/webhook-worker';
import { staffSessionWire } from '../../src/services/api/wire/staff';
import { TestClient } from './support/http-client';
import { startTestServer, type TestServer } from './support/test-server';
import {
  deliveriesByEvent,
  ManualClock,
  quietLog,
  recordEvent,
  seededOrderIds,
  startWebhookReceiver,
  type WebhookReceiver,
  waitUntil,
} from './support/webhooks';

let server: TestServer;
let client: TestClient;
let token: string;
const db = () => server.database.db;
const receivers: WebhookReceiver[] = [];

beforeAll(async () => {
  server = await startTestServer();
  client = new TestClient(server.app);
  token = await staffSignIn();
});
afterAll(() => server.close());
afterEach(async () => {
  for (const receiver of receivers.splice(0)) await receiver.close();
  // the endpoints of a test take no events of the next
  await db().updateTable('webhook_endpoints').set({ retired_at: new Date().toISOString() }).execute();
});

const staffCall = (method: string, path: string, body?: unknown) => client.json(method, path, body, token);

/** A fresh staff token (one from before the test clock moved a day on has expired by then). */
async function staffSignIn() {
  const answer = await client.json('POST', '/api/staff/session/', {
    username: 'staff',
    password: 'staff123',
  });
  return staffSessionWire.parse(answer.body).access;
}

async function receiver(answer?: WebhookReceiver['answer']) {
  const started = await startWebhookReceiver(answer);
  receivers.push(started);
  return started;
}

/** Adds an endpoint through the staff API; the receiver verifies with its secret. */
async function addEndpoint(target: WebhookReceiver, description = 'ERP') {
  const answer = await staffCall('POST', '/api/staff/webhook-endpoints', { url: target.url, description });
  expect(answer.status).toBe(201);
  const created = createdWebhookEndpointWire.parse(answer.body);
  target.secrets.push(created.secret);
  return created;
}

async function listed() {
  const answer = await staffCall('GET', '/api/staff/webhook-endpoints');
  expect(answer.status).toBe(200);
  return webhookEndpointListWire.parse(answer.body).endpoints;
}

async function deliveryPage(query: string) {
  const answer = await staffCall('GET', `/api/staff/webhook-deliveries?${query}`);
  expect(answer.status).toBe(200);
  const body = answer.body as { deliveries: unknown[]; next_before: number | null };
  return {
    deliveries: body.deliveries.map((each) => webhookDeliveryWire.parse(each)),
    nextBefore: body.next_before,
  };
}

const testSend = async (id: number) => {
  const answer = await staffCall('POST', `/api/staff/webhook-endpoints/${id}/test`, {});
  expect(answer.status).toBe(200);
  return answer.body as { ok: boolean; status: number | null; error: string | null; duration_ms: number };
};

describe('webhook endpoints in the staff console', () => {
  it('adds an endpoint and shows its secret once', async () => {
    const target = await receiver();
    const { endpoint, secret } = await addEndpoint(target, 'Warehouse ERP');

    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(endpoint).toMatchObject({
      url: target.url,
      description: 'Warehouse ERP',
      enabled: true,
      created_by: 'staff:staff',
      previous_secret_expires_at: null,
      pending: 0,
      failing: 0,
      dead: 0,
    });
    const list = await staffCall('GET', '/api/staff/webhook-endpoints');
    expect(webhookEndpointListWire.parse(list.body).endpoints.map((each) => each.id)).toContain(endpoint.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);
  });

  it('refuses a URL that is not http(s), naming the field', async () => {
    for (const url of [
      'ftp://erp.example/hooks',
      'erp.example/hooks',
      'https://user:pw@erp.example/hooks',
      '',
    ]) {
      const answer = await staffCall('POST', '/api/staff/webhook-endpoints', { url });
      expect(answer.status, url).toBe(400);
      expect(answer.body, url).toMatchObject({ code: 'invalid', errors: { url: [expect.any(String)] } });
    }
    const missing = await staffCall('POST', '/api/staff/webhook-endpoints', { description: 'no url' });
    expect(missing.status).toBe(400);
    expect(Object.keys((missing.body as { errors: object }).errors)).toEqual(['url']);
  });

  it('answers 401 without a staff token', async () => {
    expect((await client.json('GET', '/api/staff/webhook-endpoints')).status).toBe(401);
    expect((await client.json('GET', '/api/staff/webhook-deliveries')).status).toBe(401);
  });

  it('test-sends a signed webhook.test event and reports how the endpoint answered', async () => {
    const taking = await receiver();
    const { endpoint } = await addEndpoint(taking);
    const sent = await testSend(endpoint.id);
    expect(sent).toMatchObject({ ok: true, status: 204, error: null });
    expect(sent.duration_ms).toBeGreaterThanOrEqual(0);
    expect(taking.received).toHaveLength(1);
    expect(taking.received[0]?.verifiedWith).toBeDefined();
    expect(JSON.parse(taking.received[0]?.body ?? '')).toMatchObject({
      type: 'webhook.test',
      data: { endpoint: { id: endpoint.id } },
    });

    const refusing = await receiver(() => 503);
    const refused = await testSend((await addEndpoint(refusing)).endpoint.id);
    expect(refused).toMatchObject({ ok: false, status: 503 });
    expect(refused.error).toMatch(/^HTTP 503/);

    // nobody listens there any more
    const gone = await receiver();
    const { endpoint: nowhere } = await addEndpoint(gone);
    await gone.close();
    const unreachable = await testSend(nowhere.id);
    expect(unreachable).toMatchObject({ ok: false, status: null });
    expect(unreachable.error).toEqual(expect.any(String));

    // nothing of a test send is stored or retried
    const log = await deliveryPage(`endpoint=${endpoint.id}`);
    expect(log.deliveries).toEqual([]);
  });

  it('rotates the secret: the old one still verifies for 24 hours, then only the new one signs', async () => {
    const target = await receiver();
    const { endpoint, secret: oldSecret } = await addEndpoint(target);
    const rotated = await staffCall('POST', `/api/staff/webhook-endpoints/${endpoint.id}/rotate-secret`, {});
    expect(rotated.status).toBe(200);
    const { secret: newSecret, previous_secret_expires_at: expiresAt } = rotated.body as {
      secret: string;
      previous_secret_expires_at: string;
    };
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(expiresAt) - server.clock.now().getTime()).toBeGreaterThan(24 * 3_600_000 - 60_000);
    expect(Date.parse(expiresAt) - server.clock.now().getTime()).toBeLessThanOrEqual(24 * 3_600_000);
    expect((await listed()).find((each) => each.id === endpoint.id)?.previous_secret_expires_at).toBe(
      expiresAt,
    );

    // a receiver still on the old secret, and one already on the new, both verify
    target.secrets.splice(0, target.secrets.length, oldSecret);
    expect(await testSend(endpoint.id)).toMatchObject({ ok: true });
    target.secrets.splice(0, target.secrets.length, newSecret);
    expect(await testSend(endpoint.id)).toMatchObject({ ok: true });
    expect(target.received.map((each) => each.verifiedWith)).toEqual([oldSecret, newSecret]);
    expect(target.received[0]?.signature.split(' ')).toHaveLength(2);

    server.clock.advance(24 * 3_600_000 + 60_000);
    try {
      const dayLater = await staffSignIn();
      const list = await client.json('GET', '/api/staff/webhook-endpoints', undefined, dayLater);
      const now = webhookEndpointListWire.parse(list.body).endpoints.find((each) => each.id === endpoint.id);
      expect(now?.previous_secret_expires_at).toBeNull();
      const sent = await client.json(
        'POST',
        `/api/staff/webhook-endpoints/${endpoint.id}/test`,
        {},
        dayLater,
      );
      expect(sent.status).toBe(200);
      // (the receiver's own clock refuses a timestamp a day ahead, so the signature is checked here)
      const last = target.received.at(-1);
      const signedAt = new Date(Number(last?.timestamp) * 1000);
      expect(last?.signature).toBe(new Webhook(newSecret).sign(last?.id ?? '', signedAt, last?.body ?? ''));
    } finally {
      server.clock.advance(-(24 * 3_600_000 + 60_000));
    }
  });

  it('disables an endpoint: its deliveries wait until it is enabled again', async () => {
    const paused = await receiver();
    const { endpoint } = await addEndpoint(paused, 'paused');
    const [orderId] = await seededOrderIds(db(), 1);
    const waiting = await recordEvent(db(), Number(orderId), new Date());

    const disabled = await staffCall('PATCH', `/api/staff/webhook-endpoints/${endpoint.id}`, {
      enabled: false,
    });
    expect(disabled.status).toBe(200);
    expect(webhookEndpointWire.parse((disabled.body as { endpoint: unknown }).endpoint)).toMatchObject({
      id: endpoint.id,
      enabled: false,
      pending: 1,
    });
    // a disabled endpoint is given no new events
    const running = await receiver();
    await addEndpoint(running, 'running');
    const later = await recordEvent(db(), Number(orderId), new Date());
    expect((await deliveryPage(`endpoint=${endpoint.id}`)).deliveries.map((each) => each.event_id)).toEqual([
      waiting,
    ]);

    const worker = startWebhookWorker({ db: db(), pollMs: 5, log: quietLog });
    try {
      // the other endpoint's event went; the disabled one's, due earlier, was passed by
      await waitUntil('the running endpoint served', () => running.accepted().length === 1);
      expect(running.accepted().map((each) => each.id)).toEqual([later]);
      expect(paused.received).toEqual([]);

      const enabled = await staffCall('PATCH', `/api/staff/webhook-endpoints/${endpoint.id}`, {
        enabled: true,
      });
      expect(enabled.status).toBe(200);
      await waitUntil('the paused endpoint served', () => paused.accepted().length === 1);
      expect(paused.accepted()[0]?.id).toBe(waiting);
    } finally {
      await worker.stop();
    }

    const wrong = await staffCall('PATCH', `/api/staff/webhook-endpoints/${endpoint.id}`, { enabled: 'no' });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ errors: { enabled: [expect.any(String)] } });
    expect((await staffCall('PATCH', '/api/staff/webhook-endpoints/999999', { enabled: true })).status).toBe(
      404,
    );
  });

  it('deletes an endpoint: gone from the list, its open deliveries no longer tried or replayed', async () => {
    const target = await receiver(() => 500);
    const { endpoint } = await addEndpoint(target);
    const [orderId] = await seededOrderIds(db(), 1);
    await recordEvent(db(), Number(orderId), new Date());
    const [open] = (await deliveryPage(`endpoint=${endpoint.id}`)).deliveries;

    const deleted = await staffCall('DELETE', `/api/staff/webhook-endpoints/${endpoint.id}`);
    expect(deleted.status).toBe(204);
    expect((await listed()).map((each) => each.id)).not.toContain(endpoint.id);
    expect((await staffCall('DELETE', `/api/staff/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
    expect((await staffCall('POST', `/api/staff/webhook-endpoints/${endpoint.id}/test`, {})).status).toBe(
      404,
    );
    expect(
      (await staffCall('POST', `/api/staff/webhook-endpoints/${endpoint.id}/rotate-secret`, {})).status,
    ).toBe(404);
    const replay = await staffCall('POST', `/api/staff/webhook-deliveries/${open?.id}/replay`, {});
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({ code: 'endpoint_retired' });
    // the log keeps it, dead, naming where it was meant to go and why it went nowhere
    expect((await deliveryPage(`endpoint=${endpoint.id}`)).deliveries).toEqual([
      expect.objectContaining({
        id: open?.id,
        endpoint_url: target.url,
        state: 'dead',
        last_error: 'The endpoint was deleted.',
      }),
    ]);
    expect((await staffCall('DELETE', '/api/staff/webhook-endpoints/x1')).status).toBe(404);
  });
});

describe('the delivery log in the staff console', () => {
  it('filters by state, endpoint and order, pages newest first, and replays a failing delivery', async () => {
    const clock = new ManualClock();
    const [taken, refused, later] = (await seededOrderIds(db(), 3)).map(Number);
    const target = await receiver((request) =>
      JSON.parse(request.body).data.order.id === taken ? 204 : 500,
    );
    const { endpoint } = await addEndpoint(target);
    const delivered = await recordEvent(db(), Number(taken), clock.now(), 'order.placed');
    const dead = await recordEvent(db(), Number(refused), clock.now(), 'order.placed');
    const pending = await recordEvent(db(), Number(refused), clock.now(), 'order.amended');
    const worker = startWebhookWorker({
      db: db(),
      now: clock.now,
      pollMs: 5,
      maxAttempts: 2,
      backoffBaseMs: 1_000,
      random: () => 1,
      log: quietLog,
    });
    const row = async (eventId: string) =>
      (await deliveriesByEvent(db())).find((each) => each.event_id === eventId);
    let failing = '';
    try {
      await waitUntil(
        'the first tries',
        async () => (await row(delivered))?.status === 'delivered' && (await row(dead))?.attempts === 1,
      );
      clock.advance(1_000);
      await waitUntil('the refused one dead', async () => (await row(dead))?.status === 'dead');
      failing = await recordEvent(db(), Number(later), clock.now(), 'order.placed');
      await waitUntil('a failing one', async () => (await row(failing))?.attempts === 1);
    } finally {
      await worker.stop();
    }

    const byState = async (state: string) =>
      (await deliveryPage(`endpoint=${endpoint.id}&state=${state}`)).deliveries.map((each) => each.event_id);
    expect(await byState('delivered')).toEqual([delivered]);
    expect(await byState('dead')).toEqual([dead]);
    expect(await byState('pending')).toEqual([pending]);
    expect(await byState('failing')).toEqual([failing]);
    expect((await listed()).find((each) => each.id === endpoint.id)).toMatchObject({
      pending: 1,
      failing: 1,
      dead: 1,
    });

    const all = (await deliveryPage(`endpoint=${endpoint.id}`)).deliveries;
    expect(all.map((each) => each.event_id)).toEqual([failing, pending, dead, delivered]);
    expect(all.map((each) => each.state)).toEqual(['failing', 'pending', 'dead', 'delivered']);
    expect(all[3]).toMatchObject({ endpoint_url: target.url, order_id: taken, event_type: 'order.placed' });
    expect(all[3]?.delivered_at).not.toBeNull();
    const ofOrder = (await deliveryPage(`endpoint=${endpoint.id}&order=${refused}`)).deliveries;
    expect(ofOrder.map((each) => each.event_id)).toEqual([pending, dead]);
    expect((await deliveryPage('endpoint=999999')).deliveries).toEqual([]);

    const first = await deliveryPage(`endpoint=${endpoint.id}&limit=3`);
    expect(first.deliveries.map((each) => each.event_id)).toEqual([failing, pending, dead]);
    expect(first.nextBefore).toBe(first.deliveries[2]?.id);
    const second = await deliveryPage(`endpoint=${endpoint.id}&limit=3&before=${first.nextBefore}`);
    expect(second.deliveries.map((each) => each.event_id)).toEqual([delivered]);
    expect(second.nextBefore).toBeNull();

    for (const query of ['state=lost', 'limit=0', 'limit=201', 'endpoint=abc', 'before=-1']) {
      const answer = await staffCall('GET', `/api/staff/webhook-deliveries?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toMatchObject({
        code: 'invalid',
        errors: { [query.split('=')[0] ?? '']: expect.any(Array) },
      });
    }

    const failingId = all[0]?.id;
    const replayed = await staffCall('POST', `/api/staff/webhook-deliveries/${failingId}/replay`, {});
    expect(replayed.status).toBe(200);
    expect(webhookDeliveryWire.parse((replayed.body as { delivery: unknown }).delivery)).toMatchObject({
      id: failingId,
      state: 'pending',
      attempts: 0,
      last_status: 500,
    });
    const deliveredId = all[3]?.id;
    const already = await staffCall('POST', `/api/staff/webhook-deliveries/${deliveredId}/replay`, {});
    expect(already.status).toBe(409);
    expect(already.body).toMatchObject({ code: 'already_delivered' });
    expect((await staffCall('POST', '/api/staff/webhook-deliveries/999999/replay', {})).status).toBe(404);
  });
});

describe('webhook endpoints in the integration API', () => {
  const BASE = '/api/integration/v1';

  async function keyWith(scopes: IntegrationScope[], name: string) {
    const { secret } = await createIntegrationKey(db(), { name, scopes, createdBy: 'cli', now: new Date() });
    return secret;
  }

  async function call(key: string | undefined, method: string, path: string, body?: unknown) {
    const response = await server.app.request(
      `${BASE}${path}`,
      {
        method,
        headers: {
          ...(key ? { Authorization: `Bearer ${key}` } : {}),
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      },
      { incoming: { socket: { remoteAddress: '198.51.100.7' } } },
    );
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  }

  it('registers, lists and deletes endpoints with the scope webhooks:write', async () => {
    const key = await keyWith(['webhooks:write'], 'erp-simulator');
    const target = await receiver();

    const created = await call(key, 'POST', '/webhook-endpoints', {
      url: target.url,
      description: 'simulated ERP',
    });
    expect(created.status).toBe(201);
    const { endpoint, secret } = createdWebhookEndpointWire.parse(created.body);
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint).toMatchObject({ url: target.url, created_by: 'key:erp-simulator', enabled: true });

    const list = await call(key, 'GET', '/webhook-endpoints');
    expect(list.status).toBe(200);
    expect(webhookEndpointListWire.parse(list.body).endpoints.map((each) => each.id)).toContain(endpoint.id);
    expect(JSON.stringify(list.body)).not.toContain(secret);

    const refused = await call(key, 'POST', '/webhook-endpoints', { url: 'mailto:erp@example.com' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ errors: { url: [expect.any(String)] } });

    expect((await call(key, 'DELETE', `/webhook-endpoints/${endpoint.id}`)).status).toBe(204);
    expect((await call(key, 'DELETE', `/webhook-endpoints/${endpoint.id}`)).status).toBe(404);
    const after = webhookEndpointListWire.parse((await call(key, 'GET', '/webhook-endpoints')).body);
    expect(after.endpoints.map((each) => each.id)).not.toContain(endpoint.id);
  });

  it('answers 403 scope_missing without the scope, and 401 without a key', async () => {
    const key = await keyWith(['events:read', 'catalogue:write'], 'reader');
    const target = await receiver();
    const calls: [string, string, unknown?][] = [
      ['GET', '/webhook-endpoints'],
      ['POST', '/webhook-endpoints', { url: target.url }],
      ['DELETE', '/webhook-endpoints/1'],
    ];
    for (const [method, path, body] of calls) {
      const forbidden = await call(key, method, path, body);
      expect(forbidden.status, `${method} ${path}`).toBe(403);
      expect(forbidden.body).toMatchObject({ code: 'scope_missing' });
      expect((await call(undefined, method, path, body)).status, `${method} ${path}`).toBe(401);
    }
    const endpoints = await db()
      .selectFrom('webhook_endpoints')
      .select('url')
      .where('retired_at', 'is', null)
      .execute();
    expect(endpoints.map((each) => each.url)).not.toContain(target.url);
  });
});
