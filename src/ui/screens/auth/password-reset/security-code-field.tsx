import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeFieldMessage } from '../../../../machines/password-reset.selectors';
import { inputClass, labelClass } from '../../../components/field-classes';

/**
 * The 6-digit code: the numeric keyboard, the code offered from the mail or SMS by the device
 * (one-time-code), and digits left to right in Arabic too.
 */
export function SecurityCodeField({
  value,
  message,
  onChange,
}: {
  value: string;
  message: CodeFieldMessage | undefined;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t('auth.secureCode.code')}
        <span aria-hidden="true"> *</span>
      </label>
      <input
        id={id}
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        dir="ltr"
        required
        value={value}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} text-center font-mono text-lg tracking-[0.3em]`}
      />
      {message ? (
        <p id={messageId} className="mt-1 text-sm text-danger">
          {t(message.key, message.values)}
        </p>
      ) : null}
    </div>
  );
}
