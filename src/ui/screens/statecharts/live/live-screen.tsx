import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/page-title';

/** /statecharts/live/: the running portal's actors in another tab (placeholder until the live view lands). */
export function LiveScreen() {
  const { t } = useTranslation('studio');
  return <PageTitle>{t('nav.live')}</PageTitle>;
}
