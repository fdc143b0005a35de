import { shallowEqual, useActorRef, useSelector } from '@xstate/react';
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
import { bindFields } from '../../../components/forms/field-binding';
import { FormNote, FormRefusal } from '../../../components/forms/form-notices';
import { MachineForm } from '../../../components/forms/machine-form';
import { Section } from '../../../components/section';
import { useBoundMachine, usePortalInspection } from '../../../hooks/use-app-actor';
import { SubmitButton } from '../users/submit-button';

/**
 * The current password, then the new one twice (spec point 2, user information). A change keeps this
 * session and ends the others; a wrong current password is that field's message.
 */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const machine = useActorRef(useBoundMachine(bindChangePassword), usePortalInspection());
  const form = useSelector(machine, selectChangePasswordForm, shallowEqual);
  const errors = useSelector(machine, selectChangePasswordErrors, shallowEqual);
  const saving = useSelector(machine, selectIsChangingPassword);
  const changed = useSelector(machine, selectIsPasswordChanged);
  const failed = useSelector(machine, selectChangePasswordFailed);
  const field = bindFields<ChangePasswordField>(form, errors, (name, value) =>
    machine.send({ type: 'changePassword.changed', field: name, value }),
  );
  return (
    <Section title={t('settings.account.password.title')}>
      <MachineForm onSubmit={() => machine.send({ type: 'changePassword.submitted' })} busy={saving}>
        <FormNote>{changed ? t('settings.account.password.changed') : null}</FormNote>
        <FormField
          label={t('settings.account.password.current')}
          type="password"
          autoComplete="current-password"
          required
          {...field('currentPassword')}
        />
        <div className="grid gap-4 desktop:grid-cols-2">
          <div>
            <FormField
              label={t('settings.account.password.new')}
              type="password"
              autoComplete="new-password"
              required
              {...field('password')}
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
            {...field('repeatPassword')}
          />
        </div>
        <FormRefusal>{failed ? t('settings.account.password.failed') : null}</FormRefusal>
        <SubmitButton
          busy={saving}
          label={t('settings.account.password.submit')}
          busyLabel={t('settings.account.password.saving')}
        />
      </MachineForm>
    </Section>
  );
}
