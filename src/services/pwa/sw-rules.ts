/**
 * Which requests the service worker (src/sw.ts) answers how. Plain functions of the URL, kept apart
 * from the worker so a unit test can read them without a worker around.
 */

/**
 * Paths the server answers itself, never with index.html: the API, media, the developer mailbox,
 * the runtime configuration, the manifest, the worker, health checks (server/app.ts), and every
 * path that names a file (server/routes/spa.ts `isClientRoute`).
 */
export const NAVIGATION_DENYLIST: readonly RegExp[] = [
  /^\/api(\/|$)/,
  /^\/media(\/|$)/,
  /^\/dev(\/|$)/,
  /^\/config\.json$/,
  /^\/manifest\.webmanifest$/,
  /^\/(healthz|readyz)$/,
  /\.[A-Za-z0-9]+$/,
];

/**
 * Never kept: anything about signing in (tokens, sessions), the error and flow-usage reports, the
 * developer routes, a notification stream, and file downloads (PDF, XRechnung), which are large
 * and read once.
 */
const NOT_KEPT =
  /\/(token|tokens|auth|session|sessions|login|logout|error-reports|errors|flow-usage|dev|stream|events)(\/|$)|\/(file|xrechnung)\/?$/;

/**
 * An API answer kept for reading offline: a GET of the portal's trade API (`/netb2b/` on whichever
 * host `apiBase` names) that is none of the above.
 */
export function isKeptApiAnswer(url: URL, method: string): boolean {
  if (method !== 'GET') return false;
  const path = url.pathname;
  return path.includes('/netb2b/') && !NOT_KEPT.test(path);
}

/**
 * The supplier's public configuration (its name and logos) and languages, which the login screen
 * shows: the same for every visitor, kept so the installed portal keeps its name offline.
 */
export const isSiteConfiguration = (url: URL, method: string) =>
  method === 'GET' && /\/baf\/(configuration|languages)\/$/.test(url.pathname);

/** Product images, banners and logos, on this host or the backend's. */
export const isMediaFile = (url: URL, method: string) =>
  method === 'GET' && url.pathname.startsWith('/media/');

/** The runtime configuration the portal reads before its first render (src/services/config.ts). */
export const isRuntimeConfig = (url: URL, origin: string, method: string) =>
  method === 'GET' && url.origin === origin && url.pathname === '/config.json';

/**
 * The copy of `response` the cache keeps: the same answer with the time it arrived in
 * `header` (CACHED_AT_HEADER), so the page can tell a cached answer from a live one.
 */
export function stampedCopy(response: Response, header: string, now: Date): Response {
  const headers = new Headers(response.headers);
  headers.set(header, now.toISOString());
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** The message the page posts to a waiting worker when the buyer chooses to reload. */
export const SKIP_WAITING = 'SKIP_WAITING';
