import { useSelector } from '@xstate/react';
import { CircleCheck, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { CompanyInfo } from '../../../../domain/types';
import { selectCompanySaved, selectIsIndividual } from '../../../../machines/settings';
import type { CompanyInfoRef } from './company-info-context';

interface CompanyReadViewProps {
  companyInfo: CompanyInfoRef;
  info: CompanyInfo;
  /** the main user gets the edit button; colleagues read only */
  canEdit: boolean;
}

export function CompanyReadView({ companyInfo, info, canEdit }: CompanyReadViewProps) {
  const { t } = useTranslation();
  const saved = useSelector(companyInfo, selectCompanySaved);
  const isIndividual = useSelector(companyInfo, selectIsIndividual);
  // a private person has a name of their own and no VAT ID
  const rows = [
    {
      term: isIndividual ? t('settings.person.name') : t('settings.company.name'),
      value: info.name,
      numberLike: false,
    },
    ...(isIndividual
      ? []
      : [{ term: t('settings.company.vatNumber'), value: info.vatNumber, numberLike: true }]),
    { term: t('settings.company.landlineNumber'), value: info.landlineNumber, numberLike: true },
    { term: t('settings.company.mobileNumber'), value: info.mobileNumber, numberLike: true },
  ];
  return (
    <div className="flex flex-col gap-4 rounded-lg border border-line bg-surface-raised p-4">
      {saved ? (
        <p role="status" className="flex items-center gap-2 text-fg">
          <CircleCheck aria-hidden="true" className="size-5 text-brand" />
          {isIndividual ? t('settings.person.saved') : t('settings.company.saved')}
        </p>
      ) : null}
      <dl className="grid gap-x-6 gap-y-3 desktop:grid-cols-[max-content_1fr]">
        {rows.map((row) => (
          <div key={row.term} className="contents">
            <dt className="font-medium text-fg-muted">{row.term}</dt>
            <dd className="break-words">
              {/* "+49 40 …" reads left to right in Arabic too */}
              {row.value ? (
                <span dir={row.numberLike ? 'ltr' : undefined}>{row.value}</span>
              ) : (
                t('settings.company.notGiven')
              )}
            </dd>
          </div>
        ))}
        <dt className="font-medium text-fg-muted">{t('settings.company.emailAddresses')}</dt>
        <dd>
          <ul>
            {info.emailAddresses.map((email) => (
              <li key={email} className="break-all">
                {email}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      {canEdit ? (
        <button
          type="button"
          onClick={() => companyInfo.send({ type: 'companyInfo.editStarted' })}
          className="tap-target inline-flex items-center gap-2 self-start rounded-md border border-line px-4 font-medium hover:bg-surface-sunken"
        >
          <Pencil aria-hidden="true" className="size-4" />
          {isIndividual ? t('settings.person.edit') : t('settings.company.edit')}
        </button>
      ) : (
        <p className="text-sm text-fg-muted">{t('settings.company.readOnly')}</p>
      )}
    </div>
  );
}
