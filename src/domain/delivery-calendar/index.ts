export { dayStatus, UnknownCalendarEntryError } from './day-status';
export { addIsoDays, InvalidCalendarDayError, isoWeekday } from './iso-days';
export { earliestServedDay, nextServedDayAfter, servedDays } from './served-days';
export type {
  CalendarWarehouse,
  Closure,
  ClosureKind,
  DayRange,
  DayStatus,
  DeliveryCalendar,
  DeliveryRoute,
  IsoWeekday,
  RouteCutoff,
  ServedDay,
  ServedDayQuery,
  UnservedReason,
  WallTime,
} from './types';
export {
  InvalidWallTimeError,
  instantToZonedDate,
  instantToZonedTime,
  zonedDateTimeToInstant,
} from './zoned-time';
