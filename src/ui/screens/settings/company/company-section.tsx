import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectIsMainUser } from '../../../../machines/session';
import {
  selectCompanyInfo,
  selectCompanyInfoLoadFailed,
  selectIsCompanyInfoLoading,
  selectIsEditingCompany,
  selectIsIndividual,
} from '../../../../machines/settings';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { Section } from '../../../components/section';
import { useSessionRef } from '../../../hooks/use-app-actor';
import { CompanyForm } from './company-form';
import { CompanyReadView } from './company-read-view';
import { useCompanyInfo } from './use-company-info';

/** Company information (spec point 3): every user reads it, the main user edits it; a private person's own details. */
export function CompanySection() {
  const { t } = useTranslation();
  const companyInfo = useCompanyInfo();
  const isMainUser = useSelector(useSessionRef(), selectIsMainUser);
  const loading = useSelector(companyInfo, selectIsCompanyInfoLoading);
  const failed = useSelector(companyInfo, selectCompanyInfoLoadFailed);
  const info = useSelector(companyInfo, selectCompanyInfo);
  const editing = useSelector(companyInfo, selectIsEditingCompany);
  const isIndividual = useSelector(companyInfo, selectIsIndividual);
  return (
    <Section title={isIndividual ? t('settings.person.title') : t('settings.company.title')}>
      {loading ? (
        <LoadingState label={t('settings.company.loading')} />
      ) : failed ? (
        <ErrorState onRetry={() => companyInfo.send({ type: 'companyInfo.retried' })} />
      ) : info && editing && isMainUser ? (
        <CompanyForm companyInfo={companyInfo} />
      ) : info ? (
        <CompanyReadView companyInfo={companyInfo} info={info} canEdit={isMainUser} />
      ) : null}
    </Section>
  );
}
