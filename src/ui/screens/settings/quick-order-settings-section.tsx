import { useTranslation } from 'react-i18next';
import { QuickOrderSection } from '../quick-order/quick-order-section';

/** /settings/quick-order/: the quick order from file, itself a lazily loaded chunk. */
export function QuickOrderSettingsSection() {
  const { t } = useTranslation();
  return <QuickOrderSection title={t('quickOrder.settingsTitle')} />;
}
