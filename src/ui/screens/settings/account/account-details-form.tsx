import { shallowEqual, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { AccountField, accountMachine } from '../../../../machines/account';
import {
  selectAccount,
  selectAccountDraft,
  selectAccountErrors,
  selectAccountRefused,
  selectAccountStatus,
  selectIsAccountSaving,
} from '../../../../machines/account';
import { ErrorState } from '../../../components/error-state';
import { labelClass } from '../../../components/field-classes';
import { FormField } from '../../../components/form-field';
import { bindFields } from '../../../components/forms/field-binding';
import { FormNote, FormRefusal } from '../../../components/forms/form-notices';
import { MachineForm } from '../../../components/forms/machine-form';
import { Section } from '../../../components/section';
import { SubmitButton } from '../users/submit-button';
import { EmailConfirmation } from './email-confirmation';

type AccountRef = ActorRefFrom<typeof accountMachine>;

/**
 * Name, e-mail and phones, each with its message; saved with a note, a failure keeps the draft. A new
 * address the server holds back until its code is entered shows the confirmation below the form.
 */
export function AccountDetailsForm({ account }: { account: AccountRef }) {
  const { t } = useTranslation();
  const user = useSelector(account, selectAccount);
  const draft = useSelector(account, selectAccountDraft, shallowEqual);
  const errors = useSelector(account, selectAccountErrors);
  const status = useSelector(account, selectAccountStatus);
  const saving = useSelector(account, selectIsAccountSaving);
  const refused = useSelector(account, selectAccountRefused);
  const field = bindFields<AccountField>(draft, errors, (name, value) =>
    account.send({ type: 'account.changed', field: name, value }),
  );
  return (
    <Section title={t('settings.account.detailsTitle')}>
      <MachineForm onSubmit={() => account.send({ type: 'account.submitted' })} busy={saving}>
        <FormNote>{status === 'saved' ? t('settings.account.saved') : null}</FormNote>
        <FormNote>{status === 'emailConfirmed' ? t('settings.account.email.confirmed') : null}</FormNote>
        <div>
          <span className={labelClass}>{t('settings.account.username')}</span>
          <span className="block text-fg-muted">{user?.username}</span>
        </div>
        <div className="grid gap-4 desktop:grid-cols-2">
          <FormField
            label={t('settings.users.fields.firstName')}
            autoComplete="given-name"
            required
            {...field('firstName')}
          />
          <FormField
            label={t('settings.users.fields.lastName')}
            autoComplete="family-name"
            required
            {...field('lastName')}
          />
        </div>
        <FormField
          label={t('settings.users.fields.email')}
          type="email"
          autoComplete="email"
          required
          {...field('email')}
        />
        <div className="grid gap-4 desktop:grid-cols-2">
          <FormField
            label={t('settings.users.fields.landlinePhone')}
            type="tel"
            autoComplete="tel"
            {...field('landlinePhone')}
          />
          <FormField
            label={t('settings.users.fields.mobilePhone')}
            type="tel"
            autoComplete="tel"
            {...field('mobilePhone')}
          />
        </div>
        <FormRefusal>{refused ? t('settings.account.refused') : null}</FormRefusal>
        {status === 'saveFailed' ? (
          <ErrorState onRetry={() => account.send({ type: 'account.retried' })} />
        ) : null}
        <SubmitButton
          busy={saving}
          label={t('settings.account.save')}
          busyLabel={t('settings.account.saving')}
        />
      </MachineForm>
      <EmailConfirmation account={account} />
    </Section>
  );
}
