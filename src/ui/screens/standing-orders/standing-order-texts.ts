import type { TFunction } from 'i18next';
import type { StandingOrder } from '../../../machines/standing-orders';
import { weekdayName } from '../../components/delivery-day-picker/date-texts';

/** "Every Tuesday" / "Every second Friday" in the user's language. */
export function rhythmText(
  t: TFunction,
  series: Pick<StandingOrder, 'intervalWeeks' | 'weekday'>,
  language: string,
) {
  const day = weekdayName(series.weekday, language).long;
  return series.intervalWeeks === 2
    ? t('standingOrders.rhythm.everySecond', { day })
    : t('standingOrders.rhythm.every', { day });
}
