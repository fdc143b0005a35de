import type { MiddlewareHandler } from 'hono';

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

/**
 * Set on every answer, errors and static files included. Set BEFORE the handler runs: Hono merges
 * headers set on the context into the Response it builds, whereas headers added after the Response
 * exists make it rebuild the answer around its body stream, and @hono/node-server then loses its
 * direct write of string and buffer bodies (issue 15).
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  c.header('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  c.header('X-Frame-Options', 'DENY');
  c.header('Cross-Origin-Opener-Policy', 'same-origin');
  await next();
};
