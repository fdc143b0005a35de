import { shallowEqual, useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
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
import { Section } from '../../../components/section';
import { noteClass, refusalClass } from '../users/form-classes';
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
  const change = (field: AccountField) => (value: string) =>
    account.send({ type: 'account.changed', field, value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    account.send({ type: 'account.submitted' });
  };
  return (
    <Section title={t('settings.account.detailsTitle')}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        {status === 'saved' ? (
          <p role="status" className={noteClass}>
            {t('settings.account.saved')}
          </p>
        ) : null}
        {status === 'emailConfirmed' ? (
          <p role="status" className={noteClass}>
            {t('settings.account.email.confirmed')}
          </p>
        ) : null}
        <div>
          <span className={labelClass}>{t('settings.account.username')}</span>
          <span className="block text-fg-muted">{user?.username}</span>
        </div>
        <div className="grid gap-4 desktop:grid-cols-2">
          <FormField
            label={t('settings.users.fields.firstName')}
            autoComplete="given-name"
            required
            value={draft.firstName}
            message={errors.firstName}
            onChange={change('firstName')}
          />
          <FormField
            label={t('settings.users.fields.lastName')}
            autoComplete="family-name"
            required
            value={draft.lastName}
            message={errors.lastName}
            onChange={change('lastName')}
          />
        </div>
        <FormField
          label={t('settings.users.fields.email')}
          type="email"
          autoComplete="email"
          required
          value={draft.email}
          message={errors.email}
          onChange={change('email')}
        />
        <div className="grid gap-4 desktop:grid-cols-2">
          <FormField
            label={t('settings.users.fields.landlinePhone')}
            type="tel"
            autoComplete="tel"
            value={draft.landlinePhone}
            message={errors.landlinePhone}
            onChange={change('landlinePhone')}
          />
          <FormField
            label={t('settings.users.fields.mobilePhone')}
            type="tel"
            autoComplete="tel"
            value={draft.mobilePhone}
            message={errors.mobilePhone}
            onChange={change('mobilePhone')}
          />
        </div>
        {refused ? (
          <p role="alert" className={refusalClass}>
            {t('settings.account.refused')}
          </p>
        ) : null}
        {status === 'saveFailed' ? (
          <ErrorState onRetry={() => account.send({ type: 'account.retried' })} />
        ) : null}
        <SubmitButton
          busy={saving}
          label={t('settings.account.save')}
          busyLabel={t('settings.account.saving')}
        />
      </form>
      <EmailConfirmation account={account} />
    </Section>
  );
}
