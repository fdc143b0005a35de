import { Migrator } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createServerApp, type ServerApp } from '../../server/app';
import { migrationProvider } from '../../server/db/migrations';
import { closePastSuborders } from '../../server/orders/close-past-suborders';
import { addIsoDays, zonedDateTimeToInstant } from '../../src/domain/delivery-calendar';
import { orderCreatedWire } from '../../src/services/api/wire/orders';
import { TestClient } from './support/http-client';
import { PIECE } from './support/piece-orders';
import { type CallAnswer, callerFor } from './support/signed-in-calls';
import { aMondayAhead, BERLIN, supplierCall } from './support/supplier-calendar';
import { startTestServer, TEST_SECRET, type TestServer } from './support/test-server';

// Changing and cancelling a placed order until its cut-off, on both engines: the versions kept,
// stock moved in one transaction, the cut-off to the millisecond, racing changes, the operators told.

const KEY = 'supplier-key-for-order-amendments-0123456789';
const ZONE = BERLIN;
const ALTONA = 21;

const monday = aMondayAhead();
const tuesday = addIsoDays(monday, 1);
const wednesday = addIsoDays(monday, 2);
const friday = addIsoDays(monday, 4);
/** Altona closes at 18:00 in Berlin the day before: Monday 18:00 for Tuesday, Thursday 18:00 for Friday. */
const tuesdayCutoff = new Date(zonedDateTimeToInstant(monday, '18:00', ZONE));
const fridayCutoff = new Date(zonedDateTimeToInstant(addIsoDays(monday, 3), '18:00', ZONE));
const HOUR = 3_600_000;

let server: TestServer;
/** The app's clock: each test sets the instant the server reads as now. */
let now = new Date(tuesdayCutoff.getTime() - HOUR);
let app: ServerApp;
let specApp: ServerApp;
let lindenhof: number;
/** the company's second delivery address, on no route */
let lindenhofOffRoute: number;
interface Product {
  id: number;
  name: string;
}
/** three products sold by the piece, of one warehouse whose operators all have an e-mail address */
let products: [Product, Product, Product];

interface OrderDetail {
  id: number;
  total: string;
  expected_delivery_date: string;
  customer_note: string;
  version: number;
  cancelled_at: string | null;
  amendable_until: string | null;
  versions: {
    version: number;
    replaced_at: string;
    replaced_by: { id: number; name: string };
    expected_delivery_date: string;
    total: string;
    items: { product: { id: number; name: string }; quantity: string; unit: number }[];
  }[];
  suborders: {
    status: string;
    operator: { id: number };
    items: { product: { id: number }; quantity: string }[];
  }[];
}

/** A call of `user` to the app (or the spec profile's), signed in at the app's current clock. */
async function as(user: string, target: ServerApp = app) {
  const { access } = await new TestClient(app).signIn(user, `${user}123`);
  return callerFor({ ...server, app: target }, access);
}

const line = (product: { id: number }, quantity: number) => ({
  product: product.id,
  quantity: String(quantity),
  unit: PIECE,
});

