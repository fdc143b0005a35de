import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';

// Vite puts content-hashed files under /assets: they never change under the same name.
const cacheControlFor = (path: string) =>
  path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/** A path the client router owns: not the API, not media, and not a file name. */
export const isClientRoute = (path: string) =>
  !path.startsWith('/api/') && !path.startsWith('/media/') && !/\.[A-Za-z0-9]+$/.test(path);

/**
 * The built portal from `dist/`, `/config.json`, and index.html for every client route so that a
 * reload on /orders/12 still opens the portal.
 */
export function spaRoutes(distDir: string) {
  const routes = new Hono();
  const indexFile = join(distDir, 'index.html');

  routes.get('/config.json', (c) => c.json({ apiBase: '/api' }, 200, { 'Cache-Control': 'no-cache' }));

  routes.use('*', async (c, next) => {
    await next();
    if (c.res.status === 200 && !c.res.headers.has('Cache-Control')) {
      c.header('Cache-Control', cacheControlFor(c.req.path));
    }
  });
  routes.use('*', serveStatic({ root: distDir }));

  const portalPage = serveStatic({ path: indexFile });
  routes.get('*', async (c, next) => {
    if (!isClientRoute(c.req.path)) return c.text('Not found', 404);
    if (!existsSync(indexFile)) {
      return c.text(
        'The portal is not built yet: run `npm run build` (or `npm start`, which builds first).',
        503,
      );
    }
    return portalPage(c, next);
  });
  return routes;
}
