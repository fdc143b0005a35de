import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectCountdownNow,
  selectCutoff,
  selectCutoffCountdown,
  selectDateError,
  selectDateMovedNotice,
  selectDateRefusal,
  selectDeliveryDate,
  selectDeliveryDays,
  selectMaxDeliveryDate,
  selectMinDeliveryDate,
  selectSupplierTimeZone,
} from '../../../machines/checkout';
import { CutoffCountdown } from '../../components/delivery-day-picker/cutoff-countdown';
import { DateMovedNotice } from '../../components/delivery-day-picker/date-moved-notice';
import { DeliveryDayPicker } from '../../components/delivery-day-picker/delivery-day-picker';
import { unservedReasonText } from '../../components/delivery-day-picker/unserved-reason-text';
import type { CheckoutRef } from '../../hooks/cart-hooks';

const sameCutoff = (
  a: { day: string; cutoffAt: string } | null,
  b: { day: string; cutoffAt: string } | null,
) => a?.day === b?.day && a?.cutoffAt === b?.cutoffAt;

/** The same list of days (the days are recomputed from the calendar; the picker need not redraw). */
const sameDays = (
  a: readonly { date: string; served: boolean }[],
  b: readonly { date: string; served: boolean }[],
) =>
  a.length === b.length &&
  a.every((day, index) => day.date === b[index]?.date && day.served === b[index]?.served);

/**
 * The delivery day when the supplier's calendar applies: a month grid where only served days can be
 * picked (the others say why), the time left to the chosen day's cut-off, and the notice when the
 * cut-off passed and the date moved. The checkout machine decides; this only shows it.
 */
export function CalendarDeliveryDateField({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const deliveryDate = useSelector(checkout, selectDeliveryDate);
  const from = useSelector(checkout, selectMinDeliveryDate);
  const to = useSelector(checkout, selectMaxDeliveryDate);
  const daysOf = useMemo(() => selectDeliveryDays({ from, to }), [from, to]);
  const days = useSelector(checkout, daysOf, sameDays);
  const dateError = useSelector(checkout, selectDateError);
  const refusal = useSelector(checkout, selectDateRefusal);
  const cutoff = useSelector(checkout, selectCutoff, sameCutoff);
  const supplierTimeZone = useSelector(checkout, selectSupplierTimeZone);
  const moved = useSelector(checkout, selectDateMovedNotice);
  const countdown = useSelector(checkout, selectCutoffCountdown);
  const now = useSelector(countdown, selectCountdownNow);

  return (
    <div className="flex flex-col gap-2">
      {moved && (
        <div className="flex items-start gap-2">
          <div className="min-w-0 grow">
            <DateMovedNotice from={moved.from} to={moved.to} cause={moved.cause} />
          </div>
          <button
            type="button"
            onClick={() => checkout.send({ type: 'checkout.cancelled' })}
            className="tap-target shrink-0 rounded-md border border-line px-3 text-sm hover:bg-surface-sunken"
          >
            {t('common.close')}
          </button>
        </div>
      )}
      <DeliveryDayPicker
        days={days}
        value={deliveryDate}
        // the checkout takes the date only while its form is open
        onChange={(date) => checkout.send({ type: 'checkout.dateChanged', date })}
        label={t('cart.deliveryDate')}
      />
      {cutoff && now && supplierTimeZone && (
        <CutoffCountdown
          cutoffAt={cutoff.cutoffAt}
          day={cutoff.day}
          now={now}
          supplierTimeZone={supplierTimeZone}
        />
      )}
      {dateError && (
        <p role="alert" className="text-danger">
          {refusal ? unservedReasonText(t, refusal) : t(dateError)}
        </p>
      )}
    </div>
  );
}
