// The supplier's delivery calendar and the answers about one day: plain JSON data, so the server can
// send it to the client and both decide the same days with the same function.
import type { IsoDate, IsoDateTime } from '../types';

/** ISO weekday: 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** "HH:MM", 24-hour clock, in the supplier's time zone. */
export type WallTime = string;

export interface RouteCutoff {
  /** Orders for day D close on day D − daysBefore (0..7). */
  daysBefore: number;
  /** …at this wall time in the supplier's time zone. */
  time: WallTime;
}

export interface DeliveryRoute {
  id: number;
  name: string;
  /** The weekdays the truck drives this route. */
  weekdays: IsoWeekday[];
  cutoff: RouteCutoff;
  /** Whole days the route needs between the order's cut-off day and the delivery (see day-status.ts). */
  leadDays: number;
}

export interface CalendarWarehouse {
  id: number;
  leadDays: number;
}

export type ClosureKind = 'publicHoliday' | 'closure';

export interface Closure {
  date: IsoDate;
  kind: ClosureKind;
  name: string;
  /** A region code (e.g. 'DE-HH'): the closure holds only for addresses in it; without one, everywhere. */
  region?: string;
}

export interface DeliveryCalendar {
  /** IANA time zone of the supplier, e.g. 'Europe/Berlin': cut-offs and "today" are read in it. */
  timeZone: string;
  routes: DeliveryRoute[];
  warehouses: CalendarWarehouse[];
  closures: Closure[];
}

/** Who asks and when: the delivery address's route and region, the warehouse, and the current instant. */
export interface ServedDayQuery {
  routeId?: number;
  warehouseId?: number;
  region?: string;
  now: IsoDateTime;
}

export type UnservedReason =
  | { kind: 'notOnRoute'; weekday: IsoWeekday; routeName: string }
  | { kind: 'publicHoliday'; name: string }
  | { kind: 'closure'; name: string }
  | { kind: 'cutoffPassed'; cutoffAt: IsoDateTime }
  | { kind: 'tooSoon' }
  | { kind: 'tooLate' };

export type DayStatus = { served: true; cutoffAt: IsoDateTime } | { served: false; reason: UnservedReason };

/** One day as a date picker lists it: served, or not with the calendar's reason. */
export interface DeliveryDayOption {
  date: IsoDate;
  served: boolean;
  reason?: UnservedReason;
}

export interface ServedDay {
  date: IsoDate;
  /** The last instant an order for this day is accepted (inclusive). */
  cutoffAt: IsoDateTime;
}

export interface DayRange {
  from: IsoDate;
  to: IsoDate;
}
