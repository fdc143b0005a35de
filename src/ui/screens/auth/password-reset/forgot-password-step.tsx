import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectIsResetBusy,
  selectResetEmail,
  selectResetErrors,
  selectResetFailed,
  selectResetThrottle,
} from '../../../../machines/account';
import { ErrorState } from '../../../components/error-state';
import { FormField } from '../../../components/form-field';
import { BackToLogin } from '../back-to-login';
import type { PasswordResetRef } from './password-reset-ref';
import { StepBody, StepHeader, SubmitButton, ThrottleNote } from './reset-parts';

/** Step 1, /auth/forgot-password/: the account's e-mail address. */
export function ForgotPasswordStep({ reset }: { reset: PasswordResetRef }) {
  const { t } = useTranslation();
  const email = useSelector(reset, selectResetEmail);
  const errors = useSelector(reset, selectResetErrors);
  const busy = useSelector(reset, selectIsResetBusy);
  const throttle = useSelector(reset, selectResetThrottle);
  const failed = useSelector(reset, selectResetFailed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.send({ type: 'passwordReset.submitted' });
  };
  return (
    <StepBody>
      <StepHeader title={t('auth.forgotPassword.title')} text={t('auth.forgotPassword.text')} />
      {throttle ? <ThrottleNote seconds={throttle.seconds} /> : null}
      {failed ? <ErrorState onRetry={() => reset.send({ type: 'passwordReset.retried' })} /> : null}
      <form noValidate onSubmit={submit} aria-busy={busy} className="flex flex-col gap-4">
        <FormField
          label={t('auth.forgotPassword.email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          value={email}
          message={errors.email}
          onChange={(value) => reset.send({ type: 'passwordReset.changed', field: 'email', value })}
        />
        <SubmitButton
          busy={busy}
          label={t('auth.forgotPassword.submit')}
          busyLabel={t('auth.forgotPassword.sending')}
        />
      </form>
      <BackToLogin />
    </StepBody>
  );
}
