import { type Context, Hono } from 'hono';
import type { AppDeps } from '../http/app-env';
import { brandLogo, campaignBanner, productImage, siteLogoSquare, siteLogoWide } from '../media/images';
import { SITE_NAME } from '../site-configuration';

const svg = (c: Context, body: string) =>
  c.body(body, 200, {
    'Content-Type': 'image/svg+xml; charset=utf-8',
    'Cache-Control': 'public, max-age=86400',
  });

const idOf = (file: string) => {
  const match = /^(\d{1,9})\.svg$/.exec(file);
  return match ? Number(match[1]) : undefined;
};

/**
 * Images drawn on request from the catalogue (nothing external, nothing on disk). Public like
 * any image URL: an <img> cannot send a bearer token.
 */
export function mediaRoutes({ db }: AppDeps) {
  const routes = new Hono();
  const missing = (c: Context) => c.text('Not found', 404);
  const siteName = SITE_NAME;

  routes.get('/logo-wide.svg', (c) => svg(c, siteLogoWide(siteName)));
  routes.get('/logo-square.svg', (c) => svg(c, siteLogoSquare(siteName)));

  routes.get('/products/:file', async (c) => {
    const id = idOf(c.req.param('file'));
    if (id === undefined) return missing(c);
    const row = await db
      .selectFrom('products as p')
      .innerJoin('brands as b', 'b.id', 'p.brand_id')
      .innerJoin('categories as c', 'c.id', 'p.category_id')
      .select(['p.name', 'p.deposit_price', 'b.name as brand', 'c.name as category'])
      .where('p.id', '=', id)
      .executeTakeFirst();
    if (!row) return missing(c);
    const isDrink = Number(row.deposit_price) > 0;
    return svg(c, productImage({ name: row.name, brand: row.brand, category: row.category, isDrink }));
  });

  routes.get('/brands/:file', async (c) => {
    const id = idOf(c.req.param('file'));
    if (id === undefined) return missing(c);
    const row = await db.selectFrom('brands').select('name').where('id', '=', id).executeTakeFirst();
    return row ? svg(c, brandLogo(row.name)) : missing(c);
  });

  routes.get('/campaigns/:file', async (c) => {
    const id = idOf(c.req.param('file'));
    if (id === undefined) return missing(c);
    const row = await db
      .selectFrom('campaigns')
      .select(['name', 'description'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? svg(c, campaignBanner(row.name, row.description)) : missing(c);
  });

  routes.all('*', missing);
  return routes;
}
