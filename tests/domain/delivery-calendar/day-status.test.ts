import { describe, expect, it } from 'vitest';
import { minimumDeliveryDate } from '../../../src/domain/dates';
import {
  type DeliveryCalendar,
  type DeliveryRoute,
  dayStatus,
  earliestServedDay,
  InvalidCalendarDayError,
  nextServedDayAfter,
  servedDays,
  UnknownCalendarEntryError,
} from '../../../src/domain/delivery-calendar';

// Route Altona: trucks on Tuesday and Friday, orders by 18:00 Berlin time the day before.
const altona: DeliveryRoute = {
  id: 1,
  name: 'Altona',
  weekdays: [2, 5],
  cutoff: { daysBefore: 1, time: '18:00' },
  leadDays: 0,
};
// Route Nacht: Monday drops, orders by 02:30 the night before (inside both DST changes in Berlin).
const nacht: DeliveryRoute = {
  id: 2,
  name: 'Nacht',
  weekdays: [1],
  cutoff: { daysBefore: 1, time: '02:30' },
  leadDays: 0,
};

const calendar: DeliveryCalendar = {
  timeZone: 'Europe/Berlin',
  routes: [altona, nacht],
  warehouses: [
    { id: 10, leadDays: 0 },
    { id: 11, leadDays: 2 },
  ],
  closures: [
    { date: '2026-12-08', kind: 'publicHoliday', name: 'Hafengeburtstag', region: 'DE-HH' },
    { date: '2026-12-11', kind: 'closure', name: 'Inventur' },
    { date: '2027-01-01', kind: 'publicHoliday', name: "New Year's Day" },
  ],
};

const inHamburg = { routeId: 1, region: 'DE-HH' } as const;

describe('dayStatus on a Berlin route served Tuesday and Friday, cut-off 18:00 the day before', () => {
  const fridayNoon = '2026-11-27T12:00:00.000Z';

  it('serves Tuesday with its cut-off on Monday 18:00 Berlin time (17:00 UTC in winter)', () => {
    expect(dayStatus(calendar, { ...inHamburg, now: fridayNoon }, '2026-12-01')).toEqual({
      served: true,
      cutoffAt: '2026-11-30T17:00:00.000Z',
    });
  });

  it('names the weekday and the route on a day the truck does not come', () => {
    expect(dayStatus(calendar, { ...inHamburg, now: fridayNoon }, '2026-12-02')).toEqual({
      served: false,
      reason: { kind: 'notOnRoute', weekday: 3, routeName: 'Altona' },
    });
  });

  it('names a public holiday on a Tuesday, only for addresses in its region', () => {
    expect(dayStatus(calendar, { ...inHamburg, now: fridayNoon }, '2026-12-08')).toEqual({
      served: false,
      reason: { kind: 'publicHoliday', name: 'Hafengeburtstag' },
    });
    expect(dayStatus(calendar, { routeId: 1, region: 'DE-BY', now: fridayNoon }, '2026-12-08')).toEqual({
      served: true,
      cutoffAt: '2026-12-07T17:00:00.000Z',
    });
    expect(nextServedDayAfter(calendar, { ...inHamburg, now: fridayNoon }, '2026-12-04')).toEqual({
      date: '2026-12-15',
      cutoffAt: '2026-12-14T17:00:00.000Z',
    });
  });

  it('names a closure of the supplier for every region', () => {
    expect(dayStatus(calendar, { routeId: 1, region: 'DE-BY', now: fridayNoon }, '2026-12-11')).toEqual({
      served: false,
      reason: { kind: 'closure', name: 'Inventur' },
    });
  });

  it('accepts an order exactly at the cut-off and refuses it one millisecond later', () => {
    const day = '2026-12-01';
    expect(dayStatus(calendar, { ...inHamburg, now: '2026-11-30T17:00:00.000Z' }, day)).toEqual({
      served: true,
      cutoffAt: '2026-11-30T17:00:00.000Z',
    });
    expect(dayStatus(calendar, { ...inHamburg, now: '2026-11-30T17:00:00.001Z' }, day)).toEqual({
      served: false,
      reason: { kind: 'cutoffPassed', cutoffAt: '2026-11-30T17:00:00.000Z' },
    });
    expect(earliestServedDay(calendar, { ...inHamburg, now: '2026-11-30T17:00:00.001Z' })).toEqual({
      date: '2026-12-04',
      cutoffAt: '2026-12-03T17:00:00.000Z',
    });
  });

  it('refuses a day after the horizon, a year from today in Berlin', () => {
    expect(dayStatus(calendar, { ...inHamburg, now: fridayNoon }, '2027-11-26').served).toBe(true);
    expect(dayStatus(calendar, { ...inHamburg, now: fridayNoon }, '2027-11-30')).toEqual({
      served: false,
      reason: { kind: 'tooLate' },
    });
  });

  it('refuses a route or warehouse the calendar does not know, and a day that is not a date', () => {
    expect(() => dayStatus(calendar, { routeId: 9, now: fridayNoon }, '2026-12-01')).toThrow(
      UnknownCalendarEntryError,
    );
    expect(() => dayStatus(calendar, { warehouseId: 9, now: fridayNoon }, '2026-12-01')).toThrow(
      UnknownCalendarEntryError,
    );
    expect(() => dayStatus(calendar, { routeId: 1, now: fridayNoon }, '2026-02-30')).toThrow(
      InvalidCalendarDayError,
    );
  });
});