async function placeOrder(day: string, lines: ReturnType<typeof line>[]): Promise<number> {
  const buyer = await as('buyer');
  const placed = await buyer('POST', '/api/netb2b/orders/', {
    items: lines,
    expected_delivery_date: day,
    is_preorder: false,
    customer_note: '',
    delivery_address: lindenhof,
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return orderCreatedWire.parse(placed.body).id;
}

const detailOf = (answer: CallAnswer) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as OrderDetail;
};

const stockOf = async (productId: number) =>
  (
    await server.database.db
      .selectFrom('products')
      .select('quantity_in_stock')
      .where('id', '=', productId)
      .executeTakeFirstOrThrow()
  ).quantity_in_stock;

const setStock = (productId: number, pieces: number) =>
  server.database.db
    .updateTable('products')
    .set({ quantity_in_stock: pieces })
    .where('id', '=', productId)
    .execute();

async function supplier(method: string, path: string, body: unknown) {
  const answer = await supplierCall(app, KEY, method, path, body);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

const amend = (version: number, day: string, lines: ReturnType<typeof line>[]) => ({
  version,
  items: lines,
  expected_delivery_date: day,
});

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const options = { distDir: server.distDir, db, jwtSecret: TEST_SECRET, now: () => now };
  app = createServerApp({ ...options, supplierApiKey: KEY });
  specApp = createServerApp({ ...options, apiProfile: 'spec' });
  const withoutMail = db.selectFrom('operators').select('warehouse_id').where('email', 'is', null);
  const rows = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select(['p.id', 'p.name'])
    .where('pu.unit_id', '=', PIECE)
    .where('pu.amount', '=', '1')
    .where('p.quantity_in_stock', '>', 100)
    .where('p.warehouse_id', 'not in', withoutMail)
    .where('p.warehouse_id', '=', (eb) =>
      eb.selectFrom('operators').select('warehouse_id').where('email', 'is not', null).orderBy('id').limit(1),
    )
    .orderBy('p.id')
    .limit(3)
    .execute();
  const [one, two, three] = rows;
  if (!one || !two || !three) throw new Error('the seed has too few products sold by the piece');
  products = [one, two, three];
  const [delivery, second] = await db
    .selectFrom('company_addresses')
    .select('id')
    .where('company_id', '=', 1)
    .where('kind', '=', 'delivery')
    .orderBy('position')
    .execute();
  lindenhof = delivery?.id ?? 0;
  lindenhofOffRoute = second?.id ?? 0;
  // Altona drives on Tuesdays and Fridays and closes at 18:00 the day before; no lead days.
  await supplier('PUT', '/delivery-calendar/', {
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
    warehouses: [],
    closures: [],
  });
  await supplier('PUT', `/delivery-calendar/addresses/${lindenhof}/route/`, { route_id: ALTONA });
});
afterAll(() => server.close());
beforeEach(() => {
  now = new Date(tuesdayCutoff.getTime() - HOUR);
});

describe('changing an order before its cut-off', () => {
  it('stores version 2 and lists version 1 with its lines, day and author', async () => {
    const [first, second] = products;
    const id = await placeOrder(friday, [line(first, 2)]);
    const buyer = await as('buyer');
    const placed = detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`));
    expect(placed).toMatchObject({ version: 1, cancelled_at: null, versions: [] });
    expect(placed.amendable_until).toBe(fridayCutoff.toISOString());

    const changed = detailOf(
      await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, tuesday, [line(first, 3), line(second, 1)])),
    );
    expect(changed.version).toBe(2);
    expect(changed.expected_delivery_date).toBe(tuesday);
    expect(changed.amendable_until).toBe(tuesdayCutoff.toISOString());
    expect(changed.suborders.flatMap((s) => s.items.map((i) => [i.product.id, i.quantity]))).toEqual([
      [first.id, '3'],
      [second.id, '1'],
    ]);
    expect(changed.versions).toEqual([
      {
        version: 1,
        replaced_at: now.toISOString(),
        replaced_by: { id: expect.any(Number), name: expect.any(String) },
        expected_delivery_date: friday,
        total: placed.total,
        items: [{ product: { id: first.id, name: first.name }, quantity: '2', unit: PIECE }],
      },
    ]);
    // The detail read again is the same order: the change was stored.
    expect(detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`))).toEqual(changed);
  });

  it('keeps the note a change leaves out, and takes the one it sends', async () => {
    const [first] = products;
    const buyer = await as('buyer');
    const placed = await buyer('POST', '/api/netb2b/orders/', {
      items: [line(first, 1)],
      expected_delivery_date: friday,
      is_preorder: false,
      customer_note: 'Ring at the back door',
      delivery_address: lindenhof,
    });
    const id = orderCreatedWire.parse(placed.body).id;
    const kept = detailOf(
      await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(first, 2)])),
    );
    expect(kept.customer_note).toBe('Ring at the back door');
    const replaced = detailOf(
      await buyer('PUT', `/api/netb2b/orders/${id}/`, {
        ...amend(2, friday, [line(first, 2)]),
        customer_note: 'Front door',
      }),
    );
    expect(replaced.customer_note).toBe('Front door');
  });

  it('refuses a day the route does not serve as placing an order does, and changes nothing', async () => {
    const [first] = products;
    const id = await placeOrder(friday, [line(first, 1)]);
    const buyer = await as('buyer');
    const refused = await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, wednesday, [line(first, 2)]));
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 'delivery_day_not_served', next_served_day: friday });
    const unchanged = detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`));
    expect(unchanged).toMatchObject({ version: 1, expected_delivery_date: friday, versions: [] });
  });
});

describe('stock when an order changes', () => {
  it('gives the old lines back and takes the new ones, in one go', async () => {
    const [, , product] = products;
    await setStock(product.id, 10);
    const id = await placeOrder(friday, [line(product, 4)]);
    expect(await stockOf(product.id)).toBe(6);
    const buyer = await as('buyer');

    // All ten: the order's own four come back before the new lines are checked.
    detailOf(await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(product, 10)])));
    expect(await stockOf(product.id)).toBe(0);
    detailOf(await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(2, friday, [line(product, 7)])));
    expect(await stockOf(product.id)).toBe(3);
  });

  it('refuses a change beyond stock with the 400 an order gets, and keeps the stock and the order', async () => {
    const [, , product] = products;
    await setStock(product.id, 10);
    const id = await placeOrder(friday, [line(product, 4)]);
    const buyer = await as('buyer');

    const asOrder = await buyer('POST', '/api/netb2b/orders/', {
      items: [line(product, 11)],
      expected_delivery_date: friday,
      is_preorder: false,
      customer_note: '',
      delivery_address: lindenhof,
    });
    const refused = await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(product, 11)]));
    expect(asOrder.status).toBe(400);
    expect(refused.status).toBe(400);
    expect((refused.body as { code: string }).code).toBe((asOrder.body as { code: string }).code);
    expect(Object.keys((refused.body as { errors: object }).errors)).toEqual(['items.0.quantity']);
    expect(await stockOf(product.id)).toBe(6);
    expect(detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`))).toMatchObject({
      version: 1,
      versions: [],
    });
  });
});

