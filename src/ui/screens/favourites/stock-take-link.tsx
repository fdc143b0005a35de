import { useSelector } from '@xstate/react';
import { ClipboardList } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { selectFavouriteList } from '../../../machines/favourites';
import { useCapability } from '../../hooks/use-capability';
import type { FavouriteListRef } from './favourite-list-types';
import { stockTakePath } from './stock-take-path';

/** "Stock-take" on an order guide (a list with par levels): count the shelves and fill the cart. */
export function StockTakeLink({ list }: { list: FavouriteListRef }) {
  const { t } = useTranslation();
  const guides = useCapability('orderGuides');
  const summary = useSelector(list, selectFavouriteList);
  if (!guides || !summary?.orderGuide) return null;
  return (
    <Link
      href={stockTakePath(summary.id)}
      className="tap-target inline-flex items-center justify-center gap-2 self-start rounded-md bg-brand px-4 font-medium text-brand-contrast hover:bg-brand-strong"
    >
      <ClipboardList aria-hidden="true" className="size-5" />
      {t('orderGuide.stockTake')}
    </Link>
  );
}
