// A route that drives on Tuesdays, Thursdays and Fridays, seen on Friday 27 November 2026.

import type { DeliveryDayOption } from '../../../src/domain/delivery-calendar';
import type { UnservedReason } from '../../../src/domain/delivery-calendar/types';

const reasons: Record<string, UnservedReason> = {
  '2026-11-28': { kind: 'tooSoon' },
  '2026-11-29': { kind: 'tooSoon' },
  '2026-11-30': { kind: 'tooSoon' },
  '2026-12-24': { kind: 'closure', name: 'stocktaking' },
  '2026-12-25': { kind: 'publicHoliday', name: 'Christmas Day' },
};
const routeDays = new Set([2, 4, 5]);

function day(date: string): DeliveryDayOption {
  const reason = reasons[date];
  if (reason) return { date, served: false, reason };
  const weekday = ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
  if (!routeDays.has(weekday))
    return {
      date,
      served: false,
      reason: { kind: 'notOnRoute', weekday: weekday as 1, routeName: 'Altona' },
    };
  return { date, served: true };
}

/** 28 November 2026 to 31 January 2027. */
export const deliveryDays: DeliveryDayOption[] = Array.from({ length: 65 }, (_, index) =>
  day(new Date(Date.UTC(2026, 10, 28 + index)).toISOString().slice(0, 10)),
);
