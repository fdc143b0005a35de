import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectCanResendCode,
  selectCodeFormShown,
  selectCodeMessage,
  selectCodeSent,
  selectIsResendingCode,
  selectIsResetBusy,
  selectNewCodeReason,
  selectResetCode,
  selectResetFailed,
  selectResetThrottle,
} from '../../../../machines/account';
import { ErrorState } from '../../../components/error-state';
import { MachineForm } from '../../../components/forms/machine-form';
import { SecurityCodeField } from '../../../components/security-code-field';
import { Spinner } from '../../../components/spinner';
import { BackToLogin } from '../back-to-login';
import type { PasswordResetRef } from './password-reset-ref';
import {
  alertClass,
  noteClass,
  primaryButtonClass,
  StepBody,
  StepHeader,
  SubmitButton,
  secondaryButtonClass,
  ThrottleNote,
} from './reset-parts';

/** Step 2, /auth/secure-code/: the 6-digit code from the mail, or a new one. */
export function SecurityCodeStep({ reset }: { reset: PasswordResetRef }) {
  const { t } = useTranslation();
  const code = useSelector(reset, selectResetCode);
  const message = useSelector(reset, selectCodeMessage);
  const busy = useSelector(reset, selectIsResetBusy);
  const resending = useSelector(reset, selectIsResendingCode);
  const canResend = useSelector(reset, selectCanResendCode);
  const codeSent = useSelector(reset, selectCodeSent);
  const newCodeReason = useSelector(reset, selectNewCodeReason);
  const formShown = useSelector(reset, selectCodeFormShown);
  const throttle = useSelector(reset, selectResetThrottle);
  const failed = useSelector(reset, selectResetFailed);
  const resend = () => reset.send({ type: 'passwordReset.resendRequested' });
  return (
    <StepBody>
      <StepHeader title={t('auth.secureCode.title')} text={t('auth.secureCode.text')} />
      {codeSent && !newCodeReason ? (
        <p role="status" className={noteClass}>
          {t('auth.secureCode.sent')}
        </p>
      ) : null}
      {throttle ? <ThrottleNote seconds={throttle.seconds} /> : null}
      {failed ? <ErrorState onRetry={() => reset.send({ type: 'passwordReset.retried' })} /> : null}
      {newCodeReason ? (
        <>
          <p role="alert" className={alertClass}>
            {newCodeReason === 'too_many_tries'
              ? t('auth.secureCode.tooManyTries')
              : t('auth.secureCode.expired')}
          </p>
          <button type="button" onClick={resend} disabled={!canResend} className={primaryButtonClass}>
            {t('auth.secureCode.resend')}
          </button>
        </>
      ) : null}
      {formShown ? (
        <MachineForm onSubmit={() => reset.send({ type: 'passwordReset.submitted' })} busy={busy}>
          <SecurityCodeField
            label={t('auth.secureCode.code')}
            value={code}
            message={message}
            onChange={(value) => reset.send({ type: 'passwordReset.changed', field: 'code', value })}
          />
          <SubmitButton
            busy={busy}
            spinning={busy && !resending}
            label={t('auth.secureCode.submit')}
            busyLabel={t('auth.secureCode.verifying')}
          />
          <button type="button" onClick={resend} disabled={!canResend} className={secondaryButtonClass}>
            {resending ? <Spinner className="size-4" /> : null}
            {t('auth.secureCode.resend')}
          </button>
          <p role="status" className="sr-only">
            {resending ? t('auth.secureCode.resending') : ''}
          </p>
        </MachineForm>
      ) : null}
      <BackToLogin />
    </StepBody>
  );
}
