/** The cart area's other machines, its third step (cart-area.ts). */
export { bindAnnouncementReads } from './announcement-reads.machine';
export { bindFavouriteLists } from './favourite-lists.machine';
export { bindLanguageChange } from './language-change.machine';
export { bindNotificationReads } from './notification-reads.machine';
export { bindOrdersResource } from './orders.machine';
