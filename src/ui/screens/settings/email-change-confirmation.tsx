import { type FormEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_CHANGE_CODE_MINUTES } from '../../../domain/account-rules';
import type { EmailConfirmationStep } from '../../../machines/account';
import type { UserEmailConfirmationStep } from '../../../machines/settings';
import { ErrorState } from '../../components/error-state';
import { refusalClass } from '../../components/forms/form-notices';
import { type CodeFieldMessage, SecurityCodeField } from '../../components/security-code-field';
import { Spinner } from '../../components/spinner';
import { secondaryButtonClass } from './users/form-classes';
import { SubmitButton } from './users/submit-button';

/** Where a waiting address stands; `taken` only for a colleague (someone else took it meanwhile). */
type EmailChangeStep = EmailConfirmationStep | UserEmailConfirmationStep;

/**
 * A new address waits for the code mailed to it, one's own or a colleague's: the code field, Confirm,
 * Send a new code and the button that keeps the current address. The texts come from the screen (whose
 * address it is changes the words); the steps and the buttons are the same for both.
 */
export function EmailChangeConfirmation({
  step,
  title,
  text,
  takenText,
  codeLabel,
  codeAutoComplete,
  cancelLabel,
  code,
  codeMessage,
  wide = false,
  onCodeChange,
  onSubmit,
  onResend,
  onCancel,
  onRetry,
}: {
  step: EmailChangeStep;
  title: string;
  /** which address waits and which one stays until then */
  text: string;
  /** the alert for the `taken` step */
  takenText?: string;
  codeLabel: string;
  codeAutoComplete: 'one-time-code' | 'off';
  cancelLabel: string;
  code: string;
  codeMessage: CodeFieldMessage | null;
  /** the box is as wide as its form's fields rather than the whole column */
  wide?: boolean;
  onCodeChange: (value: string) => void;
  onSubmit: () => void;
  onResend: () => void;
  onCancel: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const busy = step === 'confirming' || step === 'resending' || step === 'cancelling';
  const showsCode = step !== 'codeExpired' && step !== 'taken';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form
      noValidate
      onSubmit={submit}
      aria-busy={busy}
      aria-labelledby={`${id}-title`}
      className={`flex ${wide ? 'max-w-2xl ' : ''}flex-col gap-3 rounded-md border border-line bg-surface-raised p-4`}
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {title}
      </h3>
      <p>
        {text} {t('settings.account.email.validFor', { count: EMAIL_CHANGE_CODE_MINUTES })}
      </p>
      {step === 'codeExpired' ? (
        <p role="alert" className={refusalClass}>
          {t('settings.account.email.expired')}
        </p>
      ) : null}
      {step === 'taken' ? (
        <p role="alert" className={refusalClass}>
          {takenText}
        </p>
      ) : null}
      {showsCode ? (
        <SecurityCodeField
          label={codeLabel}
          value={code}
          message={codeMessage}
          onChange={onCodeChange}
          autoComplete={codeAutoComplete}
          narrow
        />
      ) : null}
      {/* A failed call offers only its Retry: the machines take no other step until it is answered. */}
      {step === 'failed' ? <ErrorState onRetry={onRetry} /> : null}
      {step === 'failed' ? null : (
        <div className="flex flex-wrap gap-2">
          {showsCode ? (
            <SubmitButton
              busy={step === 'confirming'}
              label={t('settings.account.email.confirm')}
              busyLabel={t('settings.account.email.confirming')}
            />
          ) : null}
          {step === 'taken' ? null : (
            <button type="button" disabled={busy} onClick={onResend} className={secondaryButtonClass}>
              {step === 'resending' ? <Spinner className="size-4" /> : null}
              {step === 'resending'
                ? t('settings.account.email.resending')
                : t('settings.account.email.resend')}
            </button>
          )}
          <button type="button" disabled={busy} onClick={onCancel} className={secondaryButtonClass}>
            {step === 'cancelling' ? <Spinner className="size-4" /> : null}
            {step === 'cancelling' ? t('settings.account.email.cancelling') : cancelLabel}
          </button>
        </div>
      )}
    </form>
  );
}
