import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../../../../domain/form-validation';
import { inputClass, labelClass } from '../../../components/field-classes';

interface FormFieldProps {
  label: string;
  value: string;
  message: FieldMessage | undefined;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  multiline?: boolean;
}

/** A labelled input with the message the machine decided for it (rendered, never re-checked). */
export function FormField({
  label,
  value,
  message,
  onChange,
  type = 'text',
  autoComplete,
  multiline,
}: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  const shared = {
    id,
    value,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? messageId : undefined,
  };
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          rows={3}
          onChange={(event) => onChange(event.target.value)}
          className={`${inputClass} h-auto py-2 desktop:h-auto`}
        />
      ) : (
        <input
          {...shared}
          type={type}
          // phone numbers and addresses read left to right in Arabic too ("+49 40 …", not "… 40 49+")
          dir={type === 'tel' || type === 'email' ? 'ltr' : undefined}
          autoComplete={autoComplete}
          onChange={(event) => onChange(event.target.value)}
          className={inputClass}
        />
      )}
      {message ? (
        <p id={messageId} className="mt-1 text-sm text-danger">
          {t(message.key, message.values)}
        </p>
      ) : null}
    </div>
  );
}
