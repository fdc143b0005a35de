import { addIsoDays, dayStatus } from '../../../domain/delivery-calendar';
import type { DayRange, DeliveryCalendar, ServedDayQuery } from '../../../domain/delivery-calendar/types';
import type { DeliveryDayOption } from './delivery-day-picker';

/**
 * Every day of `range` as the picker shows it: served, or not with the calendar's reason. The picker's
 * input straight from the same function the server decides with.
 */
export function pickerDays(
  calendar: DeliveryCalendar | null,
  query: ServedDayQuery,
  range: DayRange,
): DeliveryDayOption[] {
  const days: DeliveryDayOption[] = [];
  for (let date = range.from; date <= range.to; date = addIsoDays(date, 1)) {
    const status = dayStatus(calendar, query, date);
    days.push(status.served ? { date, served: true } : { date, served: false, reason: status.reason });
  }
  return days;
}
