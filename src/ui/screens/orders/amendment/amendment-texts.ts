import type { IsoDateTime } from '../../../../domain/types';
import { intlLocale } from '../../../components/delivery-day-picker/date-texts';

/** "Monday 18:00": a cut-off in the customer's own clock (the browser's zone). */
export function localWallTime(instant: IsoDateTime, language: string): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(instant));
}
