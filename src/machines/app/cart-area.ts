import { priceBasisFor } from '../../domain/pricing';
import { browserCheckoutDraftStore } from '../../services/checkout-draft';
import { installOfflineLayer } from '../../services/offline/offline-cart';
import { browserOutbox, type Outbox } from '../../services/offline/outbox';
import { forgetCachedAnswers } from '../../services/pwa/cache-names';
import { bindCart } from '../cart';
import { bindAnnouncementReads } from '../catalogue';
import { bindConnectivity } from '../connectivity';
import { bindFavouriteLists } from '../favourites';
import type { Ports } from '../kernel/ports';
import { bindNotificationReads, bindNotifications } from '../notifications';
import { bindOrdersResource } from '../orders';
import { bindLanguageChange } from '../settings';
import { bindTabSync } from './tab-sync.machine';

/**
 * The cart, its lines, the checkout, the orders, the notifications, notification and announcement mark-read, the language change
 * and the favourite lists, with the money rules they bring (decimal.js),
 * bound to the ports. The app loads this module once someone is signed in, so the login route
 * does not ship it.
 */
export const bindCartArea = (portalPorts: Ports) => {
  // The checkout keeps its draft in the tab's sessionStorage unless the portal was given a store (tests);
  // the store's code comes with the cart, not with the login route.
  const ports: Ports = {
    ...portalPorts,
    checkoutDrafts: portalPorts.checkoutDrafts ?? browserCheckoutDraftStore,
  };
  const connectivity = ports.outbox === undefined ? offlineOutbox(ports) : bindOffline(ports, ports.outbox);
  return {
    // absent where the browser has no IndexedDB: nothing can be kept offline there
    connectivity,
    cart: bindCart(ports),
    orders: bindOrdersResource(ports),
    // the notifications and marking one read exist only once someone has signed in (spec points 4 and 6):
    // they stay out of the login route
    notifications: bindNotifications(ports),
    notificationReads: bindNotificationReads(ports),
    // the language picker exists only for a signed-in customer (spec point 4 needs the update call and a session)
    languageChange: bindLanguageChange(ports),
    // the favourite lists (menus and marks on every product screen) and announcement mark-read
    favouriteLists: bindFavouriteLists(ports),
    announcementReads: bindAnnouncementReads(ports),
    // the other tabs of this browser follow the cart, sign-out, language and theme
    tabSync: bindTabSync(ports),
  };
};
export type CartArea = ReturnType<typeof bindCartArea>;

/** The signed-in user the offline records belong to: the company and the user, as the checkout's draft. */
const ownerOf = (ports: Ports): string | null => {
  const claims = ports.session()?.getSnapshot().context.claims;
  return claims ? JSON.stringify([claims.accountName, claims.name]) : null;
};

const offlineOutbox = (ports: Ports) => {
  const outbox = browserOutbox();
  return outbox ? bindOffline(ports, outbox) : null;
};

/** The cart calls keep offline changes in `outbox` from now on, and the connectivity chart sends them. */
function bindOffline(ports: Ports, outbox: Outbox) {
  const isOnline = () => globalThis.navigator?.onLine !== false;
  installOfflineLayer({ outbox, owner: () => ownerOf(ports), isOnline });
  return bindConnectivity(ports, {
    outbox,
    owner: () => ownerOf(ports),
    basis: () => priceBasisFor(ports.session()?.getSnapshot().context.claims?.taxApplies ?? true),
    isOnline,
    now: () => new Date(),
    forgetSavedAnswers: forgetCachedAnswers,
    serviceWorker: globalThis.navigator?.serviceWorker,
  });
}
