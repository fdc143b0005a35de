import { Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from '../../../../domain/form-validation';
import { FormField } from '../../../components/form-field';
import type { CompanyInfoRef } from './company-info-context';

interface EmailRowsProps {
  companyInfo: CompanyInfoRef;
  emails: string[];
  errors: FieldErrors;
}

/** The company's e-mail addresses: one row each, with its own message (`emailAddresses.N`). */
export function EmailRows({ companyInfo, emails, errors }: EmailRowsProps) {
  const { t } = useTranslation();
  const listMessage = errors.emailAddresses;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-1 font-medium">{t('settings.company.emailAddresses')}</legend>
      {emails.map((email, index) => {
        const number = index + 1;
        return (
          // the rows have no identity but their place; typing never reorders them
          // biome-ignore lint/suspicious/noArrayIndexKey: a row is its position in the list
          <div key={index} className="flex items-end gap-2">
            <div className="min-w-0 flex-1">
              <FormField
                label={t('settings.company.emailEntry', { number })}
                value={email}
                type="email"
                autoComplete="email"
                message={errors[`emailAddresses.${index}`]}
                onChange={(value) => companyInfo.send({ type: 'companyInfo.emailChanged', index, value })}
              />
            </div>
            <button
              type="button"
              aria-label={t('settings.company.removeEmail', { number })}
              onClick={() => companyInfo.send({ type: 'companyInfo.emailRemoved', index })}
              className="tap-target inline-flex items-center justify-center rounded-md border border-line px-3 hover:bg-surface-sunken desktop:h-9"
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </button>
          </div>
        );
      })}
      {listMessage ? <p className="text-sm text-danger">{t(listMessage.key, listMessage.values)}</p> : null}
      <button
        type="button"
        onClick={() => companyInfo.send({ type: 'companyInfo.emailAdded' })}
        className="tap-target inline-flex items-center gap-2 self-start rounded-md border border-line px-4 font-medium hover:bg-surface-sunken"
      >
        <Plus aria-hidden="true" className="size-4" />
        {t('settings.company.addEmail')}
      </button>
    </fieldset>
  );
}