describe('the minimum order value', () => {
  it('refuses a change below a blocking minimum as placing an order does, and changes nothing', async () => {
    const [first] = products;
    const id = await placeOrder(friday, [line(first, 5)]);
    await supplier('PUT', '/companies/1/minimum-order/', {
      minimum_order: { value: '100000.00', mode: 'block', fee: null },
    });
    try {
      const buyer = await as('buyer');
      const refused = await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(first, 1)]));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'minimum_order_not_reached', minimum: '100000.00' });
      expect(detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`))).toMatchObject({ version: 1 });
    } finally {
      await supplier('PUT', '/companies/1/minimum-order/', { minimum_order: null });
    }
  });
});

describe('an order for an address on no route', () => {
  it('can be changed until the specification’s cut-off: the end of the local day seven days before', async () => {
    const [first] = products;
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 9);
    const iso = (date: Date) =>
      `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
    const buyer = await as('buyer');
    const placed = await buyer('POST', '/api/netb2b/orders/', {
      items: [line(first, 1)],
      expected_delivery_date: iso(day),
      is_preorder: false,
      customer_note: '',
      delivery_address: lindenhofOffRoute,
    });
    const id = orderCreatedWire.parse(placed.body).id;
    const closes = new Date(day.getFullYear(), day.getMonth(), day.getDate() - 6).getTime() - 1;
    const detail = detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`));
    expect(detail.amendable_until).toBe(new Date(closes).toISOString());

    now = new Date(closes + 1);
    const late = await as('buyer');
    const refused = await late('PUT', `/api/netb2b/orders/${id}/`, amend(1, iso(day), [line(first, 2)]));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'order_cutoff_passed',
      amendable_until: new Date(closes).toISOString(),
    });
  });
});

describe('the cut-off', () => {
  it('takes a change exactly at amendable_until and refuses one a millisecond later with 409', async () => {
    const [first] = products;
    const id = await placeOrder(tuesday, [line(first, 1)]);
    const early = await as('buyer');
    expect(detailOf(await early('GET', `/api/netb2b/orders/${id}/`)).amendable_until).toBe(
      tuesdayCutoff.toISOString(),
    );

    now = tuesdayCutoff;
    const atCutoff = await as('buyer');
    const changed = detailOf(
      await atCutoff('PUT', `/api/netb2b/orders/${id}/`, amend(1, tuesday, [line(first, 2)])),
    );
    expect(changed.version).toBe(2);

    now = new Date(tuesdayCutoff.getTime() + 1);
    const late = await as('buyer');
    const refused = await late('PUT', `/api/netb2b/orders/${id}/`, amend(2, tuesday, [line(first, 3)]));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      code: 'order_cutoff_passed',
      amendable_until: tuesdayCutoff.toISOString(),
    });
    const cancel = await late('POST', `/api/netb2b/orders/${id}/cancel/`, { version: 2 });
    expect(cancel.status).toBe(409);
    expect(cancel.body).toMatchObject({ code: 'order_cutoff_passed' });
    expect(detailOf(await late('GET', `/api/netb2b/orders/${id}/`))).toMatchObject({
      version: 2,
      amendable_until: null,
      cancelled_at: null,
    });
  });
});

describe('changes racing', () => {
  it('refuses a change from a version that is no longer current with 409 order_changed', async () => {
    const [first] = products;
    const id = await placeOrder(friday, [line(first, 1)]);
    const buyer = await as('buyer');
    detailOf(await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(first, 2)])));
    const stale = await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(first, 5)]));
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'order_changed', current_version: 2 });
    const staleCancel = await buyer('POST', `/api/netb2b/orders/${id}/cancel/`, { version: 1 });
    expect(staleCancel.body).toMatchObject({ code: 'order_changed', current_version: 2 });
  });

  it('lands exactly one of two concurrent changes of one version, and moves stock once', async () => {
    const [, , product] = products;
    await setStock(product.id, 50);
    const id = await placeOrder(friday, [line(product, 5)]);
    const buyer = await as('buyer');
    const colleague = await as('colleague');
    const answers = await Promise.all([
      buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(product, 8)])),
      colleague('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(product, 9)])),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body).toMatchObject({ code: 'order_changed', current_version: 2 });
    const landed = detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`));
    expect(landed.version).toBe(2);
    expect(landed.versions.map((version) => version.version)).toEqual([1]);
    const quantity = Number(landed.suborders[0]?.items[0]?.quantity);
    expect(await stockOf(product.id)).toBe(50 - quantity);
  });
});

