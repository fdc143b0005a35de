import { addIsoDays, type IsoWeekday, servedDays } from '../../domain/delivery-calendar';
import type { IsoDate, IsoDateTime } from '../../domain/types';
import type { CompanyDeliveryCalendar } from '../../services/api/wire/delivery-calendar';

// Which weekdays and first dates a new standing order may take: the served days of the delivery
// calendar the checkout reads, for the company's first delivery address (the one the server uses
// when a request names none). Pure: "now" comes in with the calendar's answer.

const everyDay: IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];
/** How far ahead a first delivery may be chosen: eight weeks, so a fortnightly order has four choices. */
const FIRST_DATE_WEEKS = 8;

/** ISO weekday (Monday = 1) of a calendar day, read as a date without a time zone. */
export function isoWeekdayOf(day: IsoDate): IsoWeekday {
  const sunday0 = new Date(`${day}T00:00:00Z`).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as IsoWeekday;
}

const routeOfFirstAddress = (calendar: CompanyDeliveryCalendar) =>
  calendar.routes.find((route) => route.id === calendar.addresses[0]?.routeId) ?? null;

/** The weekdays a truck serves the company's address: its route's; every day without a calendar or route. */
export function servedWeekdays(calendar: CompanyDeliveryCalendar | null): IsoWeekday[] {
  if (calendar === null) return everyDay;
  const route = routeOfFirstAddress(calendar);
  if (route === null) return everyDay;
  return everyDay.filter((day) => route.weekdays.includes(day));
}

/** The served days on `weekday` from today on, for eight weeks: what the first delivery may be. */
export function firstDateOptions(
  calendar: CompanyDeliveryCalendar | null,
  weekday: IsoWeekday | null,
  now: IsoDateTime,
): IsoDate[] {
  if (weekday === null) return [];
  const address = calendar?.addresses[0];
  const query = {
    now,
    ...(address?.routeId == null ? {} : { routeId: address.routeId }),
    ...(address?.region == null ? {} : { region: address.region }),
  };
  const from = now.slice(0, 10);
  return servedDays(calendar, query, { from, to: addIsoDays(from, FIRST_DATE_WEEKS * 7) })
    .map((day) => day.date)
    .filter((date) => isoWeekdayOf(date) === weekday);
}