describe('a warehouse with two lead days', () => {
  const fromWarehouse = { ...inHamburg, warehouseId: 11 };

  it('moves the cut-off for Tuesday back to Sunday 18:00', () => {
    expect(dayStatus(calendar, { ...fromWarehouse, now: '2026-11-27T12:00:00.000Z' }, '2026-12-01')).toEqual({
      served: true,
      cutoffAt: '2026-11-29T17:00:00.000Z',
    });
  });

  it('calls Tuesday too soon once Sunday 18:00 has passed, and offers Friday first', () => {
    const sundayEvening = '2026-11-29T17:00:00.001Z';
    expect(dayStatus(calendar, { ...fromWarehouse, now: sundayEvening }, '2026-12-01')).toEqual({
      served: false,
      reason: { kind: 'tooSoon' },
    });
    expect(earliestServedDay(calendar, { ...fromWarehouse, now: sundayEvening })).toEqual({
      date: '2026-12-04',
      cutoffAt: '2026-12-02T17:00:00.000Z',
    });
    // The same moment from a warehouse without lead time still reaches Tuesday.
    expect(earliestServedDay(calendar, { ...inHamburg, warehouseId: 10, now: sundayEvening })?.date).toBe(
      '2026-12-01',
    );
  });

  it('without a route, serves every open day until the end of the day lead days before it', () => {
    expect(dayStatus(calendar, { warehouseId: 11, now: '2026-11-27T12:00:00.000Z' }, '2026-11-29')).toEqual({
      served: true,
      cutoffAt: '2026-11-27T22:59:59.999Z',
    });
    expect(dayStatus(calendar, { warehouseId: 11, now: '2026-11-27T23:00:00.000Z' }, '2026-11-29')).toEqual({
      served: false,
      reason: { kind: 'tooSoon' },
    });
  });
});

