import type { MiddlewareHandler } from 'hono';
import { cameOverTls } from './request-over-tls';

/**
 * The portal's policy. `connectOrigins`: where its API calls may go besides its own origin (API_BASE on
 * another host); `imageOrigins`: where product images, banners and logos may come from (IMAGE_ORIGIN,
 * or the backend's host). Everything else stays on the portal's own origin.
 */
export function contentSecurityPolicy({
  connectOrigins = [],
  imageOrigins = [],
}: {
  connectOrigins?: readonly string[];
  imageOrigins?: readonly string[];
} = {}): string {
  const withOrigins = (sources: string, origins: readonly string[]) =>
    origins.length > 0 ? `${sources} ${origins.join(' ')}` : sources;
  return [
    "default-src 'self'",
    // WebAssembly (the barcode reader's zxing-wasm) compiles only with 'wasm-unsafe-eval'; eval itself stays off
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    withOrigins("img-src 'self' data: blob:", imageOrigins),
    "font-src 'self'",
    withOrigins("connect-src 'self'", connectOrigins),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The policy of a portal whose API and images are on its own origin (API_BASE=/api, the default). */
export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** A year, subdomains included: the portal's host only ever serves HTTPS once it has. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * Set on every answer, errors and static files included. Set BEFORE the handler runs: Hono merges
 * headers set on the context into the Response it builds, whereas headers added after the Response
 * exists make it rebuild the answer around its body stream, and @hono/node-server then loses its
 * direct write of string and buffer bodies. HSTS only on answers that came over TLS: browsers
 * ignore it over plain HTTP, and a development server on http://localhost must stay reachable.
 */
export function securityHeaders({
  trustProxy,
  policy = CONTENT_SECURITY_POLICY,
}: {
  trustProxy: number;
  policy?: string;
}): MiddlewareHandler {
  return async (c, next) => {
    c.header('Content-Security-Policy', policy);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('X-Frame-Options', 'DENY');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (cameOverTls(c, trustProxy)) c.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    await next();
  };
}
