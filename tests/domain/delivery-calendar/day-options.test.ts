import { describe, expect, it } from 'vitest';
import { dayOptions } from '../../../src/domain/delivery-calendar';
import type { DeliveryCalendar } from '../../../src/domain/delivery-calendar/types';

const calendar: DeliveryCalendar = {
  timeZone: 'Europe/Berlin',
  routes: [
    { id: 1, name: 'Altona', weekdays: [2, 4], cutoff: { daysBefore: 1, time: '18:00' }, leadDays: 0 },
  ],
  warehouses: [{ id: 1, leadDays: 0 }],
  closures: [{ date: '2026-12-03', kind: 'publicHoliday', name: 'Founders Day' }],
};

describe('a date picker’s days from the calendar', () => {
  it('lists every day of the range, served or with the calendar’s reason', () => {
    const days = dayOptions(
      calendar,
      { routeId: 1, warehouseId: 1, now: '2026-11-30T16:00:00Z' },
      { from: '2026-11-30', to: '2026-12-03' },
    );
    expect(days).toEqual([
      { date: '2026-11-30', served: false, reason: { kind: 'notOnRoute', weekday: 1, routeName: 'Altona' } },
      { date: '2026-12-01', served: true },
      { date: '2026-12-02', served: false, reason: { kind: 'notOnRoute', weekday: 3, routeName: 'Altona' } },
      { date: '2026-12-03', served: false, reason: { kind: 'publicHoliday', name: 'Founders Day' } },
    ]);
  });
});
