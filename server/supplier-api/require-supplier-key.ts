import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * The supplier's systems (its ERP, its staff's scripts) call /api/supplier/ with
 * `Authorization: Bearer <SUPPLIER_API_KEY>`. Without a configured key the API does not exist (404),
 * so an installation that never set one offers nothing to guess at. Digests are compared so the time
 * taken tells nothing about the key's length or its first characters.
 */
export function requireSupplierKey(key: string | undefined): MiddlewareHandler {
  const expected = key === undefined ? undefined : digest(key);
  return async (c, next) => {
    if (expected === undefined) throw new ApiError(404, { detail: 'Not found.', code: 'not_found' });
    const header = c.req.header('Authorization') ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';
    if (given === '' || !timingSafeEqual(digest(given), expected))
      throw new ApiError(
        401,
        { detail: 'The supplier API key is missing or wrong.', code: 'supplier_key_invalid' },
        { 'WWW-Authenticate': 'Bearer realm="supplier"' },
      );
    await next();
  };
}
