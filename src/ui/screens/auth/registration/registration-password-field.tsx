import { Eye, EyeOff } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../../../../domain/form-validation';
import { inputClass, labelClass } from '../../../components/field-classes';

/** A new password with its message under it; the customer can show what they typed (as on the login). */
export function RegistrationPasswordField({
  label,
  value,
  onChange,
  message,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  message?: FieldMessage | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      <div className="relative">
        <input
          id={id}
          type={shown ? 'text' : 'password'}
          autoComplete="new-password"
          required
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? messageId : undefined}
          className={`${inputClass} pe-12`}
        />
        <button
          type="button"
          onClick={() => setShown((before) => !before)}
          aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
          aria-pressed={shown}
          className="tap-target absolute inset-y-0 end-0 flex items-center justify-center rounded-md text-fg-muted hover:text-fg"
        >
          {shown ? (
            <EyeOff aria-hidden="true" className="size-4" />
          ) : (
            <Eye aria-hidden="true" className="size-4" />
          )}
        </button>
      </div>
      {message ? (
        <p id={messageId} className="mt-1 text-sm text-danger">
          {t(message.key, message.values)}
        </p>
      ) : null}
    </div>
  );
}
