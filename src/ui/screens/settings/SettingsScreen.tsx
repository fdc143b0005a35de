import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

// Placeholder for issue 2: company, users, addresses, quick order and language come in a later issue.
export function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('settings.title')}</PageTitle>
      <EmptyState>{t('settings.empty')}</EmptyState>
    </>
  );
}
