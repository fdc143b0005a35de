import { withOfflineCart } from '../offline/offline-cart';
import { type CartApi, cartApi } from './cart';

export { reportingMissingCalls, signedInCallCapabilities } from './call-capabilities';

import { type CatalogueApi, createCatalogueApi } from './catalogue';
import type { HttpClient } from './client';
import { type DeliveryCalendarApi, deliveryCalendarApi } from './delivery-calendar';
import { type DocumentsApi, documentsApi } from './documents';
import { type FavouritesApi, favouritesApi } from './favourites';
import { type FlowScreensApi, flowScreensApi } from './flow-screens';
import { type FlowSignOffsApi, flowSignOffsApi } from './flow-sign-offs';
import { type FlowUsageApi, flowUsageApi } from './flow-usage';
import { type OrderAmendmentsApi, orderAmendmentsApi } from './order-amendments';
import { type OrdersApi, ordersApi } from './orders';
import { type GtinLookupApi, gtinLookupApi } from './products-by-gtin';
import { type QuickOrderApi, quickOrderApi } from './quick-order';
import { type SettingsApi, settingsApi } from './settings';
import { type StandingOrdersApi, standingOrdersApi } from './standing-orders';
import { type SubstitutesApi, substitutesApi } from './substitutes';

/** Everything a customer can call only once signed in: loaded on its first call (see portalApi.ts). */
export type SignedInAreasApi = CatalogueApi &
  CartApi &
  OrdersApi &
  OrderAmendmentsApi &
  QuickOrderApi &
  SettingsApi &
  FavouritesApi &
  DocumentsApi &
  DeliveryCalendarApi &
  FlowScreensApi &
  FlowSignOffsApi &
  FlowUsageApi &
  SubstitutesApi &
  StandingOrdersApi &
  GtinLookupApi;

export function createSignedInAreas(http: HttpClient): SignedInAreasApi {
  return {
    ...createCatalogueApi(http),
    // a cart change made while the browser is offline is kept on the device (services/offline)
    ...withOfflineCart(cartApi(http)),
    ...ordersApi(http),
    ...orderAmendmentsApi(http),
    ...quickOrderApi(http),
    ...settingsApi(http),
    ...favouritesApi(http),
    ...documentsApi(http),
    ...deliveryCalendarApi(http),
    ...flowScreensApi(http),
    ...flowSignOffsApi(http),
    ...flowUsageApi(http),
    ...substitutesApi(http),
    ...standingOrdersApi(http),
    ...gtinLookupApi(http),
  };
}
