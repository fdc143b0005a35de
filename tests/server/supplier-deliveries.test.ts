import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { readServerConfig } from '../../server/config';
import { TestClient } from './support/http-client';
import { pieceProductInStock, placePieceOrder } from './support/piece-orders';
import { callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

const KEY = 'supplier-key-for-tests-0123456789abcdef';

let server: TestServer;
let supplierApp: ServerApp;
let token: string;
let productId: number;

const db = () => server.database.db;

/** A call as the supplier's system makes it: a key, JSON, no cookie and no CSRF header. */
async function supplierCall(app: ServerApp, path: string, key: string | null = KEY) {
  const response = await app.request(`/api/supplier${path}`, {
    method: 'POST',
    headers: { ...(key === null ? {} : { Authorization: `Bearer ${key}` }) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function placeOrder() {
  const orderId = await placePieceOrder(server, callerFor(server, token), productId, { quantity: '3' });
  const suborders = await db().selectFrom('suborders').select('id').where('order_id', '=', orderId).execute();
  return { orderId, suborderIds: suborders.map((row) => row.id) };
}

beforeAll(async () => {
  server = await startTestServer();
  supplierApp = server.freshApp({ supplierApiKey: KEY });
  token = (await new TestClient(server.app).signIn('buyer', 'buyer123')).access;
  productId = await pieceProductInStock(db());
});
afterAll(() => server.close());

describe('the supplier reports a delivery', () => {
  it('marks the suborder delivered and issues its invoice, which the buyer then sees', async () => {
    const { orderId, suborderIds } = await placeOrder();
    const [suborderId] = suborderIds;
    const invoicePage = () => callerFor(server, token)('GET', `/api/netb2b/orders/${orderId}/invoice/`);
    expect((await invoicePage()).status).toBe(404);

    const reported = await supplierCall(supplierApp, `/suborders/${suborderId}/delivered/`);
    expect(reported.status).toBe(201);
    expect(reported.body).toMatchObject({ suborder: suborderId, status: 'delivered' });
    const issued = await db()
      .selectFrom('invoices')
      .select(['id', 'number'])
      .where('suborder_id', '=', suborderId as number)
      .execute();
    expect(issued).toHaveLength(1);
    expect(reported.body.invoice).toEqual({ id: issued[0]?.id, number: issued[0]?.number });
    expect((await invoicePage()).status).toBe(200);

    // a second report (a retry of the supplier's system) answers the same invoice and issues none
    const again = await supplierCall(supplierApp, `/suborders/${suborderId}/delivered/`);
    expect(again.status).toBe(200);
    expect(again.body.invoice).toEqual(reported.body.invoice);
    const after = await db()
      .selectFrom('invoices')
      .select('id')
      .where('suborder_id', '=', suborderId as number)
      .execute();
    expect(after).toHaveLength(1);
  });

  it('answers 404 for a suborder that does not exist', async () => {
    const answer = await supplierCall(supplierApp, '/suborders/999999/delivered/');
    expect(answer.status).toBe(404);
    expect(answer.body.code).toBe('not_found');
  });

  it('refuses a missing or wrong key with 401 and changes nothing', async () => {
    const { suborderIds } = await placeOrder();
    const path = `/suborders/${suborderIds[0]}/delivered/`;
    const missing = await supplierCall(supplierApp, path, null);
    const wrong = await supplierCall(supplierApp, path, `${KEY.slice(0, -1)}x`);
    expect([missing.status, wrong.status]).toEqual([401, 401]);
    expect(wrong.body.code).toBe('supplier_key_invalid');
    const suborder = await db()
      .selectFrom('suborders')
      .select('status')
      .where('id', '=', suborderIds[0] as number)
      .executeTakeFirstOrThrow();
    expect(suborder.status).not.toBe('delivered');
  });

  it('does not exist on a server without a key, whatever is sent', async () => {
    const { suborderIds } = await placeOrder();
    const answer = await supplierCall(server.app, `/suborders/${suborderIds[0]}/delivered/`, 'anything');
    expect(answer.status).toBe(404);
  });

  it('a signed-in customer cannot report deliveries with the session token', async () => {
    const { suborderIds } = await placeOrder();
    const answer = await supplierCall(supplierApp, `/suborders/${suborderIds[0]}/delivered/`, token);
    expect(answer.status).toBe(401);
  });
});

describe('SUPPLIER_API_KEY', () => {
  it('is refused when shorter than 32 characters and optional otherwise', () => {
    expect(() => readServerConfig({ SUPPLIER_API_KEY: 'short' })).toThrow(
      /SUPPLIER_API_KEY must be at least 32/,
    );
    expect(readServerConfig({}).supplierApiKey).toBeUndefined();
    expect(readServerConfig({ SUPPLIER_API_KEY: KEY }).supplierApiKey).toBe(KEY);
  });
});
