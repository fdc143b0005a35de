import type { MiddlewareHandler } from 'hono';
import { cameOverTls } from './request-over-tls';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** A year, subdomains included: the portal's host only ever serves HTTPS once it has. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Set on every answer, errors and static files included. Set BEFORE the handler runs: Hono merges
 * headers set on the context into the Response it builds, whereas headers added after the Response
 * exists make it rebuild the answer around its body stream, and @hono/node-server then loses its
 * direct write of string and buffer bodies. HSTS only on answers that came over TLS: browsers
 * ignore it over plain HTTP, and a development server on http://localhost must stay reachable.
 */
export function securityHeaders({ trustProxy }: { trustProxy: number }): MiddlewareHandler {
  return async (c, next) => {
    c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (cameOverTls(c, trustProxy)) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    await next();
  };
}
