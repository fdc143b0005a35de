import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { IsoDateTime } from '../../../../domain/types';
import { selectCountdownNow } from '../../../../machines/checkout';
import type { AmendmentCountdownRef } from '../../../../machines/orders';
import { timeLeft, timeLeftText } from '../../../components/delivery-day-picker/time-left';
import { localWallTime } from './amendment-texts';

/**
 * "Changes possible until Monday 18:00 (2 h 14 min left)", in the customer's local time, counted from
 * the countdown's last reading (it ticks once a minute, as the cart's does).
 */
export function AmendmentTimeLeft({
  until,
  countdown,
}: {
  until: IsoDateTime;
  countdown: AmendmentCountdownRef | undefined;
}) {
  const { t, i18n } = useTranslation();
  const now = useSelector(countdown, selectCountdownNow);
  const left = timeLeft(until, now ?? new Date());
  if (left === null) return null;
  return (
    <p className="text-sm text-fg-muted">
      {t('orderAmendment.until', {
        time: localWallTime(until, i18n.language),
        left: timeLeftText(t, left),
      })}
    </p>
  );
}
