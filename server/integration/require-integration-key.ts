import type { MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';
import type { IntegrationScope } from '../imports/import-kind';
import { clientAddress } from '../security/client-address';
import { throttledAnswer } from '../security/throttle/refusal';
import type { Rule } from '../security/throttle/rules';
import { reserve } from '../security/throttle/store';
import { integrationKeyDigest, keyPrefixOf, scopesOf } from './keys';
import { hasScope } from './scopes';

interface IntegrationKeyDeps {
  db: Kysely<Database>;
  now: () => Date;
  /** X-Forwarded-For hops to trust (TRUST_PROXY) */
  trustProxy: number;
}

/**
 * Wrong keys allowed per client address. A key has about 238 random bits, so this is not what keeps
 * keys safe; it stops a client from making the server look up keys at full speed, and an office
 * whose ERP holds a revoked key is only slowed, not locked out for long.
 */
export const integrationKeyRule: Rule = { limit: 20, windowMs: 15 * 60_000 };

/** last_used_at is a hint for the staff ("this key still calls"): a minute's precision is enough. */
const LAST_USED_PRECISION_MS = 60_000;

const invalidKey = () =>
  new ApiError(
    401,
    { detail: 'The integration key is missing, unknown or revoked.', code: 'integration_key_invalid' },
    { 'WWW-Authenticate': 'Bearer realm="integration"' },
  );

const bucketOf = (address: string) => `integration-key:address:${address}`;

/**
 * Seconds until this address may try a key again, or 0. Only failures are counted, and only
 * after a failed check, so a right key costs one read here rather than the reservation and release
 * a sign-in makes: an ERP calls far more often than a person signs in. Parallel wrong keys may
 * overshoot the limit by the number in flight.
 */
async function blockedFor(db: Kysely<Database>, bucket: string, at: Date): Promise<number> {
  const { limit, windowMs } = integrationKeyRule;
  const recent = await db
    .selectFrom('throttle_events')
    .select('at')
    .where('bucket', '=', bucket)
    .where('kind', '!=', 'pending')
    .where('at', '>', new Date(at.getTime() - windowMs).toISOString())
    .orderBy('at', 'desc')
    .limit(limit)
    .execute();
  const oldestCounted = recent[limit - 1];
  if (!oldestCounted) return 0;
  return Math.max(1, Math.ceil((Date.parse(oldestCounted.at) + windowMs - at.getTime()) / 1000));
}

const bearerOf = (header: string | undefined) =>
  header?.startsWith('Bearer ') ? header.slice('Bearer '.length).trim() : '';

/**
 * `Authorization: Bearer opk_…`: the key is looked up by its digest (an index lookup reveals nothing
 * about how close a guess was). Missing, unknown or revoked → 401 `integration_key_invalid`;
 * an address that sent too many wrong keys → 429 before any lookup.
 */
export function requireIntegrationKey(deps: IntegrationKeyDeps): MiddlewareHandler<AppEnv> {
  const { db, now } = deps;
  return async (c, next) => {
    const presented = bearerOf(c.req.header('Authorization'));
    // Nothing presented is no guess: nothing to count.
    if (presented === '') throw invalidKey();
    const bucket = bucketOf(clientAddress(c, deps.trustProxy));
    const at = now();
    const wait = await blockedFor(db, bucket, at);
    if (wait > 0) throw throttledAnswer('wrong integration keys', wait);

    // Text not shaped like a key is never looked up, but it counts as a wrong key all the same.
    const key =
      keyPrefixOf(presented) === undefined
        ? undefined
        : await db
            .selectFrom('integration_keys')
            .select(['id', 'name', 'scopes', 'last_used_at', 'revoked_at'])
            .where('key_digest', '=', integrationKeyDigest(presented))
            .executeTakeFirst();
    if (!key || key.revoked_at !== null) {
      const counted = await reserve(db, [{ key: bucket, rule: integrationKeyRule }], at, 'hit', null);
      if (counted.kind === 'blocked')
        throw throttledAnswer('wrong integration keys', counted.retryAfterSeconds);
      throw invalidKey();
    }

    const staleBefore = new Date(at.getTime() - LAST_USED_PRECISION_MS).toISOString();
    if (key.last_used_at === null || key.last_used_at < staleBefore) {
      // guarded, so several processes seeing the same stale time write it once between them
      await db
        .updateTable('integration_keys')
        .set({ last_used_at: at.toISOString() })
        .where('id', '=', key.id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
        .execute();
    }
    c.set('integrationKey', { id: key.id, name: key.name, scopes: scopesOf(key) });
    await next();
  };
}

const scopeMissing = (scope: IntegrationScope) =>
  new ApiError(403, {
    detail: `This integration key does not have the scope "${scope}".`,
    code: 'scope_missing',
  });

/** After requireIntegrationKey: 403 `scope_missing` unless the key holds `scope`. */
export function requireScope(scope: IntegrationScope): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!hasScope(c.get('integrationKey').scopes, scope)) throw scopeMissing(scope);
    await next();
  };
}
