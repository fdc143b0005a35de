import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { inputClass, labelClass } from '../../components/field-classes';
import { EyeIcon, EyeOffIcon } from '../../components/sign-in-icons';

/** `empty`: Log in was pressed without a password; the field says so until something is typed. */
export function PasswordField({ empty, onInput }: { empty: boolean; onInput: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const messageId = useId();
  const [shown, setShown] = useState(false);
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t('login.password')}
      </label>
      <div className="relative">
        <input
          id={id}
          name="password"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          aria-invalid={empty || undefined}
          aria-describedby={empty ? messageId : undefined}
          onInput={onInput}
          className={`${inputClass} pe-12`}
        />
        <button
          type="button"
          onClick={() => setShown((value) => !value)}
          aria-label={shown ? t('login.hidePassword') : t('login.showPassword')}
          className="tap-target absolute inset-y-0 end-0 flex items-center justify-center rounded-md text-fg-muted hover:text-fg"
        >
          {shown ? <EyeOffIcon className="size-4" /> : <EyeIcon className="size-4" />}
        </button>
      </div>
      {empty && (
        <p id={messageId} className="mt-1 text-danger">
          {t('login.passwordRequired')}
        </p>
      )}
    </div>
  );
}
