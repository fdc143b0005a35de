import type { IsoDateTime } from '../../../domain/types';
import { intlLocale } from '../../components/delivery-day-picker/date-texts';

/**
 * "Tue 1 Dec, 14:00": when a suborder reached a step, or is expected, in the customer's own clock
 * (the browser's zone) and language; short enough for a step of the timeline on a phone.
 */
export function shortMoment(instant: IsoDateTime, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}
