import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../server/app';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { addIsoDays, zonedDateTimeToInstant } from '../../src/domain/delivery-calendar';
import { orderCreatedWire, orderPreviewWire, orderWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { PIECE, pieceProductInStock } from './support/piece-orders';
import { type CallAnswer, callerFor, fieldErrorsOf } from './support/signed-in-calls';
import { aMondayAhead, BERLIN, supplierCall } from './support/supplier-calendar';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

const KEY = 'supplier-key-for-order-days-0123456789abcdef';
const ZONE = BERLIN;
const ALTONA = 11;

const monday = aMondayAhead();
const tuesday = addIsoDays(monday, 1);
const wednesday = addIsoDays(monday, 2);
const friday = addIsoDays(monday, 4);
const nextTuesday = addIsoDays(monday, 8);
const nextFriday = addIsoDays(monday, 11);
/** Altona's cut-off for Tuesday: 18:00 in Berlin the day before. */
const tuesdayCutoff = new Date(zonedDateTimeToInstant(monday, '18:00', ZONE));

let server: TestServer;
/** The app's clock: each test sets the instant the server reads as now. */
let now = tuesdayCutoff;
let app: ServerApp;
let specApp: ServerApp;
let productId: number;
let lindenhofFirst: number;
let lindenhofSecond: number;
let lindenhofBilling: number;
let bosporusDelivery: number;

async function supplier(method: string, path: string, body: unknown) {
  const answer = await supplierCall(app, KEY, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

/** A call of `user` to the app (or the spec profile's), signed in at the app's current clock. */
async function as(user: string, target: ServerApp = app) {
  const { access } = await new TestClient(app).signIn(user, `${user}123`);
  return callerFor({ ...server, app: target }, access);
}

const order = (day: string, extra: Record<string, unknown> = {}) => ({
  items: [{ product: productId, quantity: '1', unit: PIECE }],
  expected_delivery_date: day,
  is_preorder: false,
  customer_note: '',
  ...extra,
});

const placedId = (answer: CallAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return orderCreatedWire.parse(answer.body).id;
};

const refusal = (answer: CallAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(400);
  return answer.body as {
    code: string;
    detail: string;
    field: string;
    next_served_day: string | null;
    reason: Record<string, unknown>;
  };
};

/** Altona's calendar with these warehouses' own lead days. */
const putCalendar = (warehouses: { id: number; lead_days: number }[]) =>
  supplier('PUT', '/delivery-calendar/', {
    time_zone: ZONE,
    routes: [
      {
        id: ALTONA,
        name: 'Altona',
        weekdays: [2, 5],
        cutoff: { days_before: 1, time: '18:00' },
        lead_days: 0,
      },
    ],
    warehouses,
    closures: [{ date: nextTuesday, kind: 'publicHoliday', name: 'A Hamburg holiday', region: 'DE-HH' }],
  });

beforeAll(async () => {
  server = await startTestServer();
  const options = { distDir: server.distDir, db: server.database.db, jwtSecret: TEST_SECRET, now: () => now };
  app = createServerApp({ ...options, supplierApiKey: KEY });
  specApp = createServerApp({ ...options, apiProfile: 'spec' });
  productId = await pieceProductInStock(server.database.db, 500);
  const addresses = await server.database.db
    .selectFrom('company_addresses')
    .select(['id', 'company_id', 'kind'])
    .orderBy('company_id')
    .orderBy('position')
    .execute();
  const delivery = addresses.filter((a) => a.company_id === 1 && a.kind === 'delivery').map((a) => a.id);
  [lindenhofFirst = 0, lindenhofSecond = 0] = delivery;
  lindenhofBilling = addresses.find((a) => a.company_id === 1 && a.kind === 'billing')?.id ?? 0;
  bosporusDelivery = addresses.find((a) => a.company_id === 2 && a.kind === 'delivery')?.id ?? 0;

  // Altona drives on Tuesdays and Fridays and closes at 18:00 the day before; no warehouse needs
  // lead days, and next Tuesday is a Hamburg public holiday.
  await putCalendar([]);
  await supplier('PUT', `/delivery-calendar/addresses/${lindenhofFirst}/route/`, { route_id: ALTONA });
});
afterAll(() => server.close());
beforeEach(() => {
  now = tuesdayCutoff;
});

describe('an order for an address on a route', () => {
  it('is placed for a served day before its cut-off and stores the delivery address', async () => {
    const buyer = await as('buyer');
    const id = placedId(
      await buyer('POST', '/api/netb2b/orders/', order(friday, { delivery_address: lindenhofFirst })),
    );
    const detail = await buyer('GET', `/api/netb2b/orders/${id}/`);
    const placed = orderWire.parse(detail.body);
    expect(placed.expected_delivery_date).toBe(friday);
    expect(placed.delivery_address).toEqual({
      id: lindenhofFirst,
      name: 'Restaurant Lindenhof',
      line1: 'Lindenallee 12',
      line2: 'Hinterhaus',
      suburb: 'Eimsbüttel',
      city: 'Hamburg',
      state: 'Hamburg',
      postal_code: '20259',
      country: expect.any(String),
    });
  });

  it('is refused for a day the route does not drive, naming the next served day', async () => {
    const buyer = await as('buyer');
    const body = refusal(
      await buyer('POST', '/api/netb2b/orders/', order(wednesday, { delivery_address: lindenhofFirst })),
    );
    expect(body).toMatchObject({
      code: 'delivery_day_not_served',
      field: 'expected_delivery_date',
      next_served_day: friday,
      reason: { kind: 'notOnRoute', weekday: 3, route_name: 'Altona' },
    });
    expect(body.detail).toContain('No delivery on Wednesdays on route Altona');
  });

  it('is refused for a public holiday of its region', async () => {
    const buyer = await as('buyer');
    const body = refusal(
      await buyer('POST', '/api/netb2b/orders/', order(nextTuesday, { delivery_address: lindenhofFirst })),
    );
    expect(body).toMatchObject({
      code: 'delivery_day_not_served',
      next_served_day: nextFriday,
      reason: { kind: 'publicHoliday', name: 'A Hamburg holiday' },
    });
  });

  it('is in time exactly at the cut-off and refused one millisecond after it', async () => {
    const buyer = await as('buyer');
    placedId(
      await buyer('POST', '/api/netb2b/orders/', order(tuesday, { delivery_address: lindenhofFirst })),
    );

    now = new Date(tuesdayCutoff.getTime() + 1);
    const late = refusal(
      await buyer('POST', '/api/netb2b/orders/', order(tuesday, { delivery_address: lindenhofFirst })),
    );
    expect(late).toMatchObject({
      code: 'delivery_day_not_served',
      next_served_day: friday,
      reason: { kind: 'cutoffPassed', cutoff_at: tuesdayCutoff.toISOString() },
    });
  });

  it('is checked the same way by the preview when it names the day', async () => {
    const buyer = await as('buyer');
    const preview = (day: string) =>
      buyer('POST', '/api/netb2b/orders/preview/', {
        items: order(day).items,
        expected_delivery_date: day,
        delivery_address: lindenhofFirst,
      });
    expect(refusal(await preview(wednesday))).toMatchObject({ next_served_day: friday });
    expect((await preview(friday)).status).toBe(200);
  });

  it('keeps its delivery address when the company edits the address later', async () => {
    const buyer = await as('buyer');
    const id = placedId(
      await buyer('POST', '/api/netb2b/orders/', order(friday, { delivery_address: lindenhofFirst })),
    );
    await server.database.db
      .updateTable('company_addresses')
      .set({ name: 'Lindenhof Neu', line1: 'Neuer Weg 1' })
      .where('id', '=', lindenhofFirst)
      .execute();
    try {
      const placed = orderWire.parse((await buyer('GET', `/api/netb2b/orders/${id}/`)).body);
      expect(placed.delivery_address).toMatchObject({
        name: 'Restaurant Lindenhof',
        line1: 'Lindenallee 12',
      });
    } finally {
      await server.database.db
        .updateTable('company_addresses')
        .set({ name: 'Restaurant Lindenhof', line1: 'Lindenallee 12' })
        .where('id', '=', lindenhofFirst)
        .execute();
    }
  });

  it('answers under API_PROFILE=spec with the specification’s fields only', async () => {
    const buyer = await as('buyer');
    const id = placedId(
      await buyer('POST', '/api/netb2b/orders/', order(friday, { delivery_address: lindenhofFirst })),
    );
    const spec = await as('buyer', specApp);
    const list = await spec('GET', '/api/netb2b/orders/');
    expect(list.status).toBe(200);
    const placed = (list.body as { id: number }[]).find((row) => row.id === id);
    expect(Object.keys(placed ?? {}).sort()).toEqual([
      'created_at',
      'finalized_at',
      'id',
      'is_finalized',
      'suborders',
      'total',
    ]);
  });
});

describe('an order whose warehouses differ in lead days', () => {
  /** A piece product of another warehouse than `productId`'s, and both warehouses. */
  async function twoWarehouses() {
    const { db } = server.database;
    const first = await db
      .selectFrom('products')
      .select('warehouse_id')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const other = await db
      .selectFrom('products as p')
      .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
      .select(['p.id', 'p.warehouse_id'])
      .where('pu.unit_id', '=', PIECE)
      .where('p.warehouse_id', '<>', first.warehouse_id)
      .where('p.quantity_in_stock', '>', 100)
      .orderBy('p.id')
      .executeTakeFirstOrThrow();
    return { slow: first.warehouse_id, fast: other.warehouse_id, fastProduct: other.id };
  }

  it('keeps the chosen day for the order and brings the slow warehouse’s suborder on its next served day', async () => {
    const { slow, fast, fastProduct } = await twoWarehouses();
    // Two lead days close Tuesday for the slow warehouse on Sunday: Monday 18:00 is too late for it.
    await putCalendar([{ id: slow, lead_days: 2 }]);
    try {
      const buyer = await as('buyer');
      const items = [
        { product: productId, quantity: '1', unit: PIECE },
        { product: fastProduct, quantity: '1', unit: PIECE },
      ];
      const preview = await buyer('POST', '/api/netb2b/orders/preview/', {
        items,
        expected_delivery_date: tuesday,
        delivery_address: lindenhofFirst,
      });
      expect(preview.status, JSON.stringify(preview.body)).toBe(200);
      const days = orderPreviewWire
        .parse(preview.body)
        .suborders.map((suborder) => [suborder.warehouse.id, suborder.expected_delivery_date]);
      expect(days.sort()).toEqual(
        [
          [slow, friday],
          [fast, tuesday],
        ].sort(),
      );

      const id = placedId(
        await buyer(
          'POST',
          '/api/netb2b/orders/',
          order(tuesday, { items, delivery_address: lindenhofFirst }),
        ),
      );
      const placed = orderWire.parse((await buyer('GET', `/api/netb2b/orders/${id}/`)).body);
      expect(placed.expected_delivery_date).toBe(tuesday);
      expect(
        placed.suborders.map((suborder) => [suborder.warehouse.id, suborder.estimated_delivery_date]).sort(),
      ).toEqual(
        [
          [slow, friday],
          [fast, tuesday],
        ].sort(),
      );
    } finally {
      await putCalendar([]);
    }
  });

  it('is still refused for a day the route itself does not serve', async () => {
    const { slow } = await twoWarehouses();
    await putCalendar([{ id: slow, lead_days: 2 }]);
    try {
      const buyer = await as('buyer');
      now = new Date(tuesdayCutoff.getTime() + 1);
      const late = refusal(
        await buyer('POST', '/api/netb2b/orders/', order(tuesday, { delivery_address: lindenhofFirst })),
      );
      // the route's next served day, as the picker (asked without a warehouse) offers it
      expect(late).toMatchObject({ next_served_day: friday, reason: { kind: 'cutoffPassed' } });
    } finally {
      await putCalendar([]);
    }
  });
});

describe('an order for an address on no route', () => {
  /** yyyy-mm-dd `days` after the server's today, as the specification's rule counts. */
  const inDays = (days: number) => toIsoDate(addDays(now, days));

  it('keeps the specification’s rule: today + 7 is accepted, today + 6 refused as before', async () => {
    const buyer = await as('buyer');
    const soon = await buyer(
      'POST',
      '/api/netb2b/orders/',
      order(inDays(6), { delivery_address: lindenhofSecond }),
    );
    expect(soon.status).toBe(400);
    expect(soon.body).toMatchObject({ code: 'invalid_delivery_date' });
    expect(fieldErrorsOf(soon).expected_delivery_date).toEqual([
      'Invalid delivery date: the earliest delivery is 7 days from today.',
    ]);
    const id = placedId(
      await buyer('POST', '/api/netb2b/orders/', order(inDays(7), { delivery_address: lindenhofSecond })),
    );
    const placed = orderWire.parse((await buyer('GET', `/api/netb2b/orders/${id}/`)).body);
    expect(placed.delivery_address).toMatchObject({ id: lindenhofSecond, name: 'Lindenhof Kantine Altona' });
  });

  it('names no address when the company has several and the order chose none: the specification’s rule', async () => {
    const buyer = await as('buyer');
    // A week after Monday is a Monday, no day of Altona's: without an address no route applies.
    const id = placedId(await buyer('POST', '/api/netb2b/orders/', order(inDays(7))));
    const placed = orderWire.parse((await buyer('GET', `/api/netb2b/orders/${id}/`)).body);
    expect(placed.delivery_address).toBeUndefined();
  });

  it('goes to the company’s only delivery address when the order names none', async () => {
    const other = await as('other');
    const id = placedId(await other('POST', '/api/netb2b/orders/', order(inDays(7))));
    const placed = orderWire.parse((await other('GET', `/api/netb2b/orders/${id}/`)).body);
    expect(placed.delivery_address).toMatchObject({
      id: bosporusDelivery,
      name: 'Bosporus Imbiss Ehrenfeld',
    });
  });
});

describe('the delivery address an order names', () => {
  it('must be a delivery address of the caller’s company', async () => {
    const buyer = await as('buyer');
    for (const foreign of [bosporusDelivery, lindenhofBilling, 999_999]) {
      const answer = await buyer('POST', '/api/netb2b/orders/', order(friday, { delivery_address: foreign }));
      expect(answer.status).toBe(400);
      expect(Object.keys(fieldErrorsOf(answer))).toEqual(['delivery_address']);
    }
    const preview = await buyer('POST', '/api/netb2b/orders/preview/', {
      items: order(friday).items,
      delivery_address: bosporusDelivery,
    });
    expect(Object.keys(fieldErrorsOf(preview))).toEqual(['delivery_address']);
  });
});
