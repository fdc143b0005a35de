import { Hono } from 'hono';
import { loginRequestWire, refreshRequestWire, revokeRequestWire } from '../../src/services/api/wire/auth';
import { findAccount } from '../accounts/session-claims';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { clientAddress } from '../security/client-address';
import { rehashIfOutdated } from '../security/password-rehash';
import { decoyPasswordHash, isUsablePasswordHash } from '../security/passwords';
import { throttledAnswer } from '../security/throttle/refusal';
import { revokeFamily, rotateFamily, startFamily } from '../security/token-families';
import { InvalidTokenError, type VerifiedToken } from '../security/tokens';

const inactiveUser = () =>
  new ApiError(403, {
    detail: 'This account is inactive. Please contact the administrator.',
    code: 'inactive_user',
  });

const invalidRefresh = () =>
  new ApiError(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });

const throttled = (wait: number) => throttledAnswer('failed sign-ins', wait);

/** POST /api/token/, /token/refresh/ (spec point 7) and /token/revoke/ (sign-out). */
export function authRoutes(deps: AppDeps) {
  const { db, tokens, throttle, now } = deps;
  const routes = new Hono<AppEnv>();

  const readRefresh = async (token: string, check: 'verify' | 'verifySignature'): Promise<VerifiedToken> => {
    try {
      return await tokens[check](token, 'refresh');
    } catch (error) {
      if (error instanceof InvalidTokenError) throw invalidRefresh();
      throw error;
    }
  };

  routes.post('/token/', async (c) => {
    const { username: typed, password } = await readJsonBody(c, loginRequestWire);
    const username = typed.trim().toLowerCase();
    const address = clientAddress(c, deps.trustProxy);

    // Reserved before the password check, in the database: parallel guesses, in this process or
    // another, count while their passwords are being checked.
    const answer = await throttle.signIn(username, address);
    if (answer.blocked) throw throttled(answer.retryAfterSeconds);
    const { attempt } = answer;

    let account: Awaited<ReturnType<typeof findAccount>>;
    let passwordMatches: boolean;
    try {
      account = await findAccount(db, { username });
      // An account without a usable password (an invited user) costs the same time as any other.
      const stored = account && isUsablePasswordHash(account.passwordHash) ? account.passwordHash : undefined;
      passwordMatches =
        (await deps.verifyPassword(password, stored ?? (await decoyPasswordHash()))) && stored !== undefined;
    } catch (error) {
      await attempt.abandoned();
      throw error;
    }
    if (!account || !passwordMatches) {
      await attempt.failed();
      throw new ApiError(401, {
        detail: 'No active account found with the given credentials',
        code: 'invalid_credentials',
      });
    }
    await attempt.succeeded();
    if (!account.isActive) throw inactiveUser();
    await rehashIfOutdated(db, account.id, password, account.passwordHash);
    const ticket = await startFamily(db, account.id, now());
    return c.json(await tokens.issuePair(account.id, account.claims, ticket));
  });

  routes.post('/token/refresh/', async (c) => {
    const { refresh } = await readJsonBody(c, refreshRequestWire);
    const presented = await readRefresh(refresh, 'verify');
    // Claims are read again so a changed language or deactivation takes effect on refresh. A
    // deactivated user hears so (403) even though deactivation has ended their families.
    const account = await findAccount(db, { id: presented.userId });
    if (!account) throw invalidRefresh();
    if (!account.isActive) throw inactiveUser();
    const rotation = await rotateFamily(db, presented, now());
    if (!rotation.ok) throw invalidRefresh();
    return c.json(await tokens.issuePair(account.id, account.claims, rotation.ticket));
  });

  routes.post('/token/revoke/', async (c) => {
    const { refresh } = await readJsonBody(c, revokeRequestWire);
    // An expired refresh token still ends its family: sign-out must work after a long pause.
    const presented = await readRefresh(refresh, 'verifySignature');
    await revokeFamily(db, presented.family, presented.userId, now());
    return c.body(null, 204);
  });

  return routes;
}
