import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { CartActorRef } from '../cart';
import type { announcementReadsMachine } from '../catalogue';
import type { connectivityMachine } from '../connectivity';
import type { FavouriteListsRef } from '../favourites';
import type { notificationReadsMachine, notificationsMachine } from '../notifications';
import type { ordersResource } from '../orders';
import type { languageChangeMachine } from '../settings';
import type { appMachine } from './app.machine';

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
type AppChildren = AppSnapshot['children'];
export type OrdersRef = ActorRefFrom<typeof ordersResource>;

export const selectSessionRef = (s: AppSnapshot) => s.children.session;
export const selectPreferencesRef = (s: AppSnapshot) => s.children.preferences;
/** What the backend offers beyond the specification's calls. */
export const selectCapabilitiesRef = (s: AppSnapshot) => s.children.capabilities;
export const selectConfigurationRef = (s: AppSnapshot) => s.children.configuration;
export const selectUnitsRef = (s: AppSnapshot) => s.children.units;

/** One of the lazy resources the app invokes, by its id (= systemId). */
export const selectAppChild = <K extends keyof AppChildren>(s: AppSnapshot, id: K): AppChildren[K] =>
  s.children[id];

// The cart area is spawned once loaded (docs/architecture.md), so these children may be missing.
type NotificationReadsRef = ActorRefFrom<typeof notificationReadsMachine>;
type NotificationsRef = ActorRefFrom<typeof notificationsMachine>;
export type LanguageChangeRef = ActorRefFrom<typeof languageChangeMachine>;
type SpawnedChildren = {
  cart?: CartActorRef;
  orders?: OrdersRef;
  notifications?: NotificationsRef;
  notificationReads?: NotificationReadsRef;
  languageChange?: LanguageChangeRef;
  favouriteLists?: FavouriteListsRef;
  announcementReads?: AnnouncementReadsRef;
  connectivity?: ConnectivityRef;
};
export type ConnectivityRef = ActorRefFrom<typeof connectivityMachine>;
type AnnouncementReadsRef = ActorRefFrom<typeof announcementReadsMachine>;

/** The connection and what waits to be sent; undefined until the cart area has loaded, or without IndexedDB. */
export const selectConnectivityRef = (s: AppSnapshot): ConnectivityRef | undefined =>
  (s.children as SpawnedChildren).connectivity;
/** The signed-in customer's cart; undefined until the cart area has loaded. */
export const selectCartRef = (s: AppSnapshot): CartActorRef | undefined =>
  (s.children as SpawnedChildren).cart;
/** The notifications list; undefined until the cart area has loaded, which needs a signed-in user (spec points 4 and 6). */
export const selectNotificationsRef = (s: AppSnapshot): NotificationsRef | undefined =>
  (s.children as SpawnedChildren).notifications;
/** Where a notification's `reads.markRead` goes; undefined until the cart area has loaded. */
export const selectNotificationReadsRef = (s: AppSnapshot): NotificationReadsRef | undefined =>
  (s.children as SpawnedChildren).notificationReads;
/** The company's orders resource; undefined until the cart area has loaded. */
export const selectOrdersRef = (s: AppSnapshot): OrdersRef | undefined =>
  (s.children as SpawnedChildren).orders;
/** Where a language choice goes (spec point 4); undefined until the cart area has loaded. */
export const selectLanguageChangeRef = (s: AppSnapshot): LanguageChangeRef | undefined =>
  (s.children as SpawnedChildren).languageChange;
/** The signed-in user's favourite lists; undefined until the cart area has loaded. */
export const selectFavouriteListsRef = (s: AppSnapshot): FavouriteListsRef | undefined =>
  (s.children as SpawnedChildren).favouriteLists;
/** Where an announcement's `reads.markRead` goes; undefined until the cart area has loaded. */
export const selectAnnouncementReadsRef = (s: AppSnapshot): AnnouncementReadsRef | undefined =>
  (s.children as SpawnedChildren).announcementReads;
