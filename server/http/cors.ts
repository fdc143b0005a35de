import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** What the portal's calls carry (src/services/api/client.ts and the order's Idempotency-Key). */
export const PORTAL_REQUEST_HEADERS = [
  'Authorization',
  'Content-Type',
  'Accept-Language',
  'X-CSRFToken',
  'Idempotency-Key',
];

/** What the portal reads from an answer besides the CORS-safelisted headers: when to try again. */
export const PORTAL_EXPOSED_HEADERS = ['Retry-After'];

/**
 * CORS_ORIGINS: the portal served from another origin (a static host, docs/deploying.md) may call
 * this API. Only the listed origins get an Access-Control-Allow-Origin; no credentials are allowed,
 * because the portal sends none cross-origin (its fetches keep the default `same-origin`, and it
 * authenticates with the bearer token in Authorization). The preflight is kept ten minutes, so a
 * search as you type costs one OPTIONS, not one per key.
 */
export function portalCors(origins: readonly string[]): MiddlewareHandler {
  const allowed = new Set(origins);
  return cors({
    origin: (origin) => (allowed.has(origin) ? origin : null),
    allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowHeaders: PORTAL_REQUEST_HEADERS,
    exposeHeaders: PORTAL_EXPOSED_HEADERS,
    maxAge: 600,
  });
}
