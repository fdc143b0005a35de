import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryDayOption, IsoWeekday } from '../../../domain/delivery-calendar/types';
import type { IsoDate } from '../../../domain/types';
import { dayOfMonth, fullDay, monthTitle, weekdayName } from './date-texts';
import { dayAfterKey } from './grid-keys';
import { addIsoMonths, columnWeekdays, firstOfMonth, monthWeeks, sameMonth } from './month-grid';
import { unservedReasonText } from './unserved-reason-text';

export interface DeliveryDayPickerProps {
  /** The days the calendar decided, in any order; days not listed show as not delivered. */
  days: readonly DeliveryDayOption[];
  /** The chosen day, or '' for none yet. */
  value: IsoDate | '';
  /** Called with a served day the buyer picked; never with a day that is not served. */
  onChange: (date: IsoDate) => void;
  /** The picker's name ("Delivery day"), shown above it and read with the grid. */
  label: string;
  /** The grid's first column, ISO (1 = Monday … 7 = Sunday); Monday unless the caller knows better. */
  firstDayOfWeek?: IsoWeekday;
}

function localToday(): IsoDate {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The day the grid opens on: the chosen one, else the first the truck serves, else the first listed. */
function openingDay(days: readonly DeliveryDayOption[], value: IsoDate | ''): IsoDate {
  return value || days.find((day) => day.served)?.date || days[0]?.date || localToday();
}

const cellClass = 'rounded-md px-0 py-0.5 text-center outline-offset-0';
const dayClass = {
  served: 'cursor-pointer text-fg hover:bg-brand-soft',
  selected: 'cursor-pointer bg-brand font-semibold text-brand-contrast hover:bg-brand-strong',
  unserved: 'cursor-not-allowed text-fg-muted line-through',
} as const;
const monthButtonClass =
  'tap-target inline-flex items-center justify-center rounded-md border border-line bg-surface-raised hover:bg-surface-sunken disabled:cursor-not-allowed disabled:opacity-50';

/**
 * A month calendar for the delivery day (WAI-ARIA date grid): only served days can be picked; the others
 * stay focusable so keyboard and screen reader users hear why they cannot be (the reason is each cell's
 * description). One tab stop; arrows move by day and week, PageUp/PageDown by month, Home/End to the
 * week's ends, Enter or Space picks.
 */
export function DeliveryDayPicker({
  days,
  value,
  onChange,
  label,
  firstDayOfWeek = 1,
}: DeliveryDayPickerProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const direction = i18n.dir(language);
  const ids = useId();
  const labelId = `${ids}-label`;
  const titleId = `${ids}-title`;
  const byDate = useMemo(() => new Map(days.map((day) => [day.date, day])), [days]);
  const range = useMemo(() => {
    const dates = days.map((day) => day.date).sort();
    return dates.length ? { first: dates[0] as IsoDate, last: dates[dates.length - 1] as IsoDate } : null;
  }, [days]);
  const clamp = (day: IsoDate) =>
    range === null ? day : day < range.first ? range.first : day > range.last ? range.last : day;

  const [focusedDay, setFocusedDay] = useState(() => openingDay(days, value));
  // a day chosen from outside (the cut-off moved it) brings its month into view
  useEffect(() => {
    if (value) setFocusedDay(value);
  }, [value]);
  const grid = useRef<HTMLTableElement>(null);
  const focusAfterRender = useRef(false);
  useEffect(() => {
    if (!focusAfterRender.current) return;
    focusAfterRender.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${focusedDay}"]`)?.focus();
  }, [focusedDay]);

  const pick = (day: IsoDate) => {
    if (byDate.get(day)?.served) onChange(day);
  };
  const onKeyDown = (event: KeyboardEvent, day: IsoDate) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(day);
      return;
    }
    const next = dayAfterKey(event.key, day, direction, firstDayOfWeek);
    if (next === null) return;
    event.preventDefault();
    // at the first or last decided day the key moves nothing and the focus stays where it is
    focusAfterRender.current = clamp(next) !== day;
    setFocusedDay(clamp(next));
  };
  const showMonth = (months: number) => setFocusedDay(clamp(addIsoMonths(focusedDay, months)));

  const focused = byDate.get(focusedDay);
  const focusedReason = focused?.served ? null : unservedReasonText(t, focused?.reason);
  const hasPreviousMonth = range !== null && firstOfMonth(focusedDay) > range.first;
  const hasNextMonth = range !== null && !sameMonth(focusedDay, range.last) && focusedDay < range.last;
  const [PreviousIcon, NextIcon] =
    direction === 'rtl' ? [ChevronRight, ChevronLeft] : [ChevronLeft, ChevronRight];

  return (
    <fieldset dir={direction} className="w-full max-w-sm min-w-0">
      <legend id={labelId} className="mb-1 font-medium">
        {label}
      </legend>
      <div className="rounded-lg border border-line bg-surface-raised p-2 text-fg">
        <div className="mb-1 flex items-center justify-between gap-2">
          <button
            type="button"
            aria-label={t('deliveryDays.previousMonth')}
            disabled={!hasPreviousMonth}
            onClick={() => showMonth(-1)}
            className={monthButtonClass}
          >
            <PreviousIcon aria-hidden="true" className="size-4" />
          </button>
          <p id={titleId} aria-live="polite" className="font-semibold">
            {monthTitle(focusedDay, language)}
          </p>
          <button
            type="button"
            aria-label={t('deliveryDays.nextMonth')}
            disabled={!hasNextMonth}
            onClick={() => showMonth(1)}
            className={monthButtonClass}
          >
            <NextIcon aria-hidden="true" className="size-4" />
          </button>
        </div>
        <table
          ref={grid}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA date grid is a table the arrow keys move through
          role="grid"
          aria-labelledby={`${labelId} ${titleId}`}
          className="w-full table-fixed"
        >
          <thead>
            <tr>
              {columnWeekdays(firstDayOfWeek).map((weekday) => {
                const name = weekdayName(weekday, language);
                return (
                  <th
                    key={weekday}
                    scope="col"
                    abbr={name.long}
                    className="py-1 text-xs font-normal text-fg-muted"
                  >
                    {name.short}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {monthWeeks(focusedDay, firstDayOfWeek).map((week) => (
              <tr key={week.find((day) => day !== null) ?? ''}>
                {week.map((day, column) =>
                  day === null ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: an empty cell has nothing but its column
                    <td key={column} />
                  ) : (
                    <DayCell
                      key={day}
                      day={day}
                      option={byDate.get(day)}
                      selected={day === value}
                      tabStop={day === focusedDay}
                      onPick={() => pick(day)}
                      onFocus={() => setFocusedDay(day)}
                      onKeyDown={(event) => onKeyDown(event, day)}
                    />
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
        {/* sighted users read why the focused day cannot be picked; screen readers hear it as the cell's description */}
        <p aria-hidden="true" className="mt-1 min-h-5 text-xs text-fg-muted">
          {focusedReason}
        </p>
      </div>
    </fieldset>
  );
}

function DayCell({
  day,
  option,
  selected,
  tabStop,
  onPick,
  onFocus,
  onKeyDown,
}: {
  day: IsoDate;
  option: DeliveryDayOption | undefined;
  selected: boolean;
  tabStop: boolean;
  onPick: () => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent) => void;
}) {
  const { t, i18n } = useTranslation();
  const reasonId = useId();
  const served = option?.served === true;
  const reason = served ? null : unservedReasonText(t, option?.reason);
  return (
    <td
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a day of the WAI-ARIA date grid: focusable, selectable
      role="gridcell"
      data-day={day}
      tabIndex={tabStop ? 0 : -1}
      aria-label={fullDay(day, i18n.language)}
      aria-selected={selected}
      aria-disabled={!served || undefined}
      aria-describedby={reason === null ? undefined : reasonId}
      title={reason ?? undefined}
      onClick={onPick}
      onFocus={onFocus}
      onKeyDown={onKeyDown}
      className={cellClass}
    >
      <span
        className={`tap-target flex items-center justify-center rounded-md tabular-nums ${
          selected ? dayClass.selected : served ? dayClass.served : dayClass.unserved
        }`}
      >
        {dayOfMonth(day, i18n.language)}
      </span>
      {reason !== null && (
        <span id={reasonId} hidden>
          {reason}
        </span>
      )}
    </td>
  );
}
