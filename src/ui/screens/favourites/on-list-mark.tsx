import { useSelector } from '@xstate/react';
import { Star } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { selectIsOnAnyList } from '../../../machines/favourites';
import { selectIsDemo } from '../../../machines/session';
import { useSessionRef } from '../../hooks/use-app-actor';
import { useFavouriteLists } from '../../hooks/use-favourite-lists';

/** A small filled star on a row whose product is on one of the user's lists (nothing otherwise). */
export function OnListMark({ productId, className = '' }: { productId: number; className?: string }) {
  const { t } = useTranslation();
  const lists = useFavouriteLists();
  const isDemo = useSelector(useSessionRef(), selectIsDemo);
  const onList = useSelector(lists, (s) => (s ? selectIsOnAnyList(s, productId) : false));
  if (!onList || isDemo) return null;
  return (
    <span role="img" aria-label={t('favourites.addToList.onList')} title={t('favourites.addToList.onList')}>
      <Star aria-hidden="true" className={`size-4 shrink-0 fill-current text-brand ${className}`} />
    </span>
  );
}
