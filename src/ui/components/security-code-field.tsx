import type { ParseKeys } from 'i18next';
import { useId } from 'react';
import type { FieldMessage } from '../../domain/form-validation';
import { inputClass, labelClass } from './field-classes';
import { FieldMessageText } from './form-field';

/** Not 6 digits (decided before sending), or the server's word that the code is wrong. */
export type CodeFieldMessage = FieldMessage | { key: ParseKeys; values?: undefined };

/**
 * A 6-digit code from a mail: the numeric keyboard, digits left to right in Arabic too, and by default
 * the code the device offers from the mail or SMS (one-time-code). `autoComplete="off"` where the code
 * was mailed to someone else, so the device does not offer the user's own.
 */
export function SecurityCodeField({
  label,
  value,
  message,
  onChange,
  autoComplete = 'one-time-code',
  narrow = false,
}: {
  label: string;
  value: string;
  message: CodeFieldMessage | null | undefined;
  onChange: (value: string) => void;
  autoComplete?: 'one-time-code' | 'off';
  /** as wide as a code rather than the form (in a box among other text) */
  narrow?: boolean;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <input
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete={autoComplete}
        dir="ltr"
        required
        value={value}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} ${narrow ? 'max-w-48 ' : ''}text-center font-mono text-lg tracking-[0.3em]`}
      />
      <FieldMessageText id={messageId} message={message} />
    </div>
  );
}
