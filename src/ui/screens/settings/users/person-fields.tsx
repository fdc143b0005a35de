import { useTranslation } from 'react-i18next';
import type { UserDraft, UserDraftField, UserFieldErrors } from '../../../../machines/settings';
import { FormField } from '../../../components/form-field';
import { LanguageField } from './language-field';

/** E-mail, names, phones and language: the fields a new user and a changed user share. */
export function PersonFields({
  draft,
  errors,
  onChange,
}: {
  draft: UserDraft;
  errors: UserFieldErrors;
  onChange: (field: UserDraftField, value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={t('settings.users.fields.email')}
        type="email"
        autoComplete="off"
        required
        value={draft.email}
        message={errors.email}
        onChange={(value) => onChange('email', value)}
      />
      <div className="grid gap-4 desktop:grid-cols-2">
        <FormField
          label={t('settings.users.fields.firstName')}
          required
          value={draft.firstName}
          message={errors.firstName}
          onChange={(value) => onChange('firstName', value)}
        />
        <FormField
          label={t('settings.users.fields.lastName')}
          required
          value={draft.lastName}
          message={errors.lastName}
          onChange={(value) => onChange('lastName', value)}
        />
        <FormField
          label={t('settings.users.fields.landlinePhone')}
          type="tel"
          value={draft.landlinePhone}
          message={errors.landlinePhone}
          onChange={(value) => onChange('landlinePhone', value)}
        />
        <FormField
          label={t('settings.users.fields.mobilePhone')}
          type="tel"
          value={draft.mobilePhone}
          message={errors.mobilePhone}
          onChange={(value) => onChange('mobilePhone', value)}
        />
      </div>
      <LanguageField
        value={draft.language}
        message={errors.language}
        onChange={(value) => onChange('language', value)}
      />
    </>
  );
}
