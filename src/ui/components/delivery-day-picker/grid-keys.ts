// The WAI-ARIA date grid's keys: where each one moves the focused day.
import { addIsoDays } from '../../../domain/delivery-calendar/iso-days';
import type { IsoWeekday } from '../../../domain/delivery-calendar/types';
import type { IsoDate } from '../../../domain/types';
import { addIsoMonths, weekEnd, weekStart } from './month-grid';

/**
 * The day `key` moves the focus to, or null for a key the grid leaves alone. Left and right follow what
 * the eye sees: in a right-to-left grid the next day is on the left.
 */
export function dayAfterKey(
  key: string,
  day: IsoDate,
  direction: 'ltr' | 'rtl',
  firstDayOfWeek: IsoWeekday,
): IsoDate | null {
  const forward = direction === 'rtl' ? -1 : 1;
  switch (key) {
    case 'ArrowRight':
      return addIsoDays(day, forward);
    case 'ArrowLeft':
      return addIsoDays(day, -forward);
    case 'ArrowDown':
      return addIsoDays(day, 7);
    case 'ArrowUp':
      return addIsoDays(day, -7);
    case 'PageDown':
      return addIsoMonths(day, 1);
    case 'PageUp':
      return addIsoMonths(day, -1);
    case 'Home':
      return weekStart(day, firstDayOfWeek);
    case 'End':
      return weekEnd(day, firstDayOfWeek);
    default:
      return null;
  }
}
