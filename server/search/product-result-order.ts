import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { newestProductOrder, type ProductListFilter, productListOrder } from '../queries/products';
import { catalogueFigures } from './catalogue-figures';
import { CatalogueMemo } from './catalogue-version';
import { cachedAllSearchProductIds, foldedQuery } from './search-cache';

export const PRODUCT_SORTS = ['relevance', 'name', 'price', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** What a product list page lists (docs/api.md "Product list page"); `query` undefined: no search. */
export interface ProductResultQuery extends ProductListFilter {
  query?: string | undefined;
  sort: ProductSort;
  inStock: boolean;
}

// 4 bytes an id: at most 64 × 200 kB even if every kept list held the whole catalogue.
const resultOrders = new CatalogueMemo<Int32Array>(64);

/**
 * The ids of a searched, filtered and sorted product list in page order, kept in memory like
 * productListOrder so that a page is a slice and page 1,000 costs what page 1 costs. Built from
 * lists that are themselves kept: the filter's name order (productListOrder), every match of the
 * query in rank order (cachedAllSearchProductIds) and the newest-first order, each read once per
 * catalogue version; sorting by price and keeping products in stock use a snapshot of the
 * catalogue's figures (catalogueFigures), so such lists are rebuilt, in memory, once that is
 * renewed. No request scans the products table for its order.
 */
export async function productResultOrder(
  db: Kysely<Database>,
  version: string,
  query: ProductResultQuery,
  now: Date,
): Promise<Int32Array> {
  const filter: ProductListFilter = {
    category: query.category,
    brand: query.brand,
    campaign: query.campaign,
  };
  const searched = query.query !== undefined;
  // The plain list needs no second copy: it is productListOrder itself.
  if (!searched && query.sort === 'name' && !query.inStock) return productListOrder(db, version, filter);
  const figures =
    query.sort === 'price' || query.inStock ? await catalogueFigures(db, version, now) : undefined;
  const key = [
    searched ? `q:${foldedQuery(query.query ?? '')}` : '-',
    `${filter.category ?? ''}/${filter.brand ?? ''}/${filter.campaign ?? ''}`,
    query.sort,
    query.inStock ? 'in-stock' : 'all',
    figures?.stamp ?? '',
  ].join('|');
  return resultOrders.get(db, version, key, async () => {
    const filtered = hasFilter(filter) ? await productListOrder(db, version, filter) : null;
    const matches = searched ? await cachedAllSearchProductIds(db, version, query.query ?? '') : null;
    let ids: Int32Array;
    if (query.sort === 'relevance' && matches) ids = keptIn(matches, filtered);
    else if (query.sort === 'newest')
      ids = keptIn(keptIn(await newestProductOrder(db, version), filtered), matches);
    else ids = keptIn(filtered ?? (await productListOrder(db, version, {})), matches);
    if (query.sort === 'price' && figures)
      ids = byPrice(ids, (id) => figures.chargedPrice.get(id) ?? Number.POSITIVE_INFINITY);
    if (query.inStock && figures) ids = ids.filter((id) => figures.inStock.has(id));
    return ids;
  });
}

const hasFilter = (filter: ProductListFilter) =>
  filter.category !== undefined || filter.brand !== undefined || filter.campaign !== undefined;

/** `list` in its own order, keeping only the ids also in `among` (all of them when `among` is null). */
function keptIn(list: Int32Array, among: Int32Array | null): Int32Array {
  if (among === null) return list;
  const wanted = new Set(among);
  return list.filter((id) => wanted.has(id));
}

/**
 * `ids` by the price `priceOf` answers, lowest first; equal prices keep their order in `ids` (name order).
 * A product newer than the figures snapshot goes last until the next one knows its price.
 */
export function byPrice(ids: Int32Array, priceOf: (id: number) => number): Int32Array {
  const price = Float64Array.from(ids, priceOf);
  const positions = Uint32Array.from(ids.keys());
  positions.sort((a, b) => (price[a] ?? 0) - (price[b] ?? 0) || a - b);
  return Int32Array.from(positions, (position) => ids[position] ?? 0);
}
