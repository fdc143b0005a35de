import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/empty-state';
import { PageTitle } from '../../components/page-title';
import { QuickOrderSection } from '../quick-order/quick-order-section';

// Settings (spec point 2): the quick order from file is here (issue 5); company, users, addresses and
// language come in a later issue. The quick order itself is a lazily loaded chunk.
export function SettingsScreen() {
  const { t } = useTranslation();
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <PageTitle>{t('settings.title')}</PageTitle>
      <QuickOrderSection title={t('quickOrder.settingsTitle')} />
      <EmptyState>{t('settings.empty')}</EmptyState>
    </div>
  );
}
