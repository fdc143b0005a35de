import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { ApiError } from '../http/api-error';
import { textMemo } from '../http/text-memo';

export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'X-CSRFToken';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Signing in happens before the client can have read the cookie. Revoking needs the refresh token
// itself, which another site cannot have, so it is safe without the header (sign-out always works).
const EXEMPT_PATHS = new Set(['/api/token/', '/api/token/refresh/', '/api/token/revoke/']);
const WELL_FORMED = /^[A-Za-z0-9_-]{32,128}$/;

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
 * Double-submit cookie: every answer to a client without the cookie sets it (readable by the
 * page's script, SameSite=Lax), and unsafe calls must echo it in X-CSRFToken. A page on another
 * site can send the cookie but cannot read it, so it cannot send the header.
 */
export const csrfProtection: MiddlewareHandler = async (c, next) => {
  const cookie = csrfCookieOf(c);
  const hasCookie = cookie !== undefined && WELL_FORMED.test(cookie);
  if (!hasCookie) {
    setCookie(c, CSRF_COOKIE, randomBytes(32).toString('base64url'), {
      path: '/',
      sameSite: 'Lax',
      secure: new URL(c.req.url).protocol === 'https:',
      maxAge: 365 * 24 * 60 * 60,
    });
  }
  if (UNSAFE_METHODS.has(c.req.method) && !EXEMPT_PATHS.has(c.req.path)) {
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
