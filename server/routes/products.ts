import { type Context, Hono } from 'hono';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, ProductsTable } from '../db/schema';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { integerParams } from '../http/query-params';
import type { ProductPageWire, ProductWire } from '../http/wire-answers';
import { countOf } from '../queries/decimals';
import { productForViewer, productsForViewer } from '../queries/demo-figures';
import { selectProducts, toProductWires } from '../queries/products';
import { searchProductIds } from '../search/search-products';

const FEATURED_LIMIT = 20;
const NEWEST_LIMIT = 20;
const DEFAULT_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 200;

type ProductFilter = { category?: number; brand?: number; campaign?: number };

const productFilter =
  (db: Kysely<Database>, { category, brand, campaign }: ProductFilter) =>
  (eb: ExpressionBuilder<Database & { p: ProductsTable }, 'p'>) =>
    eb.and([
      ...(category === undefined ? [] : [eb('p.category_id', '=', category)]),
      ...(brand === undefined ? [] : [eb('p.brand_id', '=', brand)]),
      ...(campaign === undefined
        ? []
        : [
            eb(
              'p.id',
              'in',
              db.selectFrom('campaign_prices').select('product_id').where('campaign_id', '=', campaign),
            ),
          ]),
    ]);

/** Links to the neighbouring pages, keeping the caller's filters. */
function pageLink(c: Context, page: number) {
  const url = new URL(c.req.url);
  url.searchParams.set('page', String(page));
  return `${url.pathname}${url.search}`;
}

export function productRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/products/', async (c) => {
    const params = integerParams(c, {
      page: { min: 1 },
      page_size: { min: 1, max: MAX_PAGE_SIZE },
      category: { min: 0 },
      brand: { min: 0 },
      campaign: { min: 0 },
    });
    const page = params.page ?? 1;
    const pageSize = params.page_size ?? DEFAULT_PAGE_SIZE;
    const where = productFilter(db, params);

    const { n } = await db
      .selectFrom('products as p')
      .select((eb) => eb.fn.countAll().as('n'))
      .where(where)
      .executeTakeFirstOrThrow();
    const count = countOf(n as number | string);
    const rows = await selectProducts(db)
      .where(where)
      .orderBy('p.name_key')
      .orderBy('p.id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    // Every product carries its best running campaign price, whatever the filter (issue 8).
    const answer: ProductPageWire = {
      count,
      next: page * pageSize < count ? pageLink(c, page + 1) : null,
      previous: page > 1 ? pageLink(c, Math.min(page - 1, Math.max(1, Math.ceil(count / pageSize)))) : null,
      results: productsForViewer(c.get('user'), await toProductWires(db, rows, now())),
    };
    return c.json(answer);
  });

  routes.get('/products/featured/', async (c) => {
    const rows = await selectProducts(db)
      .where('p.is_featured', '=', 1)
      .orderBy('p.id')
      .limit(FEATURED_LIMIT)
      .execute();
    const answer: ProductWire[] = productsForViewer(c.get('user'), await toProductWires(db, rows, now()));
    return c.json(answer);
  });

  routes.get('/products/newest/', async (c) => {
    const rows = await selectProducts(db)
      .orderBy('p.created_at', 'desc')
      .orderBy('p.id', 'desc')
      .limit(NEWEST_LIMIT)
      .execute();
    const answer: ProductWire[] = productsForViewer(c.get('user'), await toProductWires(db, rows, now()));
    return c.json(answer);
  });

  routes.get('/products/search/', async (c) => {
    const ids = await searchProductIds(db, c.req.query('query') ?? '');
    const rows = ids.length === 0 ? [] : await selectProducts(db).where('p.id', 'in', ids).execute();
    const rank = new Map(ids.map((id, index) => [id, index]));
    rows.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
    const answer: ProductWire[] = productsForViewer(c.get('user'), await toProductWires(db, rows, now()));
    return c.json(answer);
  });

  routes.get('/products/:id{[0-9]{1,9}}/', async (c) => {
    const row = await selectProducts(db)
      .where('p.id', '=', Number(c.req.param('id')))
      .executeTakeFirst();
    const [answer]: (ProductWire | undefined)[] = row ? await toProductWires(db, [row], now()) : [];
    if (!answer) throw notFound('No product has this id.');
    return c.json(productForViewer(c.get('user'), answer));
  });

  return routes;
}
