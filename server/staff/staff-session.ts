import { Hono } from 'hono';
import { staffSignInRequestWire } from '../../src/services/api/wire/staff';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { clientAddress } from '../security/client-address';
import { decoyPasswordHash, isUsablePasswordHash } from '../security/passwords';
import { throttledAnswer } from '../security/throttle/refusal';

/**
 * The throttle's username bucket for a staff sign-in: its own, so wrong guesses at a staff name
 * never lock out a customer who happens to have the same username (and the other way round). The
 * address bucket is the customers' one: one address guessing at either counts against both.
 */
const staffThrottleName = (username: string) => `staff:${username}`;

const invalidCredentials = () =>
  new ApiError(401, {
    detail: 'No active staff account found with the given credentials.',
    code: 'staff_credentials_invalid',
  });

/** POST /api/staff/session/: a staff console sign-in, an 8-hour token without refresh. */
export function staffSessionRoutes(deps: AppDeps) {
  const { db, tokens, throttle } = deps;
  const routes = new Hono<AppEnv>();

  routes.post('/session/', async (c) => {
    const { username: typed, password } = await readJsonBody(c, staffSignInRequestWire);
    const username = typed.trim().toLowerCase();
    const address = clientAddress(c, deps.trustProxy);

    // Reserved before the password check, like the customers' sign-in: parallel guesses count too.
    const answer = await throttle.signIn(staffThrottleName(username), address);
    if (answer.blocked) throw throttledAnswer('failed sign-ins', answer.retryAfterSeconds);
    const { attempt } = answer;

    let staff: { id: number; username: string; name: string; is_active: number } | undefined;
    let passwordMatches: boolean;
    try {
      const row = await db
        .selectFrom('staff_users')
        .select(['id', 'username', 'name', 'is_active', 'password_hash'])
        .where('username', '=', username)
        .executeTakeFirst();
      // An unknown name costs the same time as a known one, so names cannot be told apart.
      const stored = row && isUsablePasswordHash(row.password_hash) ? row.password_hash : undefined;
      passwordMatches =
        (await deps.verifyPassword(password, stored ?? (await decoyPasswordHash()))) && stored !== undefined;
      staff = row;
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    // A deactivated staff user hears the same as a wrong password: staff accounts are few and named.
    if (!staff || !passwordMatches || staff.is_active !== 1) {
      await attempt.failed();
      throw invalidCredentials();
    }
    await attempt.succeeded();
    const { token, expiresAt } = await tokens.issueStaff(staff.id);
    return c.json({
      access: token,
      expires_at: expiresAt.toISOString(),
      name: staff.name,
      username: staff.username,
    });
  });

  return routes;
}
