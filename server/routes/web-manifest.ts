import { Hono } from 'hono';
import { webManifest } from '../../src/services/api/wire/web-manifest';

/**
 * /manifest.webmanifest with the supplier's name from the site configuration (the name the login
 * screen shows, GET /api/baf/configuration/), so a portal added to a home screen is called after
 * the supplier rather than the build's default (dist/manifest.webmanifest, which a supplier serving
 * the built files from its own web server gets). Not cached for long: a renamed supplier reaches
 * installed portals at their next start.
 */
export function webManifestRoutes({ siteName }: { siteName: string }) {
  const routes = new Hono();
  const body = JSON.stringify(webManifest({ name: siteName }));
  routes.get('/manifest.webmanifest', (c) =>
    c.body(body, 200, {
      'Content-Type': 'application/manifest+json; charset=utf-8',
      'Cache-Control': 'no-cache',
    }),
  );
  return routes;
}
