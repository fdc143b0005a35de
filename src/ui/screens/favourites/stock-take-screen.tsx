import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import { LoadingState } from '../../components/loading-state';
import { useUnits } from '../../hooks/cart-hooks';
import { useCapability } from '../../hooks/use-capability';
import { useFavouritesOffered } from '../../hooks/use-favourite-lists';
import { NotFoundPage } from '../error/not-found-page';
import { FavouritesNotOffered } from './favourites-not-offered';
import { StockTakeView } from './stock-take-view';

/** /favourites/{id}/stock-take/: the buyer counts an order guide's shelves on a phone. */
export function StockTakeScreen() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const listId = Number(id);
  const offered = useFavouritesOffered();
  const guides = useCapability('orderGuides');
  // the quantity to order needs each unit's size: the stock-take starts once the units are known
  const units = useUnits();
  if (!offered || !guides) return <FavouritesNotOffered />;
  if (!Number.isSafeInteger(listId) || listId <= 0) return <NotFoundPage />;
  if (!units) return <LoadingState label={t('orderGuide.loading')} />;
  return <StockTakeView key={listId} listId={listId} units={units} />;
}
