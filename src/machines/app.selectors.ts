import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PortalApi } from '../services/api';
import type { appMachine } from './app.machine';
import type { CartActorRef } from './cart.machine';
import type { ordersResource } from './orders.machine';

export type AppSnapshot = SnapshotFrom<typeof appMachine>;
type AppChildren = AppSnapshot['children'];
export type OrdersRef = ActorRefFrom<typeof ordersResource>;

/** The app's API client, for the machines a view creates (add to cart, order detail, reorder). */
export const selectApi = (s: AppSnapshot): PortalApi => s.context.api;

export const selectSessionRef = (s: AppSnapshot) => s.children.session;
export const selectPreferencesRef = (s: AppSnapshot) => s.children.preferences;
export const selectConfigurationRef = (s: AppSnapshot) => s.children.configuration;
export const selectNotificationsRef = (s: AppSnapshot) => s.children.notifications;
export const selectUnitsRef = (s: AppSnapshot) => s.children.units;

/** One of the lazy resources the app invokes, by its id (= systemId). */
export const selectAppChild = <K extends keyof AppChildren>(s: AppSnapshot, id: K): AppChildren[K] =>
  s.children[id];

// The cart area is spawned once loaded (docs/architecture.md), so these children may be missing.
type SpawnedChildren = { cart?: CartActorRef; orders?: OrdersRef };

/** The signed-in customer's cart; undefined until the cart area has loaded. */
export const selectCartRef = (s: AppSnapshot): CartActorRef | undefined =>
  (s.children as SpawnedChildren).cart;
/** The company's orders resource; undefined until the cart area has loaded. */
export const selectOrdersRef = (s: AppSnapshot): OrdersRef | undefined =>
  (s.children as SpawnedChildren).orders;
