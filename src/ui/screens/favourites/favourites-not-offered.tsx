import { useTranslation } from 'react-i18next';
import { NotOffered } from '../../components/not-offered';
import { PageTitle } from '../../components/page-title';

/** A link kept in a bookmark, on a backend without favourite lists: the title and one sentence. */
export function FavouritesNotOffered() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t('favourites.index.title')}</PageTitle>
      <NotOffered />
    </>
  );
}
