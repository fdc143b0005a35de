import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDaysBetween,
  DELIVERY_DATE_INVALID_KEY,
  DELIVERY_DATE_REQUIRED_KEY,
  defaultDeliveryDate,
  formatDayMonthYear,
  InvalidDateTimeError,
  isIsoDate,
  maximumDeliveryDate,
  minimumDeliveryDate,
  notificationAge,
  toIsoDate,
  validateDeliveryDate,
} from '../../src/domain/dates';

/** A local wall-clock moment, whatever time zone the tests run in. */
const local = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(year, month - 1, day, hour, minute);

describe('defaultDeliveryDate and minimumDeliveryDate', () => {
  it('is today + 7 days as yyyy-mm-dd', () => {
    expect(defaultDeliveryDate(local(2025, 3, 10))).toBe('2025-03-17');
  });

  it('crosses month and year ends', () => {
    expect(defaultDeliveryDate(local(2025, 1, 28))).toBe('2025-02-04');
    expect(defaultDeliveryDate(local(2025, 12, 28))).toBe('2026-01-04');
  });

  it('knows leap years', () => {
    expect(defaultDeliveryDate(local(2024, 2, 25))).toBe('2024-03-03');
    expect(defaultDeliveryDate(local(2024, 2, 22))).toBe('2024-02-29');
  });

  it('uses the local calendar day at both ends of the day', () => {
    expect(defaultDeliveryDate(local(2025, 6, 1, 0, 0))).toBe('2025-06-08');
    expect(defaultDeliveryDate(local(2025, 6, 1, 23, 59))).toBe('2025-06-08');
  });

  it('the minimum equals the default', () => {
    const now = local(2025, 10, 20);
    expect(minimumDeliveryDate(now)).toBe(defaultDeliveryDate(now));
  });

  it('toIsoDate pads month and day; addDays works in calendar days', () => {
    expect(toIsoDate(local(2025, 1, 5))).toBe('2025-01-05');
    expect(toIsoDate(addDays(local(2025, 3, 1), -1))).toBe('2025-02-28');
  });
});

describe('maximumDeliveryDate', () => {
  it('is the same day a year from today', () => {
    expect(maximumDeliveryDate(local(2025, 3, 10))).toBe('2026-03-10');
    expect(maximumDeliveryDate(local(2025, 12, 31, 23, 59))).toBe('2026-12-31');
  });

  it('from 29 February is the last day of February next year', () => {
    expect(maximumDeliveryDate(local(2024, 2, 29))).toBe('2025-02-28');
  });
});

describe('validateDeliveryDate', () => {
  const now = local(2025, 3, 10);

  it('accepts the date a year ahead and refuses the day after, and year 9999, with cart.deliveryDateTooLate', () => {
    expect(validateDeliveryDate('2026-03-10', now)).toEqual({ ok: true, date: '2026-03-10' });
    for (const value of ['2026-03-11', '9999-12-31'])
      expect(validateDeliveryDate(value, now)).toEqual({ ok: false, messageKey: 'cart.deliveryDateTooLate' });
  });

  it('requires a date: empty, blank or missing gives cart.deliveryDateError', () => {
    for (const value of ['', '   ', null, undefined]) {
      expect(validateDeliveryDate(value, now)).toEqual({ ok: false, messageKey: 'cart.deliveryDateError' });
    }
    expect(DELIVERY_DATE_REQUIRED_KEY).toBe('cart.deliveryDateError');
  });

  it('accepts the minimum date and later', () => {
    expect(validateDeliveryDate('2025-03-17', now)).toEqual({ ok: true, date: '2025-03-17' });
    expect(validateDeliveryDate('2026-01-01', now)).toEqual({ ok: true, date: '2026-01-01' });
  });

  it('refuses a date before the minimum with cart.invalidDeliveryDate', () => {
    expect(validateDeliveryDate('2025-03-16', now)).toEqual({
      ok: false,
      messageKey: 'cart.invalidDeliveryDate',
    });
    expect(validateDeliveryDate('2025-03-10', now)).toEqual({
      ok: false,
      messageKey: DELIVERY_DATE_INVALID_KEY,
    });
  });

  it.each(['2025-02-30', '2025-13-01', '17.03.2025', '2025-3-17', 'tomorrow', '2025-03-17T00:00'])(
    'refuses "%s", which is not a real yyyy-mm-dd day',
    (value) => {
      expect(validateDeliveryDate(value, now)).toEqual({ ok: false, messageKey: 'cart.invalidDeliveryDate' });
    },
  );

  it('trims surrounding spaces', () => {
    expect(validateDeliveryDate(' 2025-03-20 ', now)).toEqual({ ok: true, date: '2025-03-20' });
  });
});

