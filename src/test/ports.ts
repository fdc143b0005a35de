import type { CartActorRef } from '../machines/cart';
import type { FavouriteListsRef } from '../machines/favourites';
import type { Ports } from '../machines/kernel/ports';
import type { SessionActorRef } from '../machines/session';
import type { PortalApi } from '../services/api';

/**
 * The ports a test binds a machine to (`bindX(testPorts(api))`): a stand-in API client and, for the
 * machines that write into the app's cart, the cart, session and favourite lists the test runs (getters, as the composition root's).
 */
export function testPorts(
  api: Partial<PortalApi> = {},
  cart: CartActorRef | (() => CartActorRef | undefined) | undefined = undefined,
  session: SessionActorRef | (() => SessionActorRef | undefined) | undefined = undefined,
  favouriteLists: FavouriteListsRef | (() => FavouriteListsRef | undefined) | undefined = undefined,
): Ports {
  return {
    api: api as PortalApi,
    cart: typeof cart === 'function' ? cart : () => cart,
    session: typeof session === 'function' ? session : () => session,
    favouriteLists: typeof favouriteLists === 'function' ? favouriteLists : () => favouriteLists,
  };
}
