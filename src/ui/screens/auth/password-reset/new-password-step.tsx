import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectIsResetBusy,
  selectResetErrors,
  selectResetFailed,
  selectResetPassword,
  selectResetRepeatPassword,
} from '../../../../machines/account';
import { ErrorState } from '../../../components/error-state';
import { FormField } from '../../../components/form-field';
import { BackToLogin } from '../back-to-login';
import type { PasswordResetRef } from './password-reset-ref';
import { StepBody, StepHeader, SubmitButton } from './reset-parts';

/** Step 3, /auth/new-password/: the new password (at least 6 characters) and its repeat. */
export function NewPasswordStep({ reset }: { reset: PasswordResetRef }) {
  const { t } = useTranslation();
  const password = useSelector(reset, selectResetPassword);
  const repeatPassword = useSelector(reset, selectResetRepeatPassword);
  const errors = useSelector(reset, selectResetErrors);
  const busy = useSelector(reset, selectIsResetBusy);
  const failed = useSelector(reset, selectResetFailed);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.send({ type: 'passwordReset.submitted' });
  };
  return (
    <StepBody>
      <StepHeader title={t('auth.newPassword.title')} text={t('auth.newPassword.text')} />
      {failed ? <ErrorState onRetry={() => reset.send({ type: 'passwordReset.retried' })} /> : null}
      <form noValidate onSubmit={submit} aria-busy={busy} className="flex flex-col gap-4">
        <FormField
          label={t('auth.newPassword.password')}
          type="password"
          autoComplete="new-password"
          required
          value={password}
          message={errors.password}
          onChange={(value) => reset.send({ type: 'passwordReset.changed', field: 'password', value })}
        />
        <FormField
          label={t('auth.newPassword.repeat')}
          type="password"
          autoComplete="new-password"
          required
          value={repeatPassword}
          message={errors.repeatPassword}
          onChange={(value) => reset.send({ type: 'passwordReset.changed', field: 'repeatPassword', value })}
        />
        <SubmitButton
          busy={busy}
          label={t('auth.newPassword.submit')}
          busyLabel={t('auth.newPassword.saving')}
        />
      </form>
      <BackToLogin />
    </StepBody>
  );
}
