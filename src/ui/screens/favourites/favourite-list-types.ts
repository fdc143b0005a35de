import type { ActorRefFrom } from 'xstate';
import type { favouriteListMachine } from '../../../machines/favourites';

/** The one-list machine the screen runs; its parts send to it and read it through selectors. */
export type FavouriteListRef = ActorRefFrom<typeof favouriteListMachine>;
