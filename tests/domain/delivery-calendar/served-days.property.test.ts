import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Closure,
  type DeliveryCalendar,
  type DeliveryRoute,
  dayStatus,
  earliestServedDay,
  type IsoWeekday,
  type ServedDayQuery,
  servedDays,
  zonedDateTimeToInstant,
} from '../../../src/domain/delivery-calendar';

// For random calendars, zones and instants the served days obey every rule, checked here by an oracle that
// walks day by day and reads clocks through its own Intl formatter, sharing no code with the implementation.

const zones = ['Europe/Berlin', 'Europe/Istanbul', 'America/New_York', 'Australia/Sydney', 'UTC'] as const;
const hour = 60 * 60 * 1000;
const day = 24 * hour;
// Every UTC offset these five zones have used since 2016, in hours.
const knownOffsets = [-5, -4, 0, 1, 2, 3, 10, 11];

const oracleFormatters = new Map<string, Intl.DateTimeFormat>();
/** "yyyy-mm-dd HH:MM:SS" on the zone's wall clock (Swedish writes dates the ISO way). */
function oracleWall(epochMs: number, zone: string): string {
  let formatter = oracleFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    oracleFormatters.set(zone, formatter);
  }
  return formatter.format(epochMs);
}
const oracleDate = (epochMs: number, zone: string) => oracleWall(epochMs, zone).slice(0, 10);
const oracleTime = (epochMs: number, zone: string) => oracleWall(epochMs, zone).slice(11, 16);

function shiftDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
const weekdayOf = (date: string): IsoWeekday =>
  (((new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7) + 1) as IsoWeekday;
const daysFrom = (earlier: string, later: string) =>
  Math.round((Date.parse(`${later}T00:00:00Z`) - Date.parse(`${earlier}T00:00:00Z`)) / day);

/** The instants whose wall clock in `zone` reads `date time`, found by trying every known offset. */
function instantsShowing(date: string, time: string, zone: string): number[] {
  const asUtc = Date.parse(`${date}T${time}:00Z`);
  return knownOffsets
    .map((offset) => asUtc - offset * hour)
    .filter((instant) => oracleWall(instant, zone) === `${date} ${time}:00`)
    .sort((a, b) => a - b);
}

/** The cut-off rule of docs/delivery-calendar.md: the earlier of two; in a (one-hour) gap, an hour later. */
function oracleInstant(date: string, time: string, zone: string): number {
  const direct = instantsShowing(date, time, zone);
  if (direct.length > 0) return direct[0]!;
  const asUtc = Date.parse(`${date}T${time}:00Z`) + hour;
  const later = new Date(asUtc).toISOString();
  return instantsShowing(later.slice(0, 10), later.slice(11, 16), zone)[0]!;
}

function oracleHorizon(today: string): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const sameDay = new Date(Date.UTC(y + 1, m - 1, d));
  const clamped = sameDay.getUTCMonth() === m - 1 ? sameDay : new Date(Date.UTC(y + 1, m, 0));
  return clamped.toISOString().slice(0, 10);
}

interface Scenario {
  calendar: DeliveryCalendar;
  query: ServedDayQuery;
  nowMs: number;
  today: string;
}

function oracleServed({ calendar, query, nowMs, today }: Scenario, date: string): boolean {
  const zone = calendar.timeZone;
  const route = calendar.routes.find((candidate) => candidate.id === query.routeId);
  const warehouse = calendar.warehouses.find((candidate) => candidate.id === query.warehouseId);
  const leadDays = Math.max(route?.leadDays ?? 0, warehouse?.leadDays ?? 0);
  if (route && !route.weekdays.includes(weekdayOf(date))) return false;
  const closed = calendar.closures.some(
    (closure) => closure.date === date && (closure.region === undefined || closure.region === query.region),
  );
  if (closed) return false;
  if (date > oracleHorizon(today)) return false;
  if (daysFrom(today, date) < leadDays) return false;
  if (!route) return true;
  const cutoffDay = shiftDate(date, -Math.max(route.cutoff.daysBefore, leadDays));
  return nowMs <= oracleInstant(cutoffDay, route.cutoff.time, zone);
}

function oracleEarliest(scenario: Scenario): string | null {
  const horizon = oracleHorizon(scenario.today);
  for (let date = scenario.today; date <= horizon; date = shiftDate(date, 1)) {
    if (oracleServed(scenario, date)) return date;
  }
  return null;
}

