import * as z from 'zod/mini';
import type { FavouriteLineWrite, FavouriteList, FavouriteListSummary } from '../../domain/types';
import type { HttpClient } from './client';
import { idSegment } from './id-segment';
import {
  type FavouriteListCreateWire,
  type FavouriteListUpdateWire,
  favouriteListSummaryWire,
  favouriteListWire,
  fromFavouriteLine,
  type OrderGuideBuildWire,
  toFavouriteList,
  toFavouriteListSummary,
} from './wire';

type CallOptions = { signal?: AbortSignal | undefined };

/** A new list: its name, shared with the company or private, and optionally its first lines. */
export interface FavouriteListCreate {
  name: string;
  shared: boolean;
  items?: FavouriteLineWrite[];
}

/** What a list's owner changes: its name, whether the company sees it, or both. */
export interface FavouriteListUpdate {
  name?: string;
  shared?: boolean;
}

/**
 * The favourite lists (docs/api.md "Favourite lists"): the caller's own lists and the lists
 * the company shares. Another company's list, or another user's private one, answers 404; a change to
 * a shared list by anyone but its owner answers 403 `not_owner`. Limits answer 400 `list_limit` (100
 * lists per user) and `line_limit` (1,000 lines per list); a taken name 400 `name_taken`.
 */
export interface FavouritesApi {
  /** GET /netb2b/favourite-lists/: own lists first, then the company's shared ones, each by name */
  favouriteLists(options?: CallOptions): Promise<FavouriteListSummary[]>;
  /** GET /netb2b/favourite-lists/{id}/: the list with its lines at today's prices and stock */
  favouriteList(id: number, options?: CallOptions): Promise<FavouriteList>;
  /** POST /netb2b/favourite-lists/ (201) */
  createFavouriteList(list: FavouriteListCreate, options?: CallOptions): Promise<FavouriteListSummary>;
  /** PATCH /netb2b/favourite-lists/{id}/ */
  updateFavouriteList(
    id: number,
    update: FavouriteListUpdate,
    options?: CallOptions,
  ): Promise<FavouriteListSummary>;
  /** DELETE /netb2b/favourite-lists/{id}/ (204) */
  deleteFavouriteList(id: number, options?: CallOptions): Promise<void>;
  /**
   * PUT /netb2b/favourite-lists/{id}/items/{product}/: puts the product on the list, or changes its
   * preferred quantity and unit when it is there already; answers the list as it is now.
   */
  putFavouriteItem(
    listId: number,
    line: FavouriteLineWrite,
    options?: CallOptions,
  ): Promise<FavouriteListSummary>;
  /** DELETE /netb2b/favourite-lists/{id}/items/{product}/: answers the list as it is now */
  removeFavouriteItem(
    listId: number,
    productId: number,
    options?: CallOptions,
  ): Promise<FavouriteListSummary>;
  /**
   * POST /netb2b/favourite-lists/order-guide/ (201, capability `orderGuides`): a new order guide of
   * what the company ordered in the last 90 days; 400 `no_recent_orders` when it ordered nothing.
   */
  buildOrderGuide(name: string, options?: CallOptions): Promise<FavouriteListSummary>;
}

const listPath = (id: number) => `netb2b/favourite-lists/${idSegment(id)}/`;
const itemPath = (listId: number, productId: number) => `${listPath(listId)}items/${idSegment(productId)}/`;

export function favouritesApi(http: HttpClient): FavouritesApi {
  return {
    favouriteLists: (options = {}) =>
      http.call(
        { method: 'get', path: 'netb2b/favourite-lists/', signal: options.signal },
        z.array(favouriteListSummaryWire),
        (lists) => lists.map(toFavouriteListSummary),
      ),
    favouriteList: (id, options = {}) =>
      http.call(
        { method: 'get', path: listPath(id), signal: options.signal },
        favouriteListWire,
        toFavouriteList,
      ),
    createFavouriteList: (list, options = {}) => {
      const body: FavouriteListCreateWire = {
        name: list.name,
        shared: list.shared,
        ...(list.items ? { items: list.items.map(fromFavouriteLine) } : {}),
      };
      return http.call(
        { method: 'post', path: 'netb2b/favourite-lists/', json: body, signal: options.signal },
        favouriteListSummaryWire,
        toFavouriteListSummary,
      );
    },
    updateFavouriteList: (id, update, options = {}) => {
      const body: FavouriteListUpdateWire = {
        ...(update.name !== undefined ? { name: update.name } : {}),
        ...(update.shared !== undefined ? { shared: update.shared } : {}),
      };
      return http.call(
        { method: 'patch', path: listPath(id), json: body, signal: options.signal },
        favouriteListSummaryWire,
        toFavouriteListSummary,
      );
    },
    deleteFavouriteList: (id, options = {}) =>
      http.send({ method: 'delete', path: listPath(id), signal: options.signal }),
    putFavouriteItem: (listId, line, options = {}) =>
      http.call(
        {
          method: 'put',
          path: itemPath(listId, line.product),
          json: {
            quantity: line.quantity,
            unit: line.unit,
            // an order guide's fields go only when set or cleared, so a backend without them sees the spec's body
            ...(line.parLevel === undefined ? {} : { par_level: line.parLevel }),
            ...(line.shelfPosition === undefined ? {} : { shelf_position: line.shelfPosition }),
          },
          signal: options.signal,
        },
        favouriteListSummaryWire,
        toFavouriteListSummary,
      ),
    removeFavouriteItem: (listId, productId, options = {}) =>
      http.call(
        { method: 'delete', path: itemPath(listId, productId), signal: options.signal },
        favouriteListSummaryWire,
        toFavouriteListSummary,
      ),
    buildOrderGuide: (name, options = {}) => {
      const body: OrderGuideBuildWire = { name };
      return http.call(
        { method: 'post', path: 'netb2b/favourite-lists/order-guide/', json: body, signal: options.signal },
        favouriteListSummaryWire,
        toFavouriteListSummary,
      );
    },
  };
}