describe('isIsoDate', () => {
  it('accepts real days only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2025-02-29')).toBe(false);
    expect(isIsoDate('2025-04-31')).toBe(false);
    expect(isIsoDate('2025-00-10')).toBe(false);
  });
});

describe('formatDayMonthYear', () => {
  it('writes dd.mm.yyyy with padding, in local time', () => {
    expect(formatDayMonthYear(local(2025, 3, 5, 9))).toBe('05.03.2025');
    expect(formatDayMonthYear(local(2025, 12, 31, 23, 59).toISOString())).toBe('31.12.2025');
  });

  it('throws InvalidDateTimeError for text that is not a date', () => {
    expect(() => formatDayMonthYear('not a date')).toThrow(InvalidDateTimeError);
  });
});

describe('notificationAge', () => {
  const now = local(2025, 3, 10, 10);

  it('counts whole calendar days: today is 0 days ago', () => {
    expect(notificationAge(local(2025, 3, 10, 8).toISOString(), now)).toEqual({ kind: 'daysAgo', days: 0 });
  });

  it('counts yesterday late evening as one day ago, not zero', () => {
    expect(notificationAge(local(2025, 3, 9, 23, 59), local(2025, 3, 10, 0, 1))).toEqual({
      kind: 'daysAgo',
      days: 1,
    });
  });

  it('shows days ago up to and including 5 days', () => {
    expect(notificationAge(local(2025, 3, 5, 23), now)).toEqual({ kind: 'daysAgo', days: 5 });
  });

  it('shows the date dd.mm.yyyy after more than 5 days', () => {
    expect(notificationAge(local(2025, 3, 4, 23), now)).toEqual({ kind: 'date', text: '04.03.2025' });
    expect(notificationAge(local(2024, 12, 24), now)).toEqual({ kind: 'date', text: '24.12.2024' });
  });

  it('treats a creation time in the future as today', () => {
    expect(notificationAge(local(2025, 3, 12), now)).toEqual({ kind: 'daysAgo', days: 0 });
  });

  it('reads ISO date-times with an offset', () => {
    const created = new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000);
    expect(notificationAge(created.toISOString().replace('Z', '+00:00'), now)).toEqual({
      kind: 'daysAgo',
      days: 3,
    });
  });

  it('throws InvalidDateTimeError for a creation time that is not a date', () => {
    expect(() => notificationAge('yesterday', now)).toThrow(InvalidDateTimeError);
  });
});

describe('calendarDaysBetween', () => {
  it('counts calendar days across a month end and ignores the time of day', () => {
    expect(calendarDaysBetween(local(2025, 1, 31, 23), local(2025, 2, 1, 1))).toBe(1);
    expect(calendarDaysBetween(local(2025, 3, 1, 0), local(2025, 3, 31, 23))).toBe(30);
  });

  it('is not thrown off by daylight-saving changes (a 23- or 25-hour day where the zone has them)', () => {
    expect(calendarDaysBetween(local(2025, 3, 29, 0, 30), local(2025, 4, 2, 0, 10))).toBe(4);
    expect(calendarDaysBetween(local(2025, 10, 25, 23, 30), local(2025, 10, 27, 0, 10))).toBe(2);
    expect(defaultDeliveryDate(local(2025, 3, 27, 0, 30))).toBe('2025-04-03');
    expect(defaultDeliveryDate(local(2025, 10, 25, 23, 30))).toBe('2025-11-01');
  });
});
