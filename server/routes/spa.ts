import { join } from 'node:path';
import { Hono } from 'hono';
import { fileInRoot, serveFile } from '../http/compress-static';
import { indexPolicy } from '../security/inline-script-policy';
import { CONTENT_SECURITY_POLICY } from '../security/security-headers';

// Vite puts content-hashed files under /assets: they never change under the same name.
const cacheControlFor = (path: string) =>
  path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';

/** A path the client router owns: not the API, not media, and not a file name. */
export const isClientRoute = (path: string) =>
  !path.startsWith('/api/') && !path.startsWith('/media/') && !/\.[A-Za-z0-9]+$/.test(path);

/**
 * The built portal from `dist/` (each file in the `.br` or `.gz` variant the build wrote, as the
 * request's Accept-Encoding allows), `/config.json`, and index.html for every client route so that
 * a reload on /orders/12 still opens the portal.
 */
export function spaRoutes(
  distDir: string,
  {
    apiBase = '/api',
    policy = CONTENT_SECURITY_POLICY,
  }: {
    /** API_BASE: where the portal sends its calls, this host's /api or the backend's own origin */
    apiBase?: string;
    /** the security policy allowing that API (security-headers.ts) */
    policy?: string;
  } = {},
) {
  const routes = new Hono();
  const indexFile = join(distDir, 'index.html');
  // index.html carries one inline script (the portal's start after the splash); its hash joins script-src
  const policyOfIndex = indexPolicy(indexFile, policy);

  routes.get('/config.json', (c) => c.json({ apiBase }, 200, { 'Cache-Control': 'no-cache' }));

  // The build keeps hidden source maps in dist/ for whoever reads an error report's stack on the
  // server's disk; over HTTP they would publish the whole source.
  routes.get('*', async (c, next) => (/\.map$/i.test(c.req.path) ? c.text('Not found', 404) : next()));

  routes.get('*', async (c, next) => {
    const file = fileInRoot(distDir, c.req.path);
    if (file === indexFile) c.header('Content-Security-Policy', policyOfIndex());
    const answer =
      file && !c.req.path.endsWith('/') ? await serveFile(c, file, cacheControlFor(c.req.path)) : undefined;
    return answer ?? next();
  });

  routes.get('*', async (c) => {
    if (!isClientRoute(c.req.path)) return c.text('Not found', 404);
    c.header('Content-Security-Policy', policyOfIndex());
    const answer = await serveFile(c, indexFile, 'no-cache');
    return (
      answer ??
      c.text('The portal is not built yet: run `npm run build` (or `npm start`, which builds first).', 503)
    );
  });
  return routes;
}