// Instants in the days before a daylight-saving change of the zone or a year end, and anywhere in 2025–2029.
const changes: Record<(typeof zones)[number], string[]> = {
  'Europe/Berlin': [
    '2026-03-29T01:00:00Z',
    '2026-10-25T01:00:00Z',
    '2027-03-28T01:00:00Z',
    '2027-10-31T01:00:00Z',
  ],
  'Europe/Istanbul': [],
  'America/New_York': [
    '2026-03-08T07:00:00Z',
    '2026-11-01T06:00:00Z',
    '2027-03-14T07:00:00Z',
    '2027-11-07T06:00:00Z',
  ],
  'Australia/Sydney': [
    '2026-04-04T16:00:00Z',
    '2026-10-03T16:00:00Z',
    '2027-04-03T16:00:00Z',
    '2027-10-02T16:00:00Z',
  ],
  UTC: [],
};
const yearEnds = ['2026-12-31T12:00:00Z', '2027-12-31T12:00:00Z', '2028-02-29T12:00:00Z'];
const instantIn = (zone: (typeof zones)[number]) =>
  fc.oneof(
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...[...changes[zone], ...yearEnds].map(Date.parse)),
          fc.integer({ min: -10 * day, max: 2 * day }),
        )
        .map(([at, by]) => at + by),
      weight: 3,
    },
    {
      arbitrary: fc.integer({
        min: Date.parse('2025-01-01T00:00:00Z'),
        max: Date.parse('2029-12-31T00:00:00Z'),
      }),
      weight: 1,
    },
  );
// Times around 02:00–03:00 often: the clock skips or repeats them on the change days of these zones.
const wallTime = fc.oneof(
  { arbitrary: fc.constantFrom('01:59', '02:00', '02:30', '02:59', '03:00'), weight: 2 },
  { arbitrary: fc.constantFrom('00:00', '18:00', '23:59'), weight: 1 },
  {
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
    weight: 1,
  },
);
const route = (id: number): fc.Arbitrary<DeliveryRoute> =>
  fc.record({
    id: fc.constant(id),
    name: fc.constantFrom('Altona', 'Harburg', 'Wandsbek'),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }) as fc.Arbitrary<IsoWeekday>, {
      minLength: 1,
      maxLength: 7,
    }),
    cutoff: fc.record({ daysBefore: fc.integer({ min: 0, max: 7 }), time: wallTime }),
    leadDays: fc.integer({ min: 0, max: 4 }),
  });
const region = fc.constantFrom('DE-HH', 'DE-BY', undefined);

const scenario: fc.Arbitrary<Scenario> = fc
  .constantFrom(...zones)
  .chain((zone) => fc.record({ zone: fc.constant(zone), nowMs: instantIn(zone) }))
  .chain(({ zone, nowMs }) =>
    fc.record({
      zone: fc.constant(zone),
      nowMs: fc.constant(nowMs),
      routes: fc.tuple(route(1), route(2)),
      warehouseLeadDays: fc.tuple(fc.integer({ min: 0, max: 4 }), fc.integer({ min: 0, max: 4 })),
      closures: fc.array(
        fc.record({
          offset: fc.integer({ min: -2, max: 45 }),
          kind: fc.constantFrom('publicHoliday' as const, 'closure' as const),
          region,
        }),
        { maxLength: 12 },
      ),
      routeId: fc.constantFrom(1, 2, undefined),
      warehouseId: fc.constantFrom(1, 2, undefined),
      region,
    }),
  )
  .map(({ zone, nowMs, routes, warehouseLeadDays, closures, routeId, warehouseId, region: where }) => {
    const today = oracleDate(nowMs, zone);
    const calendar: DeliveryCalendar = {
      timeZone: zone,
      routes,
      warehouses: warehouseLeadDays.map((leadDays, index) => ({ id: index + 1, leadDays })),
      closures: closures.map(
        ({ offset, kind, region: closureRegion }): Closure => ({
          date: shiftDate(today, offset),
          kind,
          name: `${kind} ${offset}`,
          ...(closureRegion === undefined ? {} : { region: closureRegion }),
        }),
      ),
    };
    const query: ServedDayQuery = { now: new Date(nowMs).toISOString() };
    if (routeId !== undefined) query.routeId = routeId;
    if (warehouseId !== undefined) query.warehouseId = warehouseId;
    if (where !== undefined) query.region = where;
    return { calendar, query, nowMs, today };
  });

const seed = 20261127;
const windowOf = (today: string) => ({ from: shiftDate(today, -3), to: shiftDate(today, 50) });

