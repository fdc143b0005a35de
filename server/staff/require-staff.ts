import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { InvalidTokenError } from '../security/tokens';

const staffTokenInvalid = () =>
  new ApiError(
    401,
    { detail: 'Sign in to the staff console again.', code: 'staff_token_invalid' },
    { 'WWW-Authenticate': 'Bearer realm="staff"' },
  );

/**
 * The staff console's calls: a valid staff token (a customer's access token is refused by its
 * type) of a staff user who still exists and is active, read on every request so that
 * deactivating one ends their console at once.
 */
export function requireStaff({ db, tokens }: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('Authorization') ?? '');
    if (!match?.[1]) throw staffTokenInvalid();
    let staffId: number;
    try {
      staffId = await tokens.verifyStaff(match[1]);
    } catch (error) {
      if (error instanceof InvalidTokenError) throw staffTokenInvalid();
      throw error;
    }
    const staff = await db
      .selectFrom('staff_users')
      .select(['id', 'username', 'name', 'is_active'])
      .where('id', '=', staffId)
      .executeTakeFirst();
    if (staff?.is_active !== 1) throw staffTokenInvalid();
    c.set('staff', { id: staff.id, username: staff.username, name: staff.name });
    await next();
  };
}

/** What a staff user's work is recorded as (`created_by` of jobs and keys). */
export const staffActor = (username: string) => `staff:${username}`;
