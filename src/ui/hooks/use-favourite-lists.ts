import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectFavouriteListsRef } from '../../machines/app';
import type { FavouriteListsRef } from '../../machines/favourites';
import { useAppActor } from './use-app-actor';

/**
 * The signed-in user's favourite lists (issue 12), asked to load the first time a view needs them.
 * `favourites.load` is a no-op once loaded (and retries after a failure), so every star, mark and
 * screen may send it. Undefined until the cart area has loaded (and while signed out).
 */
export function useFavouriteLists(): FavouriteListsRef | undefined {
  const lists = useSelector(useAppActor(), selectFavouriteListsRef);
  useEffect(() => {
    lists?.send({ type: 'favourites.load' });
  }, [lists]);
  return lists;
}
