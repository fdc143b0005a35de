import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { IsoDate, IsoDateTime } from '../../../domain/types';
import { intlLocale, longDay } from './date-texts';
import { timeLeft, timeLeftText } from './time-left';

export interface CutoffCountdownProps {
  /** The last instant an order for `day` is accepted (a served day's `cutoffAt`). */
  cutoffAt: IsoDateTime;
  /** The delivery day the cut-off is for. */
  day: IsoDate;
  /** The current instant; the caller ticks it (every minute is enough). */
  now: Date;
  /** The supplier's IANA zone (the calendar's `timeZone`). */
  supplierTimeZone: string;
  /** The buyer's IANA zone; the browser's unless given. */
  customerTimeZone?: string;
}

/** Under this many minutes every change is read out: the buyer has to act now. */
const urgentMinutes = 15;

/** "Monday 18:00" and the zone's name, at the cut-off in `timeZone`. */
function wallTime(instant: IsoDateTime, timeZone: string, language: string) {
  const parts = new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'long',
  }).formatToParts(new Date(instant));
  const zone = parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  const time = new Intl.DateTimeFormat(intlLocale(language), {
    weekday: 'long',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(instant));
  return { time, zone };
}

/**
 * The time left to order for the chosen day ("Order within 2 h 14 min for delivery on Tuesday 1
 * December") and, when the buyer's clock is not the supplier's, the cut-off in both. A status that
 * screen readers read when the hours change, and every minute only in the last quarter hour; a
 * minute-by-minute announcement would talk over everything else on the page. Nothing once the cut-off
 * has passed: the caller moves the day and shows `DateMovedNotice`.
 */
export function CutoffCountdown({
  cutoffAt,
  day,
  now,
  supplierTimeZone,
  customerTimeZone,
}: CutoffCountdownProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const left = timeLeft(cutoffAt, now);
  const text =
    left && t('deliveryDays.countdown', { time: timeLeftText(t, left), day: longDay(day, language) });
  const hourKey = left && `${left.days}:${left.hours}`;
  // whether the latest change of text is one to read out, kept until the text changes again
  const [shown, setShown] = useState({ text, hourKey, live: false });
  if (text !== shown.text) {
    const urgent = left !== null && left.totalMinutes < urgentMinutes;
    setShown({ text, hourKey, live: urgent || hourKey !== shown.hourKey });
  }
  if (left === null) return null;

  const buyerZone = customerTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const supplier = wallTime(cutoffAt, supplierTimeZone, language);
  const buyer = wallTime(cutoffAt, buyerZone, language);
  return (
    <div className="text-sm">
      <p role="status" aria-live={shown.live ? 'polite' : 'off'} className="font-medium text-fg">
        {text}
      </p>
      {buyer.time !== supplier.time && (
        <p className="text-xs text-fg-muted">
          {t('deliveryDays.cutoffBothZones', {
            supplierTime: supplier.time,
            supplierZone: supplier.zone,
            localTime: buyer.time,
          })}
        </p>
      )}
    </div>
  );
}
