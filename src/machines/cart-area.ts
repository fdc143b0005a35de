import { nextTask } from '../services/next-task';
import type { Ports } from './ports';

/**
 * The cart, its lines, the checkout, the orders, notification and announcement mark-read, the language change
 * and the favourite lists, with the money rules they bring (decimal.js),
 * bound to the ports. The app loads this module once someone is signed in, so the login route
 * does not ship it.
 *
 * Its code is evaluated and bound in steps, a task each (issue 15): in one go, the money library, the
 * machines, their binding and the app spawning them were the longest task of the signed-in home (30-40 ms
 * on this machine, four times that on Lighthouse's phone). Each step imports a module only this file
 * imports (cart-area-*.ts), so each is a chunk of its own whose import evaluates just what it adds.
 */
export async function bindCartArea(portalPorts: Ports) {
  await import('./cart-area-money');
  await nextTask();
  const { bindCart, browserCheckoutDraftStore } = await import('./cart-area-cart');
  await nextTask();
  // The checkout keeps its draft in the tab's sessionStorage unless the portal was given a store (tests);
  // the store's code comes with the cart, not with the login route.
  const ports: Ports = {
    ...portalPorts,
    checkoutDrafts: portalPorts.checkoutDrafts ?? browserCheckoutDraftStore,
  };
  const cart = bindCart(ports);
  await nextTask();
  const {
    bindOrdersResource,
    bindNotificationReads,
    bindLanguageChange,
    bindFavouriteLists,
    bindAnnouncementReads,
  } = await import('./cart-area-others');
  await nextTask();
  const area = {
    cart,
    orders: bindOrdersResource(ports),
    // marking a notification read is only needed once someone has signed in: it stays out of the login route
    notificationReads: bindNotificationReads(ports),
    // the language picker exists only for a signed-in customer (spec point 4 needs the update call and a session)
    languageChange: bindLanguageChange(ports),
    // issue 12: the favourite lists (menus and marks on every product screen) and announcement mark-read
    favouriteLists: bindFavouriteLists(ports),
    announcementReads: bindAnnouncementReads(ports),
  };
  // the app spawns them all as this resolves: that too in a task of its own
  await nextTask();
  return area;
}
export type CartArea = Awaited<ReturnType<typeof bindCartArea>>;