describe('cancelling an order', () => {
  it('sets cancelled_at, marks its suborders cancelled and gives the stock back', async () => {
    const [, , product] = products;
    await setStock(product.id, 20);
    const id = await placeOrder(friday, [line(product, 6)]);
    expect(await stockOf(product.id)).toBe(14);
    const buyer = await as('buyer');
    const cancelled = detailOf(await buyer('POST', `/api/netb2b/orders/${id}/cancel/`, { version: 1 }));
    expect(cancelled).toMatchObject({
      cancelled_at: now.toISOString(),
      amendable_until: null,
      version: 2,
    });
    expect(cancelled.suborders.map((suborder) => suborder.status)).toEqual(['cancelled']);
    expect(cancelled.versions.map((version) => version.items[0]?.quantity)).toEqual(['6']);
    expect(await stockOf(product.id)).toBe(20);

    const again = await buyer('POST', `/api/netb2b/orders/${id}/cancel/`, { version: 2 });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'order_not_amendable' });
    expect(await stockOf(product.id)).toBe(20);
  });
});

describe('a cancelled order’s suborders', () => {
  it('are no longer open work of their operator', async () => {
    const [first] = products;
    const id = await placeOrder(friday, [line(first, 1)]);
    const buyer = await as('buyer');
    const placed = detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`));
    const operatorId = placed.suborders[0]?.operator.id ?? 0;
    const openWork = async () =>
      (
        await server.database.db
          .selectFrom('operator_open_work')
          .select('open_suborders')
          .where('operator_id', '=', operatorId)
          .executeTakeFirstOrThrow()
      ).open_suborders;
    const before = await openWork();
    detailOf(await buyer('POST', `/api/netb2b/orders/${id}/cancel/`, { version: 1 }));
    expect(await openWork()).toBe(before - 1);
  });
});

describe('a cancelled order’s suborders, later', () => {
  it('are neither delivered nor invoiced by the retention rule or a delivery report', async () => {
    const [first] = products;
    const id = await placeOrder(friday, [line(first, 1)]);
    const buyer = await as('buyer');
    const cancelled = detailOf(await buyer('POST', `/api/netb2b/orders/${id}/cancel/`, { version: 1 }));
    const suborderId = (
      await server.database.db
        .selectFrom('suborders')
        .select('id')
        .where('order_id', '=', id)
        .executeTakeFirstOrThrow()
    ).id;
    await closePastSuborders(server.database.db, new Date(now.getTime() + 60 * 24 * HOUR));
    const report = await app.request(`/api/supplier/suborders/${suborderId}/delivered/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${KEY}` },
    });
    expect(report.status).toBe(409);
    const after = detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`));
    expect(after.suborders.map((suborder) => suborder.status)).toEqual(['cancelled']);
    expect(after).toEqual(cancelled);
    const invoices = await server.database.db
      .selectFrom('invoices')
      .select('id')
      .where('order_id', '=', id)
      .execute();
    expect(invoices).toEqual([]);
  });
});

