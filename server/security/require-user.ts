import type { MiddlewareHandler } from 'hono';
import { fixedQuery } from '../db/fixed-query';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { InvalidTokenError, type VerifiedToken } from './tokens';

/**
 * The user and the token family of a request's sign-in, in one query, compiled once (it runs on
 * every authenticated request). Read on every request, never kept: a sign-out, a password change
 * or a deactivation by any process refuses the next request.
 *
 * The same statement reads the catalogue version (one primary-key row), so a search or a product
 * list, which need it, cost one database round trip instead of two (on PostgreSQL each is a trip
 * to another process on the same cores). Read at the start of every request like the
 * rest, so a catalogue change by any writer shows on the next request, as before.
 */
const userAndFamily = fixedQuery(2, (db, userId: number, family: string) =>
  db
    .selectFrom('users')
    .leftJoin('refresh_token_families as family', (join) =>
      join.onRef('family.user_id', '=', 'users.id').on('family.id', '=', family),
    )
    .select([
      'users.id',
      'users.company_id',
      'users.username',
      'users.language',
      'users.is_demo',
      'users.is_admin',
      'users.is_active',
      'family.id as family_id',
      'family.revoked_at',
      (eb) =>
        eb.selectFrom('catalogue_version').select('version').where('id', '=', 1).as('catalogue_version'),
    ])
    .where('users.id', '=', userId),
);

const unauthenticated = (detail: string, code: string) =>
  new ApiError(401, { detail, code }, { 'WWW-Authenticate': 'Bearer realm="api"' });

const invalidToken = () => unauthenticated('Given token not valid for any token type', 'token_not_valid');

/**
 * Authenticated endpoints: a valid access token of an active user whose sign-in (token family) has
 * not ended, else 401. The user and their family are read in one query.
 */
export function requireUser({ db, tokens }: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1])
      throw unauthenticated('Authentication credentials were not provided.', 'not_authenticated');
    let token: VerifiedToken;
    try {
      token = await tokens.verify(match[1], 'access');
    } catch (error) {
      if (error instanceof InvalidTokenError) throw invalidToken();
      throw error;
    }
    const [user] = await userAndFamily(db, token.userId, token.family);
    if (user?.is_active !== 1)
      throw unauthenticated('User is inactive or no longer exists.', 'user_inactive');
    // signed out, or ended by a password change or reset, or by reuse of an old refresh token
    if (user.family_id === null || user.revoked_at !== null) throw invalidToken();
    c.set('user', {
      id: user.id,
      companyId: user.company_id,
      username: user.username,
      language: user.language,
      isDemo: user.is_demo === 1,
      isAdmin: user.is_admin === 1,
      sessionFamily: token.family,
    });
    // Migration 110 inserts the row; without it requestCatalogueVersion reads it again (and fails).
    if (user.catalogue_version !== null) c.set('catalogueVersion', String(user.catalogue_version));
    await next();
  };
}
