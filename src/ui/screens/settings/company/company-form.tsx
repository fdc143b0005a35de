import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { CompanyTextField } from '../../../../machines/settings';
import {
  selectCompanyDraft,
  selectCompanyFieldErrors,
  selectCompanyProblem,
  selectIsCompanySaving,
  selectIsIndividual,
} from '../../../../machines/settings';
import { FormField } from '../../../components/form-field';
import { MachineForm } from '../../../components/forms/machine-form';
import { Spinner } from '../../../components/spinner';
import type { CompanyInfoRef } from './company-info-context';
import { EmailRows } from './email-rows';

const textFields: { field: CompanyTextField; type: 'text' | 'tel'; autoComplete: string }[] = [
  { field: 'name', type: 'text', autoComplete: 'organization' },
  { field: 'vatNumber', type: 'text', autoComplete: 'off' },
  { field: 'landlineNumber', type: 'tel', autoComplete: 'tel' },
  { field: 'mobileNumber', type: 'tel', autoComplete: 'tel' },
];

/** The main user's edit form: the machine validates on Save and keeps the draft on any failure. */
export function CompanyForm({ companyInfo }: { companyInfo: CompanyInfoRef }) {
  const { t } = useTranslation();
  const draft = useSelector(companyInfo, selectCompanyDraft);
  const errors = useSelector(companyInfo, selectCompanyFieldErrors);
  const problem = useSelector(companyInfo, selectCompanyProblem);
  const saving = useSelector(companyInfo, selectIsCompanySaving);
  const isIndividual = useSelector(companyInfo, selectIsIndividual);
  if (!draft) return null;
  return (
    <MachineForm
      onSubmit={() => companyInfo.send({ type: 'companyInfo.submitted' })}
      busy={saving}
      className="flex flex-col gap-4 rounded-lg border border-line bg-surface-raised p-4"
    >
      {problem ? (
        <p role="alert" className="rounded-md bg-danger-soft px-3 py-2 text-danger">
          {t(`settings.company.problems.${problem}`)}
        </p>
      ) : null}
      <div className="grid gap-4 desktop:grid-cols-2">
        {/* a private person has no VAT ID, and the name is their own */}
        {textFields
          .filter(({ field }) => !(isIndividual && field === 'vatNumber'))
          .map(({ field, type, autoComplete }) => (
            <FormField
              key={field}
              label={
                isIndividual && field === 'name' ? t('settings.person.name') : t(`settings.company.${field}`)
              }
              value={draft[field]}
              message={errors[field]}
              type={type}
              autoComplete={autoComplete}
              onChange={(value) => companyInfo.send({ type: 'companyInfo.fieldChanged', field, value })}
            />
          ))}
      </div>
      <EmailRows companyInfo={companyInfo} emails={draft.emailAddresses} errors={errors} />
      <div className="flex flex-wrap gap-2">
        <button
          type="submit"
          disabled={saving}
          className="tap-target inline-flex items-center gap-2 rounded-md bg-brand px-4 font-medium text-brand-contrast hover:bg-brand-strong disabled:opacity-60"
        >
          {saving ? <Spinner className="size-4" /> : null}
          {saving ? t('settings.company.saving') : t('settings.company.save')}
        </button>
        <button
          type="button"
          disabled={saving}
          onClick={() => companyInfo.send({ type: 'companyInfo.cancelled' })}
          className="tap-target rounded-md border border-line px-4 font-medium hover:bg-surface-sunken disabled:opacity-60"
        >
          {t('common.cancel')}
        </button>
      </div>
    </MachineForm>
  );
}
