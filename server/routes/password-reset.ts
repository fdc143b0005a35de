import { Hono } from 'hono';
import {
  passwordResetConfirmWire,
  passwordResetRequestWire,
  passwordResetVerifyWire,
} from '../../src/services/api/wire/auth';
import {
  confirmPasswordReset,
  normaliseEmail,
  type PasswordResetDeps,
  RESET_CODE_MINUTES,
  requestPasswordReset,
  verifyResetCode,
} from '../accounts/password-reset';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { clientAddress } from '../security/client-address';
import type { RateLimitRule } from '../security/rate-limit';

export interface ResetRequestLimits {
  perEmail: RateLimitRule;
  perAddress: RateLimitRule;
}

/** At most 3 requests per e-mail and 10 per client address in 15 minutes. */
export const resetRequestLimits: ResetRequestLimits = {
  perEmail: { limit: 3, windowMs: RESET_CODE_MINUTES * 60_000 },
  perAddress: { limit: 10, windowMs: RESET_CODE_MINUTES * 60_000 },
};

/**
 * The forgotten-password flow (spec points 4 and 9): request a code by e-mail, check it, set a new
 * password with it. Nothing here tells whether an address belongs to an account.
 */
export function passwordResetRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  const reset: PasswordResetDeps = {
    db: deps.db,
    now: deps.now,
    secret: deps.codeSecret,
    sendMail: deps.sendMail,
  };

  routes.post('/password-reset/', async (c) => {
    const { email } = await readJsonBody(c, passwordResetRequestWire);
    const wait = deps.resetRequests.take([
      [`email:${normaliseEmail(email)}`, resetRequestLimits.perEmail],
      [`addr:${clientAddress(c, deps.trustProxy)}`, resetRequestLimits.perAddress],
    ]);
    if (wait > 0)
      throw new ApiError(
        429,
        { detail: `Too many requests. Try again in ${wait} seconds.`, code: 'throttled' },
        { 'Retry-After': String(wait) },
      );
    await requestPasswordReset(reset, email);
    return c.json({ detail: 'If an account uses this address, a code is on its way.' }, 202);
  });

  routes.post('/password-reset/verify/', async (c) => {
    const { email, code } = await readJsonBody(c, passwordResetVerifyWire);
    await verifyResetCode(reset, email, code);
    return c.json({ detail: 'The code is correct.' });
  });

  routes.post('/password-reset/confirm/', async (c) => {
    const { email, code, password } = await readJsonBody(c, passwordResetConfirmWire);
    await confirmPasswordReset(reset, email, code, password);
    return c.json({ detail: 'Your password has been changed. You can sign in with it now.' });
  });

  return routes;
}