describe('another company’s order', () => {
  it('is not found for a change or a cancel, and stays as it is', async () => {
    const [first] = products;
    const id = await placeOrder(friday, [line(first, 1)]);
    const other = await as('other');
    const change = await other('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(first, 2)]));
    const cancel = await other('POST', `/api/netb2b/orders/${id}/cancel/`, { version: 1 });
    expect([change.status, cancel.status]).toEqual([404, 404]);
    const buyer = await as('buyer');
    expect(detailOf(await buyer('GET', `/api/netb2b/orders/${id}/`))).toMatchObject({
      version: 1,
      cancelled_at: null,
    });
  });
});

describe('the operator', () => {
  it('is mailed what changed line by line and the day, and that an order was cancelled', async () => {
    const [first, second, third] = products;
    const id = await placeOrder(friday, [line(first, 2), line(second, 1)]);
    const buyer = await as('buyer');
    const changed = detailOf(
      await buyer('PUT', `/api/netb2b/orders/${id}/`, amend(1, tuesday, [line(first, 3), line(third, 4)])),
    );
    const operatorId = changed.suborders[0]?.operator.id ?? 0;
    const operator = await server.database.db
      .selectFrom('operators')
      .select('email')
      .where('id', '=', operatorId)
      .executeTakeFirstOrThrow();
    const mailsTo = () =>
      server.database.db
        .selectFrom('mail_outbox')
        .select(['subject', 'body_text', 'language'])
        .where('recipient', '=', operator.email ?? '')
        .where('subject', 'like', `Order ${id} %`)
        .orderBy('id')
        .execute();
    const [changeMail] = await mailsTo();
    expect(changeMail?.subject).toBe(`Order ${id} changed`);
    expect(changeMail?.language).toBe('en');
    const text = changeMail?.body_text ?? '';
    expect(text).toContain(`Delivery day: ${friday} → ${tuesday}`);
    expect(text).toContain(`Changed: ${first.name}: 2 pieces → 3 pieces`);
    expect(text).toContain(`Added: ${third.name}: 4 pieces`);
    expect(text).toContain(`Removed: ${second.name}: 1 piece`);

    detailOf(await buyer('POST', `/api/netb2b/orders/${id}/cancel/`, { version: 2 }));
    const mails = await mailsTo();
    expect(mails.map((mail) => mail.subject)).toEqual([`Order ${id} changed`, `Order ${id} cancelled`]);
    expect(mails[1]?.body_text).toContain('The order was cancelled.');
  });
});

describe('the specification’s profile', () => {
  it('shows none of the new fields and offers no change or cancel', async () => {
    const [first] = products;
    const id = await placeOrder(friday, [line(first, 1)]);
    const spec = await as('buyer', specApp);
    const list = await spec('GET', '/api/netb2b/orders/');
    const listed = (list.body as { id: number }[]).find((row) => row.id === id);
    expect(Object.keys(listed ?? {}).sort()).toEqual([
      'created_at',
      'finalized_at',
      'id',
      'is_finalized',
      'suborders',
      'total',
    ]);
    expect((await spec('GET', `/api/netb2b/orders/${id}/`)).status).toBe(404);
    expect((await spec('PUT', `/api/netb2b/orders/${id}/`, amend(1, friday, [line(first, 2)]))).status).toBe(
      404,
    );
    expect((await spec('POST', `/api/netb2b/orders/${id}/cancel/`, { version: 1 })).status).toBe(404);
  });
});

describe('migration 240', () => {
  it('can be undone and done again, keeping the orders and recounting open work', async () => {
    const { db, dialect } = server.database;
    const provider = migrationProvider(dialect);
    const names = Object.keys(await provider.getMigrations()).sort();
    const previous = names[names.indexOf('240-order-versions') - 1] ?? '';
    const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
    const orders = () => db.selectFrom('orders').select(['id', 'total']).orderBy('id').execute();
    // an operator's row with none open may go: no row means none
    const openWork = () =>
      db
        .selectFrom('operator_open_work')
        .selectAll()
        .where('open_suborders', '>', 0)
        .orderBy('operator_id')
        .execute();
    const [ordersBefore, workBefore] = [await orders(), await openWork()];

    expect((await migrator.migrateTo(previous)).error).toBeUndefined();
    expect(await orders()).toEqual(ordersBefore);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await orders()).toEqual(ordersBefore);
    expect(await openWork()).toEqual(workBefore);
  });
});
