import { Hono } from 'hono';
import { loginRequestWire, refreshRequestWire } from '../../src/services/api/wire/auth';
import { findAccount } from '../accounts/session-claims';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { clientAddress } from '../security/client-address';
import { decoyPasswordHash, isUsablePasswordHash, verifyPassword } from '../security/passwords';
import { InvalidTokenError } from '../security/tokens';

const inactiveUser = () =>
  new ApiError(403, {
    detail: 'This account is inactive. Please contact the administrator.',
    code: 'inactive_user',
  });

const invalidRefresh = () =>
  new ApiError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });

/** POST /api/token/ and /api/token/refresh/ (spec point 7). */
export function authRoutes(deps: AppDeps) {
  const { db, tokens, throttle } = deps;
  const routes = new Hono<AppEnv>();

  routes.post('/token/', async (c) => {
    const { username: typed, password } = await readJsonBody(c, loginRequestWire);
    const username = typed.trim().toLowerCase();
    const address = clientAddress(c);

    const wait = throttle.retryAfterSeconds(username, address);
    if (wait > 0) {
      throw new ApiError(
        429,
        { detail: `Too many failed sign-ins. Try again in ${wait} seconds.`, code: 'throttled' },
        { 'Retry-After': String(wait) },
      );
    }

    const account = await findAccount(db, { username });
    // An account without a usable password (an invited user) costs the same time as any other.
    const stored = account && isUsablePasswordHash(account.passwordHash) ? account.passwordHash : undefined;
    const passwordMatches =
      (await verifyPassword(password, stored ?? (await decoyPasswordHash()))) && stored !== undefined;
    if (!account || !passwordMatches) {
      throttle.recordFailure(username, address);
      throw new ApiError(401, {
        detail: 'No active account found with the given credentials',
        code: 'invalid_credentials',
      });
    }
    throttle.recordSuccess(username);
    if (!account.isActive) throw inactiveUser();
    return c.json(await tokens.issuePair(account.id, account.claims));
  });

  routes.post('/token/refresh/', async (c) => {
    const { refresh } = await readJsonBody(c, refreshRequestWire);
    let userId: number;
    try {
      userId = await tokens.verify(refresh, 'refresh');
    } catch (error) {
      if (error instanceof InvalidTokenError) throw invalidRefresh();
      throw error;
    }
    // Claims are read again so a changed language or deactivation takes effect on refresh.
    const account = await findAccount(db, { id: userId });
    if (!account) throw invalidRefresh();
    if (!account.isActive) throw inactiveUser();
    return c.json(await tokens.issuePair(account.id, account.claims));
  });

  return routes;
}
