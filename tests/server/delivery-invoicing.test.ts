import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePastSuborders } from '../../server/orders/close-past-suborders';
import { addDays } from '../../src/domain/dates';
import { TestClient } from './support/http-client';
import { pieceProductInStock, placePieceOrder } from './support/piece-orders';
import { callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let token: string;
let productId: number;

const db = () => server.database.db;

const placeOrder = () => placePieceOrder(server, callerFor(server, token), productId);

async function suborderStates(orderId: number) {
  const rows = await db()
    .selectFrom('suborders as s')
    .leftJoin('invoices as i', (join) =>
      join.onRef('i.suborder_id', '=', 's.id').on('i.kind', '=', 'invoice'),
    )
    .select(['s.status', 'i.number'])
    .where('s.order_id', '=', orderId)
    .orderBy('s.id')
    .execute();
  return rows.map((row) => ({ delivered: row.status === 'delivered', invoiced: row.number !== null }));
}

beforeAll(async () => {
  server = await startTestServer();
  token = (await new TestClient(server.app).signIn('buyer', 'buyer123')).access;
  productId = await pieceProductInStock(db());
});
afterAll(() => server.close());

describe('delivery and its invoice', () => {
  it('never leaves a suborder delivered without its invoice when issuing fails, and invoices it on the next run', async () => {
    const orderId = await placeOrder();
    const later = addDays(server.clock.now(), 40);
    // a configuration the invoice cannot be issued under: the issue fails after the suborder was picked
    process.env.INVOICE_PAYMENT_DAYS = 'soon';
    try {
      await expect(closePastSuborders(db(), later)).rejects.toThrow(/INVOICE_PAYMENT_DAYS/);
    } finally {
      delete process.env.INVOICE_PAYMENT_DAYS;
    }
    expect(await suborderStates(orderId)).toEqual([{ delivered: false, invoiced: false }]);

    await closePastSuborders(db(), later);
    expect(await suborderStates(orderId)).toEqual([{ delivered: true, invoiced: true }]);
  });

  it('marks each suborder delivered once when two runs overlap, with one invoice each', async () => {
    const orderId = await placeOrder();
    const later = addDays(server.clock.now(), 40);
    const [first, second] = await Promise.all([
      closePastSuborders(db(), later),
      closePastSuborders(db(), later),
    ]);
    expect(first + second).toBeGreaterThanOrEqual(1);
    expect(await suborderStates(orderId)).toEqual([{ delivered: true, invoiced: true }]);
    const invoices = await db().selectFrom('invoices').select('id').where('order_id', '=', orderId).execute();
    expect(invoices).toHaveLength(1);
  });
});
