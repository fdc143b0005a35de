import { useTranslation } from 'react-i18next';
import type { UserDraft, UserDraftField, UserFieldErrors } from '../../../../machines/settings';
import { FormField } from '../../../components/form-field';
import { bindFields } from '../../../components/forms/field-binding';
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
  const field = bindFields<UserDraftField>(draft, errors, onChange);
  return (
    <>
      <FormField
        label={t('settings.users.fields.email')}
        type="email"
        autoComplete="off"
        required
        {...field('email')}
      />
      <div className="grid gap-4 desktop:grid-cols-2">
        <FormField label={t('settings.users.fields.firstName')} required {...field('firstName')} />
        <FormField label={t('settings.users.fields.lastName')} required {...field('lastName')} />
        <FormField label={t('settings.users.fields.landlinePhone')} type="tel" {...field('landlinePhone')} />
        <FormField label={t('settings.users.fields.mobilePhone')} type="tel" {...field('mobilePhone')} />
      </div>
      <LanguageField {...field('language')} />
    </>
  );
}
