import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';

/**
 * Stands where a screen would be whose calls the supplier's backend does not have (a capability it
 * lacks): one short sentence instead of a broken screen, for a link kept in a bookmark.
 */
export function NotOffered() {
  const { t } = useTranslation();
  return <EmptyState>{t('capabilities.notOffered')}</EmptyState>;
}
