import { type Context, Hono } from 'hono';
import { ApiError, badRequest, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { integerParams } from '../http/query-params';
import type { ProductPageWire, ProductWire } from '../http/wire-answers';
import { priceForViewer } from '../queries/contract-prices';
import { productForViewer, productsForViewer } from '../queries/demo-figures';
import {
  assortmentFilterFor,
  assortmentFilterOf,
  assortmentKey,
  companyAssortmentIds,
  keptVisible,
} from '../queries/product-visibility';
import {
  featuredProductRows,
  listProductWires,
  newestProductRows,
  productRowById,
  productRowsInOrder,
  toProductWires,
} from '../queries/products';
import { requestCatalogueVersion } from '../search/catalogue-version';
import { byCustomerPrice } from '../search/customer-price-order';
import {
  PRODUCT_SORTS,
  type ProductResultQuery,
  type ProductSort,
  productResultOrder,
} from '../search/product-result-order';
import { keptSearchAnswer } from '../search/search-answers';
import { cachedAllSearchProductIds, cachedSearchProductIds, searchAnswerKey } from '../search/search-cache';
import { SEARCH_RESULT_LIMIT } from '../search/search-products';

const FEATURED_LIMIT = 20;
const NEWEST_LIMIT = 20;
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

/** Links to the neighbouring pages, keeping the caller's filters. */
function pageLink(c: Context, page: number) {
  const url = new URL(c.req.url);
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

const isSort = (value: string): value is ProductSort => (PRODUCT_SORTS as readonly string[]).includes(value);

/**
 * The list page's parameters, all checked at once so one 400 names every bad one: the filters
 * and page numbers (integerParams), `q` (blank means no search), `sort` (relevance only with a
 * search; by default relevance with one, name without) and `in_stock` (1 or 0).
 */
function listParams(c: Context) {
  const errors: Record<string, string[]> = {};
  let numbers: ReturnType<typeof integerParams<'page' | 'page_size' | 'category' | 'brand' | 'campaign'>> =
    {};
  try {
    numbers = integerParams(c, {
      page: { min: 1 },
      page_size: { min: 1, max: MAX_PAGE_SIZE },
      category: { min: 0 },
      brand: { min: 0 },
      campaign: { min: 0 },
    });
  } catch (error) {
    if (!(error instanceof ApiError) || !error.body.errors) throw error;
    Object.assign(errors, error.body.errors);
  }
  const text = c.req.query('q')?.trim();
  const query = text === undefined || text === '' ? undefined : text;
  const rawSort = c.req.query('sort') || undefined;
  let sort: ProductSort = query === undefined ? 'name' : 'relevance';
  if (rawSort !== undefined) {
    if (!isSort(rawSort)) errors.sort = [`Expected one of ${PRODUCT_SORTS.join(', ')}.`];
    else if (rawSort === 'relevance' && query === undefined) errors.sort = ['Relevance needs a search (q).'];
    else sort = rawSort;
  }
  const rawInStock = c.req.query('in_stock') || undefined;
  if (rawInStock !== undefined && rawInStock !== '0' && rawInStock !== '1')
    errors.in_stock = ['Expected 1 or 0.'];
  if (Object.keys(errors).length) throw badRequest('Invalid query parameters.', errors);
  const result: ProductResultQuery = {
    query,
    sort,
    inStock: rawInStock === '1',
    category: numbers.category,
    brand: numbers.brand,
    campaign: numbers.campaign,
  };
  return { page: numbers.page ?? 1, pageSize: numbers.page_size ?? DEFAULT_PAGE_SIZE, result };
}

export function productRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/products/', async (c) => {
    const { page, pageSize, result } = listParams(c);
    // The client's list is virtual and jumps to any page number, so the number stays the address;
    // the list's order is kept in memory (productResultOrder), so any page costs what page 1 costs.
    const version = await requestCatalogueVersion(c, db);
    const shared = await productResultOrder(db, version, result, now());
    const order = keptVisible(
      result.sort === 'price' ? await byCustomerPrice(db, shared, c.get('user'), version, now()) : shared,
      await assortmentFilterOf(db, c.get('user').companyId),
    );
    const count = order.length;
    const offset = (page - 1) * pageSize;
    const rows = await productRowsInOrder(db, Array.from(order.subarray(offset, offset + pageSize)));
    // Every product carries its best running campaign price, whatever the filter: one price shown.
    const answer: ProductPageWire = {
      count,
      next: page * pageSize < count ? pageLink(c, page + 1) : null,
      previous: page > 1 ? pageLink(c, Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
      results: productsForViewer(c.get('user'), await toProductWires(db, rows, now(), c.get('user'))),
    };
    return c.json(answer);
  });

  routes.get('/products/featured/', async (c) => {
    const rows = await featuredProductRows(db, FEATURED_LIMIT, c.get('user').companyId);
    const answer: ProductWire[] = productsForViewer(
      c.get('user'),
      await toProductWires(db, rows, now(), c.get('user')),
    );
    return c.json(answer);
  });

  routes.get('/products/newest/', async (c) => {
    const rows = await newestProductRows(db, NEWEST_LIMIT, c.get('user').companyId);
    const answer: ProductWire[] = productsForViewer(
      c.get('user'),
      await toProductWires(db, rows, now(), c.get('user')),
    );
    return c.json(answer);
  });

  routes.get('/products/search/', async (c) => {
    const query = c.req.query('query') ?? '';
    const version = await requestCatalogueVersion(c, db);
    const at = now();
    // A company in assortments gets the answer kept for its set of assortments: the best matches
    // among its products, not the few of everyone's best that are its own. Their products are only
    // read when the answer is.
    const assortments = await companyAssortmentIds(db, c.get('user').companyId);
    const products = await keptSearchAnswer(
      db,
      version,
      searchAnswerKey(query, assortmentKey(assortments)),
      at,
      async () => {
        const visible = await assortmentFilterFor(db, assortments);
        const ids =
          visible === null
            ? await cachedSearchProductIds(db, version, query)
            : Array.from(
                keptVisible(await cachedAllSearchProductIds(db, version, query), visible).subarray(
                  0,
                  SEARCH_RESULT_LIMIT,
                ),
              );
        return listProductWires(db, await productRowsInOrder(db, ids), at);
      },
    );
    // Kept at list prices for everyone; priced for this customer after (one query without rules).
    const priced = await priceForViewer(db, products, at, c.get('user'));
    const answer: ProductWire[] = productsForViewer(c.get('user'), priced);
    return c.json(answer);
  });

  routes.get('/products/:id{[0-9]{1,9}}/', async (c) => {
    const row = await productRowById(db, Number(c.req.param('id')), c.get('user').companyId);
    const [answer]: (ProductWire | undefined)[] = row
      ? await toProductWires(db, [row], now(), c.get('user'))
      : [];
    if (!answer) throw notFound('No product has this id.');
    return c.json(productForViewer(c.get('user'), answer));
  });

  return routes;
}
