import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../server/app';
import { runStandingOrders } from '../../server/standing-orders/run-standing-orders';
import type { StandingOrderSettings } from '../../server/standing-orders/settings';
import {
  occurrencesAnswerWire,
  occurrenceWire,
  standingOrderWire,
} from '../../src/services/api/wire/standing-orders';
import { substitutesAnswerWire } from '../../src/services/api/wire/substitutes';
import { TestClient } from './support/http-client';
import { PIECE, pieceProductInStock } from './support/piece-orders';
import { type CallAnswer, callerFor } from './support/signed-in-calls';
import { supplierCall } from './support/supplier-calendar';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

// A standing order's delivery held for review because the supplier retired one of its products: the
// buyer takes one of the supplier's substitutes for that delivery, the delivery is placed at its
// cut-off, and the order records what was asked for and what was taken instead.

const API = '/api/netb2b';
const KEY = 'supplier-key-for-standing-order-substitutes-0123456789';
const ROUTE = 31;
const settings: StandingOrderSettings = { draftDays: 2, priceRisePercent: 10, placeGraceMs: 60 * 60 * 1000 };

let server: TestServer;
let app: ServerApp;
let now = new Date('2027-09-10T10:00:00Z');
/** a product in stock that stays on the standing order */
let steady: number;
/** a seeded product with substitutes, both sold by the piece; retired in the test */
let primary: number;
let substitute: number;

const ok = (answer: CallAnswer, status = 200) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};

async function buyer() {
  const { access } = await new TestClient(app).signIn('buyer', 'buyer123');
  return callerFor({ ...server, app }, access);
}

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  app = createServerApp({
    distDir: server.distDir,
    db,
    jwtSecret: TEST_SECRET,
    now: () => now,
    supplierApiKey: KEY,
  });
  steady = await pieceProductInStock(db, 500);
  const mapping = await db
    .selectFrom('product_substitutes as s')
    .innerJoin('product_units as primary_unit', (join) =>
      join.onRef('primary_unit.product_id', '=', 's.product_id').on('primary_unit.unit_id', '=', PIECE),
    )
    .innerJoin('product_units as substitute_unit', (join) =>
      join
        .onRef('substitute_unit.product_id', '=', 's.substitute_id')
        .on('substitute_unit.unit_id', '=', PIECE),
    )
    .select(['s.product_id', 's.substitute_id'])
    .where('s.product_id', '!=', steady)
    .where('s.substitute_id', '!=', steady)
    .orderBy('s.product_id')
    .orderBy('s.rank')
    .executeTakeFirstOrThrow();
  primary = mapping.product_id;
  substitute = mapping.substitute_id;
  await db.updateTable('products').set({ quantity_in_stock: 500 }).where('id', '=', substitute).execute();
  const address = await db
    .selectFrom('company_addresses')
    .select('id')
    .where('company_id', '=', 1)
    .where('kind', '=', 'delivery')
    .orderBy('position')
    .executeTakeFirstOrThrow();
  // Oslo's route drives on Tuesdays and Fridays; orders close at 18:00 the day before.
  ok(
    await supplierCall(app, KEY, 'PUT', '/delivery-calendar/', {
      time_zone: 'Europe/Oslo',
      routes: [
        {
          id: ROUTE,
          name: 'Grünerløkka',
          weekdays: [2, 5],
          cutoff: { days_before: 1, time: '18:00' },
          lead_days: 0,
        },
      ],
      warehouses: [],
      closures: [],
    }),
  );
  ok(
    await supplierCall(app, KEY, 'PUT', `/delivery-calendar/addresses/${address.id}/route/`, {
      route_id: ROUTE,
    }),
  );
});
afterAll(() => server.close());

