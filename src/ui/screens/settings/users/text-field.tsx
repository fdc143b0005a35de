import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserFieldMessage } from '../../../../machines/user-editor.machine';
import { inputClass, labelClass } from '../../../components/field-classes';

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  message?: UserFieldMessage | undefined;
  type?: 'text' | 'email' | 'tel' | 'password';
  autoComplete?: string;
  required?: boolean;
}

/** A labelled input with its message under it (the machine decided the message; this only translates). */
export function TextField({
  label,
  value,
  onChange,
  message,
  type = 'text',
  autoComplete,
  required,
}: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        type={type}
        // phone numbers and addresses read left to right in Arabic too ("+49 40 …", not "… 40 49+")
        dir={type === 'tel' || type === 'email' ? 'ltr' : undefined}
        value={value}
        autoComplete={autoComplete}
        required={required}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
      />
      {message ? (
        <p id={messageId} className="mt-1 text-sm text-danger">
          {t(message.key, message.values)}
        </p>
      ) : null}
    </div>
  );
}
