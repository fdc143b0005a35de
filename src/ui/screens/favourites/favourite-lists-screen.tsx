import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';

// PLACEHOLDER (issue 12 contract): replaced by the helper who owns the favourites index.
/** /favourites/: the user's lists and the company's shared ones. */
export function FavouriteListsScreen() {
  const { t } = useTranslation();
  return <PageTitle>{t('menu.favourites')}</PageTitle>;
}
