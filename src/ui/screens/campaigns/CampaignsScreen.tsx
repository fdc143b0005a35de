import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';

// Placeholder for issue 2: the campaign list and detail comes in a later issue.
export function CampaignsScreen() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('campaigns.title')}</PageTitle>
      <EmptyState>{t('campaigns.empty')}</EmptyState>
    </>
  );
}
