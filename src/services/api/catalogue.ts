import * as z from 'zod/mini';
import type {
  Announcement,
  AppNotification,
  Brand,
  Campaign,
  CampaignPrice,
  CampaignProduct,
  Category,
  CustomerCurrency,
  Product,
  Unit,
} from '../../domain/types';
import type { HttpClient } from './client';
import { idSegment } from './id-segment';
import {
  announcementWire,
  brandWire,
  campaignWithPricesWire,
  categoryWire,
  customerCurrencyWire,
  markedReadWire,
  notificationWire,
  type Page,
  productPageWire,
  productWire,
  toAnnouncement,
  toBrand,
  toCampaignWithPrices,
  toCategory,
  toCustomerCurrency,
  toNotification,
  toProduct,
  toProductPage,
  toUnit,
  unitWire,
} from './wire';

type CallOptions = { signal?: AbortSignal | undefined };

export type CampaignWithPrices = Campaign & { campaignPrices: CampaignPrice[] };

/** Orders of the product list; `relevance` only with a search (docs/api.md "Product list page"). */
export const PRODUCT_SORTS = ['relevance', 'name', 'price', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** Filters of the product list (docs/api.md "Product list page"); null means "any". */
export interface ProductPageQuery {
  category?: number | null;
  brand?: number | null;
  campaign?: number | null;
  /** a search (the results page); null or blank: none */
  q?: string | null;
  /** null: the server's default (relevance with a search, name without) */
  sort?: ProductSort | null;
  inStock?: boolean;
  /** 1-based */
  page: number;
  /** 1–200 */
  pageSize: number;
}

/** With a campaign filter every row carries the campaign's price. */
export type ProductPage = Page<Product | CampaignProduct>;

/** The catalogue calls; spread into PortalApi. */
export interface CatalogueApi {
  searchProducts(query: string, options?: CallOptions): Promise<Product[]>;
  campaigns(options?: CallOptions): Promise<CampaignWithPrices[]>;
  campaign(campaignId: number, options?: CallOptions): Promise<CampaignWithPrices>;
  featuredProducts(options?: CallOptions): Promise<Product[]>;
  newestProducts(options?: CallOptions): Promise<Product[]>;
  categories(options?: CallOptions): Promise<Category[]>;
  brands(options?: CallOptions): Promise<Brand[]>;
  productUnits(options?: CallOptions): Promise<Unit[]>;
  customerCurrency(options?: CallOptions): Promise<CustomerCurrency>;
  announcements(options?: CallOptions): Promise<Announcement[]>;
  productPage(query: ProductPageQuery, options?: CallOptions): Promise<ProductPage>;
  product(productId: number, options?: CallOptions): Promise<Product>;
  notifications(options?: CallOptions): Promise<AppNotification[]>;
  notification(notificationId: number, options?: CallOptions): Promise<AppNotification>;
  markNotificationRead(notificationId: number, options?: CallOptions): Promise<AppNotification>;
  /** POST /baf/announcements/{id}/read/: the announcement as read (reading twice keeps the first time) */
  markAnnouncementRead(announcementId: number, options?: CallOptions): Promise<Announcement>;
  markAllNotificationsRead(options?: CallOptions): Promise<{ updated: number }>;
}

const listOf =
  <W, T>(map: (wire: W) => T) =>
  (list: W[]) =>
    list.map(map);

/** Query strings are built here, never by callers, so a filter is always a validated id. */
function productPagePath(query: ProductPageQuery): string {
  const params = new URLSearchParams();
  for (const filter of ['category', 'brand', 'campaign'] as const) {
    const value = query[filter];
    if (value !== null && value !== undefined) params.set(filter, idSegment(value));
  }
  const q = query.q?.trim();
  if (q) params.set('q', q);
  // relevance without a search is refused by the server; the list is then in name order anyway
  if (query.sort && (q || query.sort !== 'relevance')) params.set('sort', query.sort);
  if (query.inStock) params.set('in_stock', '1');
  params.set('page', String(query.page));
  params.set('page_size', String(query.pageSize));
  return `netb2b/products/?${params}`;
}

export function createCatalogueApi(http: HttpClient): CatalogueApi {
  const get = <S extends z.core.$ZodType, T>(
    path: string,
    schema: S,
    map: (wire: z.output<S>) => T,
    options: CallOptions = {},
  ) => http.call({ method: 'get', path, signal: options.signal }, schema, map);

  return {
    searchProducts: (query, options) =>
      get(
        `netb2b/products/search/?${new URLSearchParams({ query })}`,
        z.array(productWire),
        listOf(toProduct),
        options,
      ),
    campaigns: (options) =>
      get('netb2b/campaigns/', z.array(campaignWithPricesWire), listOf(toCampaignWithPrices), options),
    campaign: async (campaignId, options) =>
      get(
        `netb2b/campaigns/${idSegment(campaignId)}/`,
        campaignWithPricesWire,
        toCampaignWithPrices,
        options,
      ),
    featuredProducts: (options) =>
      get('netb2b/products/featured/', z.array(productWire), listOf(toProduct), options),
    newestProducts: (options) =>
      get('netb2b/products/newest/', z.array(productWire), listOf(toProduct), options),
    categories: (options) => get('netb2b/categories/', z.array(categoryWire), listOf(toCategory), options),
    brands: (options) => get('netb2b/brands/', z.array(brandWire), listOf(toBrand), options),
    productUnits: (options) => get('netb2b/product-units/', z.array(unitWire), listOf(toUnit), options),
    customerCurrency: (options) =>
      get('netb2b/deprecated_get-customer-currency/', customerCurrencyWire, toCustomerCurrency, options),
    announcements: (options) =>
      get('baf/announcements/', z.array(announcementWire), listOf(toAnnouncement), options),
    // Every product carries its running campaign price, if any, whatever the filter.
    productPage: async (query, options) =>
      get(productPagePath(query), productPageWire, toProductPage, options),
    product: async (productId, options) =>
      get(`netb2b/products/${idSegment(productId)}/`, productWire, toProduct, options),
    notifications: (options) =>
      get('netb2b/notifications/', z.array(notificationWire), listOf(toNotification), options),
    notification: async (notificationId, options) =>
      get(`netb2b/notifications/${idSegment(notificationId)}/`, notificationWire, toNotification, options),
    markAnnouncementRead: async (announcementId, options = {}) =>
      http.call(
        {
          method: 'post',
          path: `baf/announcements/${idSegment(announcementId)}/read/`,
          signal: options.signal,
        },
        announcementWire,
        toAnnouncement,
      ),
    markNotificationRead: async (notificationId, options = {}) =>
      http.call(
        {
          method: 'post',
          path: `netb2b/notifications/${idSegment(notificationId)}/read/`,
          signal: options.signal,
        },
        notificationWire,
        toNotification,
      ),
    markAllNotificationsRead: (options = {}) =>
      http.call(
        { method: 'post', path: 'netb2b/notifications/read-all/', signal: options.signal },
        markedReadWire,
        (wire) => ({ updated: wire.updated }),
      ),
  };
}
