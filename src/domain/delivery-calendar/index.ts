// The module's public face: what callers outside it use today (its files export more for each other).
export { dayStatus, UnknownCalendarEntryError } from './day-status';
export { addIsoDays, InvalidCalendarDayError } from './iso-days';
export { dayOptions, earliestServedDay, nextServedDayAfter, servedDays } from './served-days';
export type {
  Closure,
  DeliveryCalendar,
  DeliveryDayOption,
  DeliveryRoute,
  IsoWeekday,
  ServedDayQuery,
} from './types';
export {
  InvalidWallTimeError,
  instantToZonedDate,
  instantToZonedTime,
  zonedDateTimeToInstant,
} from './zoned-time';
