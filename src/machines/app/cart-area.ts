import { browserCheckoutDraftStore } from '../../services/checkout-draft';
import { bindCart } from '../cart';
import { bindAnnouncementReads } from '../catalogue';
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
  return {
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
