import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerApp } from '../../server/app';
import { seedDatabase } from '../../server/seed';
import { addIsoDays, instantToZonedDate } from '../../src/domain/delivery-calendar';
import {
  type DeliveryCalendarWire,
  deliveryCalendarWire,
  portalDeliveryCalendarWire,
} from '../../src/services/api/wire/delivery-calendar';
import { TestClient } from './support/http-client';
import { callerFor, fieldErrorsOf } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';

const KEY = 'supplier-key-for-tests-0123456789abcdef';
const ZONE = 'Europe/Berlin';

let server: TestServer;
let supplierApp: ServerApp;
let otherProcess: ServerApp;
let buyerToken: string;
let otherToken: string;
let lindenhofDelivery: number[];
let lindenhofBilling: number;
let bosporusDelivery: number;

/** A call as the supplier's system makes it: its key, JSON, no cookie and no CSRF header. */
async function supplier(
  app: ServerApp,
  method: string,
  path: string,
  body?: unknown,
  key: string | null = KEY,
) {
  const response = await app.request(`/api/supplier${path}`, {
    method,
    headers: {
      'Content-Type': 'application/json',
      ...(key === null ? {} : { Authorization: `Bearer ${key}` }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const readCalendar = async (app = supplierApp) => {
  const answer = await supplier(app, 'GET', '/delivery-calendar/');
  expect(answer.status).toBe(200);
  return (answer.body as { calendar: DeliveryCalendarWire | null }).calendar;
};
const putCalendar = (calendar: unknown, app = supplierApp) =>
  supplier(app, 'PUT', '/delivery-calendar/', calendar);
const putAddressRoute = (addressId: number | string, routeId: number | null) =>
  supplier(supplierApp, 'PUT', `/delivery-calendar/addresses/${addressId}/route/`, { route_id: routeId });

async function portalCalendar(token: string) {
  const answer = await callerFor(server, token)('GET', '/api/netb2b/delivery-calendar/');
  expect(answer.status).toBe(200);
  return portalDeliveryCalendarWire.parse(answer.body).calendar;
}

/** Today in the supplier's zone, and a day that many days on. */
const day = (offset: number) => addIsoDays(instantToZonedDate(server.clock.now().getTime(), ZONE), offset);

const altona = {
  id: 11,
  name: 'Altona',
  weekdays: [2, 5],
  cutoff: { days_before: 1, time: '18:00' },
  lead_days: 0,
  minimum_order: { value: '150.00', mode: 'block', fee: null },
};
const harburg = {
  id: 12,
  name: 'Harburg',
  weekdays: [1, 4],
  cutoff: { days_before: 2, time: '12:00' },
  lead_days: 0,
  minimum_order: null,
};
const koelnWest = {
  id: 21,
  name: 'Köln West',
  weekdays: [3],
  cutoff: { days_before: 1, time: '16:00' },
  lead_days: 1,
  minimum_order: { value: '90.00', mode: 'fee', fee: '12.50' },
};

/** A calendar the tests replace the seed's with; closures in and out of the portal's year. */
const aCalendar = () => ({
  time_zone: ZONE,
  routes: [altona, harburg, koelnWest],
  warehouses: [
    { id: 1, name: 'Hamburg Central', lead_days: 0 },
    { id: 2, name: 'Hamburg Cold Store', lead_days: 1 },
    { id: 3, name: 'Köln Depot', lead_days: 2 },
  ],
  closures: [
    { date: day(-1), kind: 'closure', name: 'Yesterday', region: null },
    { date: day(10), kind: 'closure', name: 'Stocktaking', region: null },
    { date: day(10), kind: 'publicHoliday', name: 'A Hamburg holiday', region: 'DE-HH' },
    { date: day(20), kind: 'publicHoliday', name: 'A Cologne holiday', region: 'DE-NW' },
    { date: day(400), kind: 'closure', name: 'Beyond the year', region: null },
  ],
});

beforeAll(async () => {
  server = await startTestServer();
  supplierApp = server.freshApp({ supplierApiKey: KEY });
  otherProcess = server.freshApp({ supplierApiKey: KEY });
  buyerToken = (await new TestClient(server.app).signIn('buyer', 'buyer123')).access;
  otherToken = (await new TestClient(server.app).signIn('other', 'other123')).access;
  const addresses = await server.database.db
    .selectFrom('company_addresses')
    .select(['id', 'company_id', 'kind'])
    .orderBy('company_id')
    .orderBy('kind')
    .orderBy('position')
    .execute();
  lindenhofDelivery = addresses.filter((a) => a.company_id === 1 && a.kind === 'delivery').map((a) => a.id);
  lindenhofBilling = addresses.find((a) => a.company_id === 1 && a.kind === 'billing')?.id ?? 0;
  bosporusDelivery = addresses.find((a) => a.company_id === 2 && a.kind === 'delivery')?.id ?? 0;
});
afterAll(() => server.close());

describe('the seeded calendar', () => {
  it('has three routes, the warehouses lead days and Hamburg public holidays for a year', async () => {
    const calendar = deliveryCalendarWire.parse(await readCalendar());
    expect(calendar.time_zone).toBe(ZONE);
    expect(calendar.routes.map((route) => route.name)).toEqual(['Altona', 'Harburg', 'Wandsbek']);
    expect(calendar.routes[0]).toMatchObject({ weekdays: [2, 5], cutoff: { days_before: 1, time: '18:00' } });
    expect(calendar.routes[1]).toMatchObject({ weekdays: [1, 4], cutoff: { days_before: 2, time: '12:00' } });
    expect(calendar.routes[2]).toMatchObject({
      weekdays: [3],
      cutoff: { days_before: 1, time: '16:00' },
      lead_days: 1,
    });
    expect(calendar.warehouses.some((warehouse) => warehouse.lead_days > 0)).toBe(true);
    const holidays = calendar.closures.filter((closure) => closure.kind === 'publicHoliday');
    expect(holidays.length).toBeGreaterThanOrEqual(9);
    expect(holidays.every((holiday) => holiday.date >= day(-1) && holiday.date <= day(366))).toBe(true);
    expect(holidays.map((holiday) => holiday.name)).toContain('Christmas Day');
  });

  it('puts the demo buyer’s addresses on Altona and Harburg, with Harburg’s and Wandsbek’s minimums', async () => {
    const calendar = deliveryCalendarWire.parse(await readCalendar());
    expect(calendar.routes.map((route) => [route.name, route.minimum_order])).toEqual([
      ['Altona', null],
      ['Harburg', { value: '150.00', mode: 'block', fee: null }],
      ['Wandsbek', { value: '100.00', mode: 'fee', fee: '15.00' }],
    ]);
    const buyers = await portalCalendar(buyerToken);
    expect(buyers?.addresses.map((address) => address.route_id)).toEqual([1, 2]);
    expect(buyers?.routes.map((route) => route.name)).toEqual(['Altona', 'Harburg']);
    // Bosporus, in Köln, is on no Hamburg route: the specification's rule holds for it
    expect(await portalCalendar(otherToken)).toBeNull();
  });
});

describe('a demo database seeded before the calendar', () => {
  it('seeded before minimum orders, gets its addresses on the routes and their minimums once', async () => {
    const { db, dialect } = server.database;
    await db
      .updateTable('delivery_routes')
      .set({ minimum_order_value: null, minimum_order_mode: null, minimum_order_fee: null })
      .execute();
    await db.updateTable('company_addresses').set({ route_id: null }).execute();
    await db.deleteFrom('meta').where('key', '=', 'delivery_routes_assigned_at').execute();
    expect((await seedDatabase(db, dialect)).seeded).toBe(false);
    const routes = deliveryCalendarWire.parse(await readCalendar()).routes;
    expect(routes.map((route) => route.minimum_order?.value ?? null)).toEqual([null, '150.00', '100.00']);
    expect((await portalCalendar(buyerToken))?.addresses.map((address) => address.route_id)).toEqual([1, 2]);

    // once: an address the supplier took off its route stays off
    expect((await putAddressRoute(lindenhofDelivery[1] as number, null)).status).toBe(200);
    expect((await seedDatabase(db, dialect)).seeded).toBe(false);
    expect((await portalCalendar(buyerToken))?.addresses.map((address) => address.route_id)).toEqual([
      1,
      null,
    ]);
  });

  it('gets the calendar once, and a calendar the supplier removed stays removed', async () => {
    const { db, dialect } = server.database;
    expect((await supplier(supplierApp, 'DELETE', '/delivery-calendar/')).status).toBe(204);
    await db.deleteFrom('meta').where('key', '=', 'delivery_calendar_seeded_at').execute();
    expect((await seedDatabase(db, dialect)).seeded).toBe(false);
    expect((await readCalendar())?.routes.map((route) => route.name)).toEqual([
      'Altona',
      'Harburg',
      'Wandsbek',
    ]);

    expect((await supplier(supplierApp, 'DELETE', '/delivery-calendar/')).status).toBe(204);
    expect((await seedDatabase(db, dialect)).seeded).toBe(false);
    expect(await readCalendar()).toBeNull();
  });
});

describe('the supplier edits the calendar', () => {
  it('replaces the whole calendar and reads back what it sent', async () => {
    const sent = aCalendar();
    const answer = await putCalendar(sent);
    expect(answer.status).toBe(200);
    expect(answer.body?.calendar).toEqual(sent);
    expect(await readCalendar()).toEqual(sent);

    // the next replacement drops a route, a warehouse's lead days and the closures it leaves out
    const smaller = { ...sent, routes: [altona], warehouses: [{ id: 2, lead_days: 3 }], closures: [] };
    expect((await putCalendar(smaller)).status).toBe(200);
    const read = await readCalendar();
    expect(read?.routes).toEqual([altona]);
    expect(read?.warehouses.map((w) => [w.id, w.lead_days])).toEqual([
      [1, 0],
      [2, 3],
      [3, 0],
    ]);
    expect(read?.closures).toEqual([]);
  });

  it.each([
    ['an unknown time zone', { time_zone: 'Europe/Hamburg' }, 'time_zone'],
    ['weekday 0', { routes: [{ ...altona, weekdays: [0, 2] }] }, 'routes.0.weekdays.0'],
    ['weekday 8', { routes: [{ ...altona, weekdays: [2, 8] }] }, 'routes.0.weekdays.1'],
    ['a route with no weekday', { routes: [{ ...altona, weekdays: [] }] }, 'routes.0.weekdays'],
    [
      'a cut-off at 25:00',
      { routes: [{ ...altona, cutoff: { days_before: 1, time: '25:00' } }] },
      'routes.0.cutoff.time',
    ],
    [
      'a cut-off 8 days before',
      { routes: [{ ...altona, cutoff: { days_before: 8, time: '18:00' } }] },
      'routes.0.cutoff.days_before',
    ],
    ['a route listed twice', { routes: [altona, { ...harburg, id: altona.id }] }, 'routes.1.id'],
    [
      'a duplicate closure',
      {
        closures: [
          { date: '2027-01-01', kind: 'publicHoliday', name: 'New Year', region: 'DE-HH' },
          { date: '2027-01-01', kind: 'closure', name: 'Closed', region: 'DE-HH' },
        ],
      },
      'closures.1.date',
    ],
    [
      'a duplicate closure everywhere',
      {
        closures: [
          { date: '2027-01-01', kind: 'closure', name: 'Closed' },
          { date: '2027-01-01', kind: 'closure', name: 'Closed again', region: null },
        ],
      },
      'closures.1.date',
    ],
    ['an unknown warehouse', { warehouses: [{ id: 999, lead_days: 1 }] }, 'warehouses.0.id'],
  ])('refuses %s with a 400 naming the field, changing nothing', async (_what, change, field) => {
    expect((await putCalendar(aCalendar())).status).toBe(200);
    const before = await readCalendar();
    const answer = await putCalendar({ ...aCalendar(), ...change });
    expect(answer.status).toBe(400);
    expect(Object.keys(fieldErrorsOf(answer as never))).toEqual([field]);
    expect(await readCalendar()).toEqual(before);
  });

  it('takes Europe/Berlin for a calendar sent without a time zone', async () => {
    const { time_zone: _zone, ...withoutZone } = { ...aCalendar(), time_zone: 'Europe/Vienna' };
    expect((await putCalendar(withoutZone)).status).toBe(200);
    expect((await readCalendar())?.time_zone).toBe('Europe/Berlin');
  });

  it('accepts a closure once everywhere and once in a region on the same day', async () => {
    const calendar = {
      ...aCalendar(),
      closures: [
        { date: '2027-01-01', kind: 'publicHoliday', name: 'New Year', region: null },
        { date: '2027-01-01', kind: 'closure', name: 'Hamburg depot closed', region: 'DE-HH' },
      ],
    };
    expect((await putCalendar(calendar)).status).toBe(200);
    expect((await readCalendar())?.closures).toHaveLength(2);
  });
});

describe('delivery addresses on routes', () => {
  it('puts an address on a route and takes it off again', async () => {
    expect((await putCalendar(aCalendar())).status).toBe(200);
    const on = await putAddressRoute(lindenhofDelivery[0] as number, altona.id);
    expect(on).toEqual({ status: 200, body: { address: lindenhofDelivery[0], route_id: altona.id } });
    expect((await portalCalendar(buyerToken))?.addresses[0]?.route_id).toBe(altona.id);
    const off = await putAddressRoute(lindenhofDelivery[0] as number, null);
    expect(off.status).toBe(200);
    expect(await portalCalendar(buyerToken)).toBeNull();
  });

  it('refuses an unknown route (400), and an unknown or billing address (404)', async () => {
    expect((await putCalendar(aCalendar())).status).toBe(200);
    const unknownRoute = await putAddressRoute(lindenhofDelivery[0] as number, 99);
    expect(unknownRoute.status).toBe(400);
    expect(Object.keys(fieldErrorsOf(unknownRoute as never))).toEqual(['route_id']);
    expect((await putAddressRoute(999_999, altona.id)).status).toBe(404);
    expect((await putAddressRoute(lindenhofBilling, altona.id)).status).toBe(404);
    expect((await putAddressRoute('x1', altona.id)).status).toBe(404);
  });

  it('takes the addresses off a route the next calendar leaves out, and keeps those of the others', async () => {
    expect((await putCalendar(aCalendar())).status).toBe(200);
    expect((await putAddressRoute(lindenhofDelivery[0] as number, altona.id)).status).toBe(200);
    expect((await putAddressRoute(lindenhofDelivery[1] as number, harburg.id)).status).toBe(200);
    const renamed = { ...harburg, name: 'Harburg Süd', weekdays: [1] };
    expect((await putCalendar({ ...aCalendar(), routes: [renamed, koelnWest] })).status).toBe(200);
    const calendar = await portalCalendar(buyerToken);
    expect(calendar?.addresses).toEqual([
      { id: lindenhofDelivery[0], route_id: null, region: 'DE-HH' },
      { id: lindenhofDelivery[1], route_id: harburg.id, region: 'DE-HH' },
    ]);
    expect(calendar?.routes).toEqual([renamed]);
  });
});

describe('the portal reads its company calendar', () => {
  it('answers only the routes of its addresses, the closures of its region and everywhere, for a year', async () => {
    expect((await putCalendar(aCalendar())).status).toBe(200);
    expect((await putAddressRoute(lindenhofDelivery[0] as number, altona.id)).status).toBe(200);
    expect((await putAddressRoute(lindenhofDelivery[1] as number, null)).status).toBe(200);
    expect((await putAddressRoute(bosporusDelivery, koelnWest.id)).status).toBe(200);

    expect(await portalCalendar(buyerToken)).toEqual({
      time_zone: ZONE,
      routes: [altona],
      warehouses: [
        { id: 1, lead_days: 0 },
        { id: 2, lead_days: 1 },
        { id: 3, lead_days: 2 },
      ],
      closures: [
        { date: day(10), kind: 'closure', name: 'Stocktaking', region: null },
        { date: day(10), kind: 'publicHoliday', name: 'A Hamburg holiday', region: 'DE-HH' },
      ],
      addresses: [
        { id: lindenhofDelivery[0], route_id: altona.id, region: 'DE-HH' },
        { id: lindenhofDelivery[1], route_id: null, region: 'DE-HH' },
      ],
    });

    const cologne = await portalCalendar(otherToken);
    expect(cologne?.routes).toEqual([koelnWest]);
    expect(cologne?.addresses).toEqual([{ id: bosporusDelivery, route_id: koelnWest.id, region: 'DE-NW' }]);
    expect(cologne?.closures.map((closure) => closure.name)).toEqual(['Stocktaking', 'A Cologne holiday']);
  });

  it('answers null when the supplier removed the calendar, and the supplier reads null too', async () => {
    expect((await putCalendar(aCalendar())).status).toBe(200);
    expect((await putAddressRoute(lindenhofDelivery[0] as number, altona.id)).status).toBe(200);
    expect((await supplier(supplierApp, 'DELETE', '/delivery-calendar/')).status).toBe(204);
    expect(await portalCalendar(buyerToken)).toBeNull();
    expect(await readCalendar()).toBeNull();
    // nothing is left to put an address on
    expect((await putAddressRoute(lindenhofDelivery[0] as number, altona.id)).status).toBe(400);
  });

  it('is for signed-in callers only', async () => {
    const answer = await callerFor(server, undefined)('GET', '/api/netb2b/delivery-calendar/');
    expect(answer.status).toBe(401);
  });
});

describe('the supplier key', () => {
  it('refuses a missing or wrong key and a customer token with 401, and changes nothing', async () => {
    expect((await putCalendar(aCalendar())).status).toBe(200);
    const before = await readCalendar();
    const changed = { ...aCalendar(), routes: [] };
    const missing = await supplier(supplierApp, 'PUT', '/delivery-calendar/', changed, null);
    const wrong = await supplier(supplierApp, 'PUT', '/delivery-calendar/', changed, `${KEY}x`);
    const customer = await supplier(supplierApp, 'PUT', '/delivery-calendar/', changed, buyerToken);
    const reading = await supplier(supplierApp, 'GET', '/delivery-calendar/', undefined, null);
    expect([missing.status, wrong.status, customer.status, reading.status]).toEqual([401, 401, 401, 401]);
    expect(wrong.body?.code).toBe('supplier_key_invalid');
    expect(await readCalendar()).toEqual(before);
  });

  it('does not exist on a server without a key', async () => {
    expect((await supplier(server.app, 'GET', '/delivery-calendar/', undefined, KEY)).status).toBe(404);
  });
});

describe('several processes on one database', () => {
  it('read the calendar another one stored', async () => {
    const calendar = { ...aCalendar(), routes: [harburg] };
    expect((await putCalendar(calendar, otherProcess)).status).toBe(200);
    expect(await readCalendar(supplierApp)).toEqual(calendar);
  });

  it('end with one whole calendar when two replace it at once', async () => {
    const first = { ...aCalendar(), routes: [altona, harburg], closures: aCalendar().closures.slice(0, 2) };
    const second = { ...aCalendar(), time_zone: 'Europe/Vienna', routes: [koelnWest], closures: [] };
    // a few rounds, as the two transactions interleave differently each time
    const statuses: number[] = [];
    const results: unknown[] = [];
    for (const round of [1, 2, 3, 4, 5]) {
      const [a, b] = round % 2 === 0 ? [first, second] : [second, first];
      const answers = await Promise.all([putCalendar(a, supplierApp), putCalendar(b, otherProcess)]);
      statuses.push(...answers.map((answer) => answer.status));
      results.push(await readCalendar());
    }
    expect(statuses).toEqual(Array(10).fill(200));
    expect(results).toHaveLength(5);
    for (const result of results) expect([first, second]).toContainEqual(result);
  });
});
