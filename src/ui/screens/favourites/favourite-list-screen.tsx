import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';

// PLACEHOLDER (issue 12 contract): replaced by the helper who owns the one-list screen.
/** /favourites/{id}/: one list with its lines. */
export function FavouriteListScreen() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.favourites')}</PageTitle>;
}
