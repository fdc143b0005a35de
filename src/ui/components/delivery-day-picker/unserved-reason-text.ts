import type { TFunction } from 'i18next';
import type { IsoWeekday, UnservedReason } from '../../../domain/delivery-calendar/types';

const onWeekday = {
  1: 'deliveryDays.onWeekday.1',
  2: 'deliveryDays.onWeekday.2',
  3: 'deliveryDays.onWeekday.3',
  4: 'deliveryDays.onWeekday.4',
  5: 'deliveryDays.onWeekday.5',
  6: 'deliveryDays.onWeekday.6',
  7: 'deliveryDays.onWeekday.7',
} as const satisfies Record<IsoWeekday, string>;

/** Why a day cannot be picked, as the buyer reads it ("No delivery on Wednesdays on route Altona"). */
export function unservedReasonText(t: TFunction, reason: UnservedReason | undefined): string {
  switch (reason?.kind) {
    case 'notOnRoute':
      return t('deliveryDays.reason.notOnRoute', {
        onWeekday: t(onWeekday[reason.weekday]),
        route: reason.routeName,
      });
    case 'publicHoliday':
      return t('deliveryDays.reason.publicHoliday', { name: reason.name });
    case 'closure':
      return t('deliveryDays.reason.closure', { name: reason.name });
    case 'cutoffPassed':
      return t('deliveryDays.reason.cutoffPassed');
    case 'tooSoon':
      return t('deliveryDays.reason.tooSoon');
    case 'tooLate':
      return t('deliveryDays.reason.tooLate');
    case undefined:
      // a day the caller sent no status for (outside the range it asked about)
      return t('deliveryDays.reason.unavailable');
  }
}
