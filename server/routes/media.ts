import { type Context, Hono } from 'hono';
import type { AppDeps } from '../http/app-env';
import { brandLogo, campaignBanner, productImage, siteLogoSquare, siteLogoWide } from '../media/images';
import { brandName, campaignTexts, productImageFacts } from '../queries/media';
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
    const facts = await productImageFacts(db, id);
    return facts ? svg(c, productImage(facts)) : missing(c);
  });

  routes.get('/brands/:file', async (c) => {
    const id = idOf(c.req.param('file'));
    if (id === undefined) return missing(c);
    const name = await brandName(db, id);
    return name === undefined ? missing(c) : svg(c, brandLogo(name));
  });

  routes.get('/campaigns/:file', async (c) => {
    const id = idOf(c.req.param('file'));
    if (id === undefined) return missing(c);
    const row = await campaignTexts(db, id);
    return row ? svg(c, campaignBanner(row.name, row.description)) : missing(c);
  });

  routes.all('*', missing);
  return routes;
}
