import type { PortalApi } from '../../services/api';
import type { CheckoutDraftStore } from '../../services/checkout-draft';
import type { DraftStore } from '../../services/drafts/draft-store';
import type { Outbox } from '../../services/offline/outbox';
import type { TabChannel } from '../../services/tab-sync/tab-channel';
import type { CartActorRef } from '../cart';
import type { FavouriteListsRef } from '../favourites';
import type { SessionActorRef } from '../session';

/**
 * What the composition root (app.actor.ts) hands to the binders: the I/O a machine's provided actors
 * close over. Never in a machine's context, which holds plain data only.
 */
export interface Ports {
  api: PortalApi;
  /**
   * The app's running cart (`system.get('cart')`), for machines a view creates outside the app's
   * actor system (add to cart, reorder, quick order) that write lines into it.
   */
  cart: () => CartActorRef | undefined;
  /**
   * The app's session (`system.get('session')`), for the account-access machines a view creates
   * (registration, account deletion) that end it: `session()?.send({ type: 'session.logout' })`.
   */
  session: () => SessionActorRef | undefined;
  /**
   * The app's favourite lists (`system.get('favouriteLists')`), for the machines a view creates (one
   * list, add to list) that tell it what changed: `favouriteLists()?.send({ type: 'favourites.listChanged', list })`.
   */
  favouriteLists: () => FavouriteListsRef | undefined;
  /**
   * Where the checkout keeps its draft and the order on its way across a reload: the tab's
   * sessionStorage in the app. Absent (a machine on its own, most tests): nothing is kept.
   */
  checkoutDrafts?: CheckoutDraftStore;
  /**
   * Where the forms (registration, new list, paste box, company edit, address dialog) keep what was
   * typed across a reload: the tab's sessionStorage when absent (`bindDraftKeeper`).
   */
  drafts?: DraftStore;
  /**
   * Opens the line to the other tabs of this browser: the browser's BroadcastChannel when
   * absent (`bindTabSync`); tests link two portals with an in-memory pair.
   */
  tabChannel?: () => TabChannel;
  /**
   * Where cart changes and orders made offline are kept: the browser's IndexedDB when absent
   * (cart-area.ts); tests pass one over fake-indexeddb.
   */
  outbox?: Outbox;
}

/** Builds a machine with its implementations bound to the ports: `bindSearch(ports)`. */
export type Binder<T> = (ports: Ports) => T;

/** Hands out bound machines, each bound once (the same logic on every render and every call). */
export type BindMachine = <T>(binder: Binder<T>) => T;

export function createMachineBinder(ports: Ports): BindMachine {
  const bound = new WeakMap<Binder<unknown>, unknown>();
  return <T>(binder: Binder<T>): T => {
    if (!bound.has(binder)) bound.set(binder, binder(ports));
    return bound.get(binder) as T;
  };
}
