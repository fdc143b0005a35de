import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '../../../../domain/account-rules';
import type { ChangePasswordField } from '../../../../domain/auth-forms';
import {
  bindChangePassword,
  selectChangePasswordErrors,
  selectChangePasswordFailed,
  selectChangePasswordForm,
  selectIsChangingPassword,
  selectIsPasswordChanged,
} from '../../../../machines/account';
import { FormField } from '../../../components/form-field';
import { Section } from '../../../components/section';
import { useBoundMachine } from '../../../hooks/use-app-actor';
import { noteClass, refusalClass } from '../users/form-classes';
import { SubmitButton } from '../users/submit-button';

/**
 * The current password, then the new one twice (spec point 2, user information). A change keeps this
 * session and ends the others; a wrong current password is that field's message.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const machine = useActorRef(useBoundMachine(bindChangePassword));
  const form = useSelector(machine, selectChangePasswordForm, shallowEqual);
  const errors = useSelector(machine, selectChangePasswordErrors, shallowEqual);
  const saving = useSelector(machine, selectIsChangingPassword);
  const changed = useSelector(machine, selectIsPasswordChanged);
  const failed = useSelector(machine, selectChangePasswordFailed);
  const change = (field: ChangePasswordField) => (value: string) =>
    machine.send({ type: 'changePassword.changed', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    machine.send({ type: 'changePassword.submitted' });
  };
  return (
    <Section title={t('settings.account.password.title')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {changed ? (
          <p role="status" className={noteClass}>
            {t('settings.account.password.changed')}
          </p>
        ) : null}
        <FormField
          label={t('settings.account.password.current')}
          type="password"
          autoComplete="current-password"
          required
          value={form.currentPassword}
          message={errors.currentPassword}
          onChange={change('currentPassword')}
        />
        <div className="grid gap-4 desktop:grid-cols-2">
          <div>
            <FormField
              label={t('settings.account.password.new')}
              type="password"
              autoComplete="new-password"
              required
              value={form.password}
              message={errors.password}
              onChange={change('password')}
            />
            {errors.password ? null : (
              <p className="mt-1 text-sm text-fg-muted">
                {t('settings.account.password.hint', { min: PASSWORD_MIN_LENGTH })}
              </p>
            )}
          </div>
          <FormField
            label={t('settings.account.password.repeat')}
            type="password"
            autoComplete="new-password"
            required
            value={form.repeatPassword}
            message={errors.repeatPassword}
            onChange={change('repeatPassword')}
          />
        </div>
        {failed ? (
          <p role="alert" className={refusalClass}>
            {t('settings.account.password.failed')}
          </p>
        ) : null}
        <SubmitButton
          busy={saving}
          label={t('settings.account.password.submit')}
          busyLabel={t('settings.account.password.saving')}
        />
      </form>
    </Section>
  );
}
