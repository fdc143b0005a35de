import type { ParseKeys } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../../domain/form-validation';
import { inputClass, labelClass } from './field-classes';
import { useFormBusy } from './forms/machine-form';

interface FormFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the message the machine decided for this field (rendered, never re-checked here) */
  message?: FieldMessage | undefined;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  /** the on-screen keyboard: `numeric` for the security code */
  inputMode?: 'numeric' | 'email' | 'tel' | 'text';
  required?: boolean;
  multiline?: boolean;
}

/** A labelled input or text area with its message under it, tied together for screen readers. */
export function FormField({
  label,
  value,
  onChange,
  message,
  type = 'text',
  autoComplete,
  inputMode,
  required,
  multiline,
}: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const shared = {
    id,
    value,
    required,
    readOnly: useFormBusy() || undefined,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? messageId : undefined,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {multiline ? (
        <textarea {...shared} rows={3} className={`${inputClass} h-auto py-2 desktop:h-auto`} />
      ) : (
        <input
          {...shared}
          type={type}
          // phone numbers and e-mail addresses read left to right in Arabic too ("+49 40 …", not "… 40 49+")
          dir={type === 'tel' || type === 'email' ? 'ltr' : undefined}
          autoComplete={autoComplete}
          inputMode={inputMode}
          className={inputClass}
        />
      )}
      <FieldMessageText id={messageId} message={message} />
    </div>
  );
}

/** A field's message under it, with the id its input names in aria-describedby; nothing without one. */
export function FieldMessageText({
  id,
  message,
}: {
  id: string;
  message: { key: ParseKeys; values?: Record<string, number> | undefined } | null | undefined;
}) {
  const { t } = useTranslation();
  return message ? (
    <p id={id} className="mt-1 text-sm text-danger">
      {t(message.key, message.values)}
    </p>
  ) : null;
}
