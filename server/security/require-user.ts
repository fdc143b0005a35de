import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { InvalidTokenError } from './tokens';

const unauthenticated = (detail: string, code: string) =>
  new ApiError(401, { detail, code }, { 'WWW-Authenticate': 'Bearer realm="api"' });

/** Authenticated endpoints: a valid access token of an active user, else 401. */
export function requireUser({ db, tokens }: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1])
      throw unauthenticated('Authentication credentials were not provided.', 'not_authenticated');
    let userId: number;
    try {
      userId = await tokens.verify(match[1], 'access');
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        throw unauthenticated('Given token not valid for any token type', 'token_not_valid');
      }
      throw error;
    }
    const user = await db
      .selectFrom('users')
      .select(['id', 'company_id', 'username', 'language', 'is_demo', 'is_admin', 'is_active'])
      .where('id', '=', userId)
      .executeTakeFirst();
    if (user?.is_active !== 1)
      throw unauthenticated('User is inactive or no longer exists.', 'user_inactive');
    c.set('user', {
      id: user.id,
      companyId: user.company_id,
      username: user.username,
      language: user.language,
      isDemo: user.is_demo === 1,
      isAdmin: user.is_admin === 1,
    });
    await next();
  };
}