describe('daylight-saving weekends of 2026 in Berlin', () => {
  const onNacht = { routeId: 2 };

  it('in autumn, a cut-off at 02:30 on Sunday 25 October is the first 02:30 (CEST)', () => {
    const monday = '2026-10-26';
    expect(dayStatus(calendar, { ...onNacht, now: '2026-10-25T00:30:00.000Z' }, monday)).toEqual({
      served: true,
      cutoffAt: '2026-10-25T00:30:00.000Z',
    });
    // 02:15 CET, when the clock shows a time before 02:30 for the second time: the cut-off has passed.
    expect(dayStatus(calendar, { ...onNacht, now: '2026-10-25T01:15:00.000Z' }, monday)).toEqual({
      served: false,
      reason: { kind: 'cutoffPassed', cutoffAt: '2026-10-25T00:30:00.000Z' },
    });
  });

  it('in spring, a cut-off at 02:30 on Sunday 29 March, a time the clock skips, is 03:30 CEST', () => {
    const monday = '2026-03-30';
    expect(dayStatus(calendar, { ...onNacht, now: '2026-03-29T01:15:00.000Z' }, monday)).toEqual({
      served: true,
      cutoffAt: '2026-03-29T01:30:00.000Z',
    });
  });

  it('keeps the 18:00 cut-off at 18:00 Berlin time on both sides of each change', () => {
    const autumn = servedDays(
      calendar,
      { ...inHamburg, now: '2026-10-16T12:00:00.000Z' },
      { from: '2026-10-20', to: '2026-10-30' },
    );
    expect(autumn).toEqual([
      { date: '2026-10-20', cutoffAt: '2026-10-19T16:00:00.000Z' },
      { date: '2026-10-23', cutoffAt: '2026-10-22T16:00:00.000Z' },
      { date: '2026-10-27', cutoffAt: '2026-10-26T17:00:00.000Z' },
      { date: '2026-10-30', cutoffAt: '2026-10-29T17:00:00.000Z' },
    ]);
    const spring = servedDays(
      calendar,
      { ...inHamburg, now: '2026-03-20T12:00:00.000Z' },
      { from: '2026-03-27', to: '2026-04-03' },
    );
    expect(spring).toEqual([
      { date: '2026-03-27', cutoffAt: '2026-03-26T17:00:00.000Z' },
      { date: '2026-03-31', cutoffAt: '2026-03-30T16:00:00.000Z' },
      { date: '2026-04-03', cutoffAt: '2026-04-02T16:00:00.000Z' },
    ]);
  });
});

describe('the year end', () => {
  it('skips New Year’s Day (a Friday) and moves to the next Tuesday', () => {
    const afterTuesdayCutoff = { ...inHamburg, now: '2026-12-28T17:00:00.001Z' };
    expect(dayStatus(calendar, afterTuesdayCutoff, '2027-01-01')).toEqual({
      served: false,
      reason: { kind: 'publicHoliday', name: "New Year's Day" },
    });
    expect(earliestServedDay(calendar, afterTuesdayCutoff)).toEqual({
      date: '2027-01-05',
      cutoffAt: '2027-01-04T17:00:00.000Z',
    });
    expect(
      servedDays(
        calendar,
        { ...inHamburg, now: '2026-12-20T12:00:00.000Z' },
        { from: '2026-12-28', to: '2027-01-09' },
      ),
    ).toEqual([
      { date: '2026-12-29', cutoffAt: '2026-12-28T17:00:00.000Z' },
      { date: '2027-01-05', cutoffAt: '2027-01-04T17:00:00.000Z' },
      { date: '2027-01-08', cutoffAt: '2027-01-07T17:00:00.000Z' },
    ]);
  });
});

describe('with no calendar the specification’s rule holds', () => {
  // Local wall times, as src/domain/dates.ts reads them, so the test passes in any TZ.
  const now = new Date(2026, 10, 27, 12, 0).toISOString();

  it('offers today + 7 first, any day after it, and nothing past the maximum', () => {
    const earliest = earliestServedDay(null, { now });
    expect(earliest).toEqual({
      date: minimumDeliveryDate(new Date(now)),
      cutoffAt: new Date(new Date(2026, 10, 28).getTime() - 1).toISOString(),
    });
    expect(earliest?.date).toBe('2026-12-04');
    expect(dayStatus(null, { now }, '2026-12-03')).toEqual({ served: false, reason: { kind: 'tooSoon' } });
    expect(dayStatus(null, { now }, '2026-12-09').served).toBe(true);
    expect(dayStatus(null, { now }, '2027-11-28')).toEqual({ served: false, reason: { kind: 'tooLate' } });
    expect(
      servedDays(null, { now }, { from: '2026-12-01', to: '2026-12-06' }).map((day) => day.date),
    ).toEqual(['2026-12-04', '2026-12-05', '2026-12-06']);
  });
});
