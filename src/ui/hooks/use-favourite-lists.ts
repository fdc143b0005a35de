import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { selectFavouriteListsRef } from '../../machines/app';
import { type FavouriteListsRef, selectFavouriteListsNotOffered } from '../../machines/favourites';
import { useAppActor } from './use-app-actor';
import { useCapability } from './use-capability';

/**
 * The signed-in user's favourite lists, asked to load the first time a view needs them.
 * `favourites.load` is a no-op once loaded (and retries after a failure), so every star, mark and
 * screen may send it. Undefined until the cart area has loaded (and while signed out), and on a
 * backend without favourite lists, so every star, mark and Add to list hides itself.
 */
export function useFavouriteLists(): FavouriteListsRef | undefined {
  const lists = useSelector(useAppActor(), selectFavouriteListsRef);
  const offered = useFavouritesOffered();
  useEffect(() => {
    if (offered) lists?.send({ type: 'favourites.load' });
  }, [lists, offered]);
  return offered ? lists : undefined;
}

/**
 * Whether the backend may have favourite lists: not once its discovery said it has none, nor once
 * the lists call turned out to be missing.
 */
export function useFavouritesOffered(): boolean {
  const lists = useSelector(useAppActor(), selectFavouriteListsRef);
  const missing = useSelector(lists, (s) => (s ? selectFavouriteListsNotOffered(s) : false));
  return useCapability('favourites') && !missing;
}
