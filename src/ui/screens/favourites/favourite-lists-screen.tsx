import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import {
  selectFavouriteLists,
  selectFavouriteListsStatus,
  selectOwnFavouriteLists,
  selectSharedByColleagues,
} from '../../../machines/favourites';
import { LoadingState } from '../../components/loading-state';
import { NotOffered } from '../../components/not-offered';
import { PageTitle } from '../../components/page-title';
import { ResourceState } from '../../components/resource-state';
import { Section } from '../../components/section';
import { useFavouriteLists, useFavouritesOffered } from '../../hooks/use-favourite-lists';
import { FavouriteListsTable } from './favourite-lists-table';
import { FavouritesNotOffered } from './favourites-not-offered';
import { NewListForm } from './new-list-form';
import { OrderGuideBuildButton } from './order-guide-build-button';

/** /favourites/: the user's own lists, the lists colleagues share, and a form for a new one. */
export function FavouriteListsScreen() {
  const { t } = useTranslation();
  const lists = useFavouriteLists();
  // a link kept in a bookmark, on a backend without favourite lists
  if (!useFavouritesOffered()) return <FavouritesNotOffered />;
  return (
    <>
      <PageTitle>{t('favourites.index.title')}</PageTitle>
      <div className="flex flex-col gap-6">
        <NewListForm />
        <OrderGuideBuildButton />
        {lists ? (
          <FavouriteListsContent lists={lists} />
        ) : (
          <LoadingState label={t('favourites.index.loading')} />
        )}
      </div>
    </>
  );
}

function FavouriteListsContent({ lists }: { lists: NonNullable<ReturnType<typeof useFavouriteLists>> }) {
  const { t } = useTranslation();
  const status = useSelector(lists, selectFavouriteListsStatus);
  const all = useSelector(lists, selectFavouriteLists);
  const own = useSelector(lists, selectOwnFavouriteLists);
  const shared = useSelector(lists, selectSharedByColleagues);
  // the screen above has already given way to the note by then; this keeps the status exhaustive
  if (status === 'notOffered') return <NotOffered />;
  return (
    <ResourceState
      status={status}
      isEmpty={all.length === 0}
      loadingLabel={t('favourites.index.loading')}
      emptyText={`${t('favourites.index.emptyTitle')} ${t('favourites.index.emptyHint')}`}
      onRetry={() => lists.send({ type: 'favourites.load' })}
    >
      <Section title={t('favourites.index.ownLists')}>
        {own.length > 0 ? (
          <FavouriteListsTable lists={own} caption={t('favourites.index.ownLists')} />
        ) : (
          <p className="text-fg-muted">{t('favourites.index.noOwnLists')}</p>
        )}
      </Section>
      {shared.length > 0 && (
        <Section title={t('favourites.index.sharedByColleagues')}>
          <FavouriteListsTable lists={shared} caption={t('favourites.index.sharedByColleagues')} showOwner />
        </Section>
      )}
    </ResourceState>
  );
}
