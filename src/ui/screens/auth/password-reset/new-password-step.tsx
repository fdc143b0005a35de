import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectResetErrors,
  selectResetPassword,
  selectResetRepeatPassword,
} from '../../../../machines/account';
import { FormField } from '../../../components/form-field';
import { bindFields } from '../../../components/forms/field-binding';
import type { PasswordResetRef } from './password-reset-ref';
import { ResetFormStep } from './reset-form-step';

/** Step 3, /auth/new-password/: the new password (at least 6 characters) and its repeat. */
export function NewPasswordStep({ reset }: { reset: PasswordResetRef }) {
  const { t } = useTranslation();
  const password = useSelector(reset, selectResetPassword);
  const repeatPassword = useSelector(reset, selectResetRepeatPassword);
  const errors = useSelector(reset, selectResetErrors);
  const field = bindFields<'password' | 'repeatPassword'>(
    { password, repeatPassword },
    errors,
    (name, value) => reset.send({ type: 'passwordReset.changed', field: name, value }),
  );
  return (
    <ResetFormStep
      reset={reset}
      title={t('auth.newPassword.title')}
      text={t('auth.newPassword.text')}
      submitLabel={t('auth.newPassword.submit')}
      busyLabel={t('auth.newPassword.saving')}
    >
      <FormField
        label={t('auth.newPassword.password')}
        type="password"
        autoComplete="new-password"
        required
        {...field('password')}
      />
      <FormField
        label={t('auth.newPassword.repeat')}
        type="password"
        autoComplete="new-password"
        required
        {...field('repeatPassword')}
      />
    </ResetFormStep>
  );
}