describe('served days for random calendars, zones and instants', () => {
  it('(a) never offers a closed, off-route, too early or expired day', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { calendar, query, nowMs, today } = s;
        const route = calendar.routes.find((candidate) => candidate.id === query.routeId);
        const warehouse = calendar.warehouses.find((candidate) => candidate.id === query.warehouseId);
        const leadDays = Math.max(route?.leadDays ?? 0, warehouse?.leadDays ?? 0);
        const offered = servedDays(calendar, query, windowOf(today));
        const checks = offered.map((served) => ({
          date: served.date,
          closures: calendar.closures.filter(
            (closure) =>
              closure.date === served.date &&
              (closure.region === undefined || closure.region === query.region),
          ),
          onRoute: route === undefined || route.weekdays.includes(weekdayOf(served.date)),
          afterLeadDays: daysFrom(today, served.date) >= leadDays,
          beforeCutoff: nowMs <= Date.parse(served.cutoffAt),
        }));
        expect(checks).toEqual(
          offered.map((served) => ({
            date: served.date,
            closures: [],
            onRoute: true,
            afterLeadDays: true,
            beforeCutoff: true,
          })),
        );
      }),
      { seed },
    );
  });

  it('(b) offers as earliest day the one a day-by-day walk over the rules finds', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        expect(earliestServedDay(s.calendar, s.query)?.date ?? null).toBe(oracleEarliest(s));
      }),
      { seed },
    );
  });

  it('(c) puts every cut-off at the route’s time on the right day in the supplier’s zone', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const { calendar, query } = s;
        const zone = calendar.timeZone;
        const route = calendar.routes.find((candidate) => candidate.id === query.routeId);
        const warehouse = calendar.warehouses.find((candidate) => candidate.id === query.warehouseId);
        const leadDays = Math.max(route?.leadDays ?? 0, warehouse?.leadDays ?? 0);
        const offered = servedDays(calendar, query, windowOf(s.today));
        // With a route: its time on day D − max(daysBefore, lead days). Without: the last millisecond of
        // day D − lead days.
        const expected = (date: string) =>
          route
            ? oracleInstant(
                shiftDate(date, -Math.max(route.cutoff.daysBefore, leadDays)),
                route.cutoff.time,
                zone,
              )
            : oracleInstant(shiftDate(date, 1 - leadDays), '00:00', zone) - 1;
        expect(
          offered.map((served) => ({ date: served.date, cutoffMs: Date.parse(served.cutoffAt) })),
        ).toEqual(offered.map((served) => ({ date: served.date, cutoffMs: expected(served.date) })));
      }),
      { seed },
    );
  });

  it('(c) converts wall times on and around the change days as the oracle does', () => {
    const onChangeDays = fc
      .constantFrom(...zones.flatMap((zone) => changes[zone].map((at) => ({ zone, at: Date.parse(at) }))))
      .chain(({ zone, at }) =>
        fc.record({
          zone: fc.constant(zone),
          date: fc.constantFrom(-1, 0, 0, 0, 1).map((offset) => shiftDate(oracleDate(at, zone), offset)),
          time: wallTime,
        }),
      );
    fc.assert(
      fc.property(onChangeDays, ({ zone, date, time }) => {
        expect(zonedDateTimeToInstant(date, time, zone)).toBe(
          new Date(oracleInstant(date, time, zone)).toISOString(),
        );
      }),
      { seed },
    );
  });

  it('(c) reads the route’s time on the clock whenever the day has that time', () => {
    fc.assert(
      fc.property(scenario, fc.integer({ min: 0, max: 40 }), (s, offset) => {
        const zone = s.calendar.timeZone;
        const route = s.calendar.routes[0]!;
        const cutoffDay = shiftDate(s.today, offset);
        const status = dayStatus(
          s.calendar,
          { routeId: route.id, now: s.query.now },
          shiftDate(cutoffDay, Math.max(route.cutoff.daysBefore, route.leadDays)),
        );
        const exists = instantsShowing(cutoffDay, route.cutoff.time, zone).length > 0;
        const cutoffAt = status.served
          ? status.cutoffAt
          : status.reason.kind === 'cutoffPassed'
            ? status.reason.cutoffAt
            : null;
        fc.pre(cutoffAt !== null && exists);
        expect(oracleTime(Date.parse(cutoffAt!), zone)).toBe(route.cutoff.time);
      }),
      { seed },
    );
  });

  it('(d) skips and doubles no day across daylight-saving changes and year ends', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const range = windowOf(s.today);
        const offered = servedDays(s.calendar, s.query, range);
        const everyDay = Array.from({ length: daysFrom(range.from, range.to) + 1 }, (_, index) =>
          shiftDate(range.from, index),
        );
        expect(offered.map((served) => served.date)).toEqual(
          everyDay.filter((date) => oracleServed(s, date)),
        );
        const cutoffs = offered.map((served) => Date.parse(served.cutoffAt));
        expect(cutoffs).toEqual([...cutoffs].sort((a, b) => a - b));
        expect(new Set(cutoffs).size).toBe(cutoffs.length);
      }),
      { seed },
    );
  });
});
