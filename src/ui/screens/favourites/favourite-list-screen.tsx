import { useParams } from 'wouter';
import { NotFoundPage } from '../error/not-found-page';
import { FavouriteListView } from './favourite-list-view';

/** /favourites/{id}/: one favourite list with its lines (issue 12). */
export function FavouriteListScreen() {
  const { id } = useParams<{ id: string }>();
  const listId = Number(id);
  if (!Number.isSafeInteger(listId) || listId <= 0) return <NotFoundPage />;
  return <FavouriteListView key={listId} listId={listId} />;
}
