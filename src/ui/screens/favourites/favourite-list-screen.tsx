import { useParams } from 'wouter';
import { useFavouritesOffered } from '../../hooks/use-favourite-lists';
import { NotFoundPage } from '../error/not-found-page';
import { FavouriteListView } from './favourite-list-view';
import { FavouritesNotOffered } from './favourites-not-offered';

/** /favourites/{id}/: one favourite list with its lines. */
export function FavouriteListScreen() {
  const { id } = useParams<{ id: string }>();
  const listId = Number(id);
  const offered = useFavouritesOffered();
  if (!offered) return <FavouritesNotOffered />;
  if (!Number.isSafeInteger(listId) || listId <= 0) return <NotFoundPage />;
  return <FavouriteListView key={listId} listId={listId} />;
}