describe('a substitute in a standing order’s review', () => {
  it('is written for the delivery with what it stands in for, and the placed order records both', async () => {
    const { db } = server.database;
    let call = await buyer();
    await db
      .deleteFrom('cart_items')
      .where('user_id', 'in', (eb) => eb.selectFrom('users').select('id').where('username', '=', 'buyer'))
      .execute();
    ok(await call('POST', `${API}/cart-items/`, { product: steady, quantity: '2', unit: PIECE }), 201);
    const series = standingOrderWire.parse(
      ok(
        await call('POST', `${API}/standing-orders/`, {
          name: 'Tuesday bakery',
          source: { kind: 'cart' },
          interval_weeks: 1,
          weekday: 2,
          first_delivery_date: '2027-09-14',
          end_date: null,
        }),
        201,
      ),
    );
    ok(
      await call('PATCH', `${API}/standing-orders/${series.id}/`, {
        lines: [
          { product_id: steady, quantity: '2', unit: PIECE },
          { product_id: primary, quantity: '3', unit: PIECE },
        ],
      }),
    );
    await db
      .updateTable('products')
      .set({ retired_at: '2027-09-10T11:00:00Z' })
      .where('id', '=', primary)
      .execute();

    // Drafted on Saturday 18:00 Oslo: held, because the primary is no longer sold.
    expect(
      (await runStandingOrders(db, new Date('2027-09-11T16:00:00.000Z'), { settings })).needs_review,
    ).toBe(1);
    now = new Date('2027-09-12T10:00:00Z');
    call = await buyer();
    const delivery = `${API}/standing-orders/${series.id}/occurrences/2027-09-14`;
    const held = occurrencesAnswerWire
      .parse(ok(await call('GET', `${API}/standing-orders/${series.id}/occurrences/`)))
      .occurrences.find((o) => o.delivery_date === '2027-09-14');
    expect(held?.review_reasons).toMatchObject([{ code: 'unavailable', product_id: primary }]);

    // The retired product still has the supplier's substitutes to offer.
    const offered = substitutesAnswerWire.parse(
      ok(await call('GET', `${API}/substitutes/?product_ids=${primary}`)),
    );
    expect(offered.substitutes[0]?.alternatives.map((a) => a.product.id)).toContain(substitute);

    // A line naming a product the supplier does not offer in its place is refused.
    const unoffered = await call('PUT', `${delivery}/lines`, {
      lines: [{ product_id: steady, quantity: '2', unit: PIECE, substitute_for: primary }],
    });
    expect(unoffered.status).toBe(422);
    expect(unoffered.body).toMatchObject({ code: 'not_a_substitute' });

    const written = occurrenceWire.parse(
      ok(
        await call('PUT', `${delivery}/lines`, {
          lines: [
            { product_id: steady, quantity: '2', unit: PIECE },
            { product_id: substitute, quantity: '3', unit: PIECE, substitute_for: primary },
          ],
        }),
      ),
    );
    expect(written.status).toBe('draft');
    expect(written.review_reasons).toEqual([]);
    expect(
      written.lines.map((line) => [line.product_id, line.available, line.substitute_for ?? null]),
    ).toEqual([
      [steady, true, null],
      [substitute, true, primary],
    ]);

    // A later change of quantities from a client that does not name substitutes keeps what it stands for.
    const changed = occurrenceWire.parse(
      ok(
        await call('PUT', `${delivery}/lines`, {
          lines: [
            { product_id: steady, quantity: '2', unit: PIECE },
            { product_id: substitute, quantity: '4', unit: PIECE },
          ],
        }),
      ),
    );
    expect(
      changed.lines.map((line) => [line.product_id, line.quantity, line.substitute_for ?? null]),
    ).toEqual([
      [steady, '2', null],
      [substitute, '4', primary],
    ]);

    // At the cut-off (Monday 18:00 Oslo) it is placed; the order line names the product asked for.
    expect(await runStandingOrders(db, new Date('2027-09-13T16:00:00.000Z'), { settings })).toMatchObject({
      placed: 1,
      failed: 0,
    });
    now = new Date('2027-09-13T17:00:00Z');
    const later = await buyer();
    const placed = occurrencesAnswerWire
      .parse(ok(await later('GET', `${API}/standing-orders/${series.id}/occurrences/`)))
      .occurrences.find((o) => o.delivery_date === '2027-09-14');
    expect(placed?.status).toBe('placed');
    const orderId = placed?.order_id;
    expect(orderId).toEqual(expect.any(Number));
    const detail = ok(await later('GET', `${API}/orders/${orderId}/`)) as {
      suborders: {
        items: { product: { id: number }; quantity: string; substitute_for?: { id: number } | null }[];
      }[];
    };
    const items = detail.suborders.flatMap((suborder) => suborder.items);
    expect(
      items
        .map((item) => [item.product.id, Number(item.quantity), item.substitute_for?.id ?? null])
        .sort((a, b) => Number(a[0]) - Number(b[0])),
    ).toEqual(
      [
        [steady, 2, null],
        [substitute, 4, primary],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
  });
});
