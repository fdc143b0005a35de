import { Hono } from 'hono';
import {
  passwordResetConfirmWire,
  passwordResetRequestWire,
  passwordResetVerifyWire,
} from '../../src/services/api/wire/auth';
import { checkNewPassword } from '../accounts/new-password';
import {
  confirmPasswordReset,
  isCodeRefusal,
  normaliseEmail,
  type PasswordResetDeps,
  requestPasswordReset,
  verifyResetCode,
} from '../accounts/password-reset';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { clientAddress } from '../security/client-address';
import { throttledAnswer } from '../security/throttle/refusal';

/**
 * The forgotten-password flow (spec points 4 and 9): request a code by e-mail, check it, set a new
 * password with it. Nothing here tells whether an address belongs to an account. Requests are
 * throttled per e-mail and per client address (each sends a mail), wrong codes per client address
 * (each code also allows only 5 tries), all in the database (server/security/throttle/rules.ts).
 */
export function passwordResetRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  const reset: PasswordResetDeps = {
    db: deps.db,
    now: deps.now,
    secret: deps.codeSecret,
    sendMail: deps.sendMail,
    hashPassword: deps.hashPassword,
  };

  routes.post('/password-reset/', async (c) => {
    const { email } = await readJsonBody(c, passwordResetRequestWire);
    const wait = await deps.throttle.resetRequest(normaliseEmail(email), clientAddress(c, deps.trustProxy));
    if (wait > 0) throw throttledAnswer('requests', wait);
    await requestPasswordReset(reset, email);
    return c.json({ detail: 'If an account uses this address, a code is on its way.' }, 202);
  });

  /** Runs a code check under the throttle: a refused code counts against the client's address. */
  const throttledCodeCheck = async (address: string, check: () => Promise<void>) => {
    const answer = await deps.throttle.resetCode(address);
    if (answer.blocked) throw throttledAnswer('wrong codes', answer.retryAfterSeconds);
    try {
      await check();
    } catch (error) {
      if (isCodeRefusal(error)) await answer.attempt.failed();
      else await answer.attempt.abandoned();
      throw error;
    }
    await answer.attempt.succeeded();
  };

  routes.post('/password-reset/verify/', async (c) => {
    const { email, code } = await readJsonBody(c, passwordResetVerifyWire);
    await throttledCodeCheck(clientAddress(c, deps.trustProxy), () => verifyResetCode(reset, email, code));
    return c.json({ detail: 'The code is correct.' });
  });

  routes.post('/password-reset/confirm/', async (c) => {
    const { email, code, password } = await readJsonBody(c, passwordResetConfirmWire);
    // the new password's rule first: a refusal for it costs no code try and counts nothing
    checkNewPassword(password);
    await throttledCodeCheck(clientAddress(c, deps.trustProxy), () =>
      confirmPasswordReset(reset, email, code, password),
    );
    return c.json({ detail: 'Your password has been changed. You can sign in with it now.' });
  });

  return routes;
}
