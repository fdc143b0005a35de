import type { TFunction } from 'i18next';
import type { IsoDateTime } from '../../../domain/types';

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
  /** all of it in whole minutes */
  totalMinutes: number;
}

/**
 * Whole days, hours and minutes from `now` to `cutoffAt`, rounded down (a countdown never promises a
 * minute the buyer does not have); null once the cut-off has passed.
 */
export function timeLeft(cutoffAt: IsoDateTime, now: Date): TimeLeft | null {
  const milliseconds = Date.parse(cutoffAt) - now.getTime();
  if (milliseconds < 0) return null;
  const totalMinutes = Math.floor(milliseconds / 60_000);
  return {
    days: Math.floor(totalMinutes / 1440),
    hours: Math.floor((totalMinutes % 1440) / 60),
    minutes: totalMinutes % 60,
    totalMinutes,
  };
}

/** "2 h 14 min", "1 day 3 h", "14 min": the two largest units, only minutes under an hour. */
export function timeLeftText(t: TFunction, left: TimeLeft): string {
  const days = () => t('deliveryDays.duration.days', { count: left.days });
  const hours = () => t('deliveryDays.duration.hours', { count: left.hours });
  const minutes = () => t('deliveryDays.duration.minutes', { count: left.minutes });
  const pair = (larger: string, smaller: string) => t('deliveryDays.duration.pair', { larger, smaller });
  if (left.days > 0) return left.hours > 0 ? pair(days(), hours()) : days();
  if (left.hours > 0) return left.minutes > 0 ? pair(hours(), minutes()) : hours();
  if (left.minutes > 0) return minutes();
  return t('deliveryDays.duration.lessThanMinute');
}
