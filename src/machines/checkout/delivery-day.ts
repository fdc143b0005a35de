// The checkout's questions about a delivery day, answered by the domain: the specification's rule
// (src/domain/dates.ts) without a calendar, the delivery calendar's served days with one.
import {
  DELIVERY_DATE_INVALID_KEY,
  DELIVERY_DATE_REQUIRED_KEY,
  type DELIVERY_DATE_TOO_LATE_KEY,
  defaultDeliveryDate,
  isIsoDate,
  minimumDeliveryDate,
  validateDeliveryDate,
} from '../../domain/dates';
import { dayOptions, dayStatus, earliestServedDay, nextServedDayAfter } from '../../domain/delivery-calendar';
import type { DeliveryDayOption, ServedDayQuery, UnservedReason } from '../../domain/delivery-calendar/types';
import type { IsoDate, IsoDateTime } from '../../domain/types';
import type { CompanyDeliveryCalendar } from '../../services/api/wire/delivery-calendar';

/** The message key of a refused day: the domain's reason names it ("No delivery on Wednesdays…"). */
export type UnservedReasonKey = `deliveryDays.reason.${UnservedReason['kind']}`;

export type DeliveryDateErrorKey =
  | typeof DELIVERY_DATE_REQUIRED_KEY
  | typeof DELIVERY_DATE_INVALID_KEY
  | typeof DELIVERY_DATE_TOO_LATE_KEY
  | UnservedReasonKey;

export type DeliveryDateCheck =
  | { ok: true }
  | { ok: false; messageKey: DeliveryDateErrorKey; reason: UnservedReason | null };

/**
 * Whose route the days are read for: the address chosen at checkout, else (the company's addresses
 * could not be read) the one address on a route when exactly one is, else the first address (none:
 * every weekday).
 */
export function dayQuery(
  calendar: CompanyDeliveryCalendar,
  now: Date,
  addressId: number | null = null,
): ServedDayQuery {
  const address = calendar.addresses.find((a) => a.id === addressId) ?? fallbackAddress(calendar);
  return {
    now: now.toISOString(),
    ...(address?.routeId != null ? { routeId: address.routeId } : {}),
    ...(address?.region ? { region: address.region } : {}),
  };
}

/** The address the days are read for when none is chosen: the one address on a route, else the first. */
export function fallbackAddress(calendar: CompanyDeliveryCalendar) {
  const onRoute = calendar.addresses.filter((address) => address.routeId !== null);
  return onRoute.length === 1 ? onRoute[0] : calendar.addresses[0];
}

/** Whether an order for `date` may be placed now; the reason when the calendar refuses it. */
export function checkDeliveryDate(
  date: string,
  calendar: CompanyDeliveryCalendar | null,
  now: Date,
  addressId: number | null = null,
): DeliveryDateCheck {
  if (calendar === null) {
    const result = validateDeliveryDate(date, now);
    return result.ok ? { ok: true } : { ok: false, messageKey: result.messageKey, reason: null };
  }
  const text = date.trim();
  if (text === '') return { ok: false, messageKey: DELIVERY_DATE_REQUIRED_KEY, reason: null };
  if (!isIsoDate(text)) return { ok: false, messageKey: DELIVERY_DATE_INVALID_KEY, reason: null };
  const status = dayStatus(calendar, dayQuery(calendar, now, addressId), text);
  if (status.served) return { ok: true };
  return { ok: false, messageKey: `deliveryDays.reason.${status.reason.kind}`, reason: status.reason };
}

/** The day the form starts with: the earliest served day, or today + 7 (the specification's rule). */
export function firstDeliveryDate(
  calendar: CompanyDeliveryCalendar | null,
  now: Date,
  addressId: number | null = null,
): IsoDate {
  if (calendar === null) return defaultDeliveryDate(now);
  return earliestServedDay(calendar, dayQuery(calendar, now, addressId))?.date ?? defaultDeliveryDate(now);
}

/** The earliest day the form offers (the date input's `min`). */
export function earliestDeliveryDate(
  calendar: CompanyDeliveryCalendar | null,
  now: Date,
  addressId: number | null = null,
): IsoDate {
  if (calendar === null) return minimumDeliveryDate(now);
  return earliestServedDay(calendar, dayQuery(calendar, now, addressId))?.date ?? minimumDeliveryDate(now);
}

/** The last instant an order for `date` is accepted, when a calendar applies and serves the day. */
export function cutoffOf(
  date: string,
  calendar: CompanyDeliveryCalendar | null,
  now: Date,
  addressId: number | null = null,
): { day: IsoDate; cutoffAt: IsoDateTime } | null {
  if (calendar === null || !isIsoDate(date)) return null;
  const status = dayStatus(calendar, dayQuery(calendar, now, addressId), date);
  return status.served ? { day: date, cutoffAt: status.cutoffAt } : null;
}

/** Where a day whose cut-off passed moves to: the next served day (null: none up to the horizon). */
export function nextDeliveryDate(
  date: IsoDate,
  calendar: CompanyDeliveryCalendar,
  now: Date,
  addressId: number | null = null,
): IsoDate | null {
  return nextServedDayAfter(calendar, dayQuery(calendar, now, addressId), date)?.date ?? null;
}

/** Every day from `from` to `to` (inclusive) with whether it is served; null calendar: the specification's rule. */
export function deliveryDays(
  calendar: CompanyDeliveryCalendar | null,
  now: Date,
  range: { from: IsoDate; to: IsoDate },
  addressId: number | null = null,
): DeliveryDayOption[] {
  return dayOptions(
    calendar,
    calendar === null ? { now: now.toISOString() } : dayQuery(calendar, now, addressId),
    range,
  );
}

/** The rule of the route serving `addressId` (dayQuery's address), or null when none has one. */
export function routeOf(calendar: CompanyDeliveryCalendar | null, now: Date, addressId: number | null) {
  if (calendar === null) return null;
  const { routeId } = dayQuery(calendar, now, addressId);
  return calendar.routes.find((route) => route.id === routeId) ?? null;
}
