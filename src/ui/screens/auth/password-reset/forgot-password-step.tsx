import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectResetEmail, selectResetErrors, selectResetThrottle } from '../../../../machines/account';
import { FormField } from '../../../components/form-field';
import type { PasswordResetRef } from './password-reset-ref';
import { ResetFormStep } from './reset-form-step';
import { ThrottleNote } from './reset-parts';

/** Step 1, /auth/forgot-password/: the account's e-mail address. */
export function ForgotPasswordStep({ reset }: { reset: PasswordResetRef }) {
  const { t } = useTranslation();
  const email = useSelector(reset, selectResetEmail);
  const errors = useSelector(reset, selectResetErrors);
  const throttle = useSelector(reset, selectResetThrottle);
  return (
    <ResetFormStep
      reset={reset}
      title={t('auth.forgotPassword.title')}
      text={t('auth.forgotPassword.text')}
      notice={throttle ? <ThrottleNote seconds={throttle.seconds} /> : null}
      submitLabel={t('auth.forgotPassword.submit')}
      busyLabel={t('auth.forgotPassword.sending')}
    >
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
    </ResetFormStep>
  );
}
