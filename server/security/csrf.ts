import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ApiError } from '../http/api-error';
import { textMemo } from '../http/text-memo';
import { cameOverTls } from './request-over-tls';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Signing in happens before the client can have read the cookie. Revoking needs the refresh token
// itself, which another site cannot have, so it is safe without the header (sign-out always works).
const EXEMPT_PATHS = new Set(['/api/token/', '/api/token/refresh/', '/api/token/revoke/']);
const WELL_FORMED = /^[A-Za-z0-9_-]{32,128}$/;
// The supplier's machine-to-machine API authenticates with a key in the Authorization header,
// which a page on another site cannot send: no cookie is involved, so there is nothing to forge.
const SUPPLIER_API_PREFIX = '/api/supplier/';

const sameToken = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** The csrftoken cookie's value per Cookie header text, as hono's getCookie reads it. */
const cookieByHeader = textMemo<string | undefined>(1_000, 512);

function csrfCookieOf(c: Context): string | undefined {
  const header = c.req.header('Cookie');
  if (!header) return undefined;
  return cookieByHeader(header, () => getCookie(c, CSRF_COOKIE));
}

/**
 * Files a cache may keep (the build's hashed assets, media, the build's other files): a Set-Cookie
 * on them would be one client's token in a shared cache and makes some caches refuse to store them.
 * The portal reads the cookie from index.html, /config.json (fetched at start) or any API answer.
 */
const isStaticFilePath = (path: string) =>
  !path.startsWith('/api/') &&
  path !== '/config.json' &&
  path !== '/index.html' &&
  (path.startsWith('/media/') || /\.[A-Za-z0-9]+$/.test(path));

/**
 * Double-submit cookie: every answer but a static file's, to a client without the cookie, sets it
 * (readable by the page's script, SameSite=Lax, Secure when the request came over TLS), and unsafe
 * calls must echo it in X-CSRFToken. A page on another site can send the cookie but cannot read
 * it, so it cannot send the header.
 */
export function csrfProtection({
  trustProxy,
  portalOrigins = [],
}: {
  trustProxy: number;
  /**
   * CORS_ORIGINS: the portal on another origin cannot read this host's cookie, so it cannot echo it.
   * Its calls are told apart by their Origin header, which a page cannot set: a browser names the
   * page's real origin, and another site's page is not on this list (an Origin check, the other
   * defence OWASP names next to the double submit).
   */
  portalOrigins?: readonly string[];
}): MiddlewareHandler {
  const fromPortal = new Set(portalOrigins);
  return async (c, next) => {
    const cookie = csrfCookieOf(c);
    const hasCookie = cookie !== undefined && WELL_FORMED.test(cookie);
    if (!hasCookie && !isStaticFilePath(c.req.path)) {
      setCookie(c, CSRF_COOKIE, randomBytes(32).toString('base64url'), {
        path: '/',
        sameSite: 'Lax',
        secure: cameOverTls(c, trustProxy),
        maxAge: 365 * 24 * 60 * 60,
      });
    }
    if (
      UNSAFE_METHODS.has(c.req.method) &&
      !EXEMPT_PATHS.has(c.req.path) &&
      !c.req.path.startsWith(SUPPLIER_API_PREFIX) &&
      !fromPortal.has(c.req.header('Origin') ?? '')
    ) {
      const header = c.req.header(CSRF_HEADER);
      if (!hasCookie || !header || !sameToken(header, cookie)) {
        throw new ApiError(403, {
          detail: 'CSRF Failed: CSRF token missing or incorrect.',
          code: 'csrf_failed',
        });
      }
    }
    await next();
  };
}
