import { useSelector } from '@xstate/react';
import { CalendarDays } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayMonthYearToIso, isoToDayMonthYear } from '../../../domain/day-month-year';
import {
  selectCanEditForm,
  selectDateError,
  selectDeliveryDate,
  selectHasDeliveryCalendar,
  selectMaxDeliveryDate,
  selectMinDeliveryDate,
} from '../../../machines/checkout';
import { inputClass, labelClass } from '../../components/field-classes';
import type { CheckoutRef } from '../../hooks/cart-hooks';
import { CalendarDeliveryDateField } from './calendar-delivery-date-field';

/** What the machine is told for a typed text: the day once it is one, the text itself otherwise. */
const dateFor = (text: string) => dayMonthYearToIso(text) ?? text;

/**
 * The delivery date: the supplier's served days in a month grid when a delivery calendar applies to
 * the company, otherwise (the specification's rule: any day from today + 7) a typed date.
 */
export function DeliveryDateField({ checkout }: { checkout: CheckoutRef }) {
  const hasCalendar = useSelector(checkout, selectHasDeliveryCalendar);
  return hasCalendar ? (
    <CalendarDeliveryDateField checkout={checkout} />
  ) : (
    <TypedDeliveryDateField checkout={checkout} />
  );
}

/**
 * The delivery date as the app writes dates (dd.mm.yyyy in every language): a browser's own date
 * input writes it the browser's way (12/03/2026 next to 03.12.2026 everywhere else). The buyer types
 * it, or picks it in the browser's calendar behind the button. A text that is no day yet goes to the
 * checkout machine as it is, so Order shows the machine's message for it.
 */
function TypedDeliveryDateField({ checkout }: { checkout: CheckoutRef }) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  const errorId = useId();
  const picker = useRef<HTMLInputElement>(null);
  const deliveryDate = useSelector(checkout, selectDeliveryDate);
  const minDate = useSelector(checkout, selectMinDeliveryDate);
  const maxDate = useSelector(checkout, selectMaxDeliveryDate);
  const dateError = useSelector(checkout, selectDateError);
  const canEdit = useSelector(checkout, selectCanEditForm);

  // The text stays as typed (3.12.2026, Arabic-Indic digits) while it means the machine's date; a
  // date set elsewhere (the calendar, a restored draft, a fresh form after an order) replaces it.
  const [text, setText] = useState(() => isoToDayMonthYear(deliveryDate));
  const [seen, setSeen] = useState(deliveryDate);
  if (seen !== deliveryDate) {
    setSeen(deliveryDate);
    if (dateFor(text).trim() !== deliveryDate) setText(isoToDayMonthYear(deliveryDate));
  }

  const typed = (value: string) => {
    setText(value);
    checkout.send({ type: 'checkout.dateChanged', date: dateFor(value) });
  };
  const openCalendar = () => {
    const input = picker.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      // no showPicker (older browsers) or refused: a focused date input opens its own picker on phones
      input.focus();
      input.click();
    }
  };

  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t('cart.deliveryDate')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="deliveryDate"
          type="text"
          // digits and dots: an Arabic line would not change their order, but the caret would jump
          dir="ltr"
          autoComplete="off"
          value={text}
          disabled={!canEdit}
          onChange={(event) => typed(event.target.value)}
          aria-invalid={dateError !== null}
          aria-describedby={dateError ? `${hintId} ${errorId}` : hintId}
          className={`${inputClass} aria-invalid:border-danger disabled:opacity-60`}
        />
        <span className="relative shrink-0">
          <button
            type="button"
            disabled={!canEdit}
            onClick={openCalendar}
            aria-label={t('cart.deliveryDateCalendar')}
            title={t('cart.deliveryDateCalendar')}
            className="tap-target inline-flex h-11 items-center justify-center rounded-md border border-line px-3 hover:bg-surface-sunken disabled:opacity-60 desktop:h-9"
          >
            <CalendarDays aria-hidden="true" className="size-5" />
          </button>
          {/* The browser's calendar only: out of sight and out of the tab order, the text field is the
              field. It sits under the button so the calendar opens there. */}
          <input
            ref={picker}
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            min={minDate}
            max={maxDate}
            value={dayMonthYearToIso(text) ?? ''}
            disabled={!canEdit}
            onChange={(event) => {
              if (event.target.value)
                checkout.send({ type: 'checkout.dateChanged', date: event.target.value });
            }}
            className="pointer-events-none absolute inset-0 size-full opacity-0"
          />
        </span>
      </div>
      <p id={hintId} className="mt-1 text-sm text-fg-muted">
        {t('cart.deliveryDateHint', { min: isoToDayMonthYear(minDate), max: isoToDayMonthYear(maxDate) })}
      </p>
      {dateError && (
        <p id={errorId} role="alert" className="mt-1 text-danger">
          {t(dateError)}
        </p>
      )}
    </div>
  );
}
