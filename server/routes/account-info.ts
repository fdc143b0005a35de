import { Hono } from 'hono';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../src/domain/account-rules';
import { accountUpdateWire, confirmEmailWire } from '../../src/services/api/wire/account';
import { changePasswordWire } from '../../src/services/api/wire/auth';
import { findCompanyUserWithPending, refuseDemoSettings } from '../accounts/customer-users';
import { deleteUser } from '../accounts/delete-user';
import {
  cancelEmailChange,
  confirmEmailChange,
  type EmailChangeDeps,
  requestEmailChange,
} from '../accounts/email-change';
import { ApiError, badRequest } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { requireUser } from '../security/require-user';
import { throttledAnswer } from '../security/throttle/refusal';
import { revokeAllFamilies } from '../security/token-families';

const handOverFirst = () =>
  new ApiError(400, {
    detail:
      'You are the last main user of your company. Make another user the main user, or remove the other users, before you delete your account.',
    code: 'hand_over_first',
  });

/**
 * The caller's own account: GET and PUT /account-info/ (name, e-mail and phones), POST and DELETE
 * /account-info/confirm-email/ (a new address's code, or keeping the old address), DELETE
 * /account-info/ (closing it), and POST /change-password/.
 */
export function accountInfoRoutes(deps: AppDeps) {
  const { db, now } = deps;
  const routes = new Hono<AppEnv>();

  const emailChange: EmailChangeDeps = { db, now, secret: deps.codeSecret, sendMail: deps.sendMail };

  routes.get('/account-info/', requireUser(deps), async (c) => {
    const user = c.get('user');
    return c.json(await findCompanyUserWithPending(db, user.companyId, user.id, now()));
  });

  /**
   * A new e-mail address is not taken at its word: it waits, with `pending_email`, for the code
   * mailed to it (POST /account-info/confirm-email/); `email` stays the old one until then. The
   * other fields are saved at once. An address another account holds is refused, and then nothing
   * is saved.
   */
  routes.put('/account-info/', requireUser(deps), async (c) => {
    const user = c.get('user');
    refuseDemoSettings(user);
    const body = await readJsonBody(c, accountUpdateWire);
    await requestEmailChange(emailChange, user.id, body.email);
    await db
      .updateTable('users')
      .set({
        first_name: body.first_name,
        last_name: body.last_name,
        landline_phone: body.landline_phone,
        mobile_phone: body.mobile_phone,
      })
      .where('id', '=', user.id)
      .execute();
    return c.json(await findCompanyUserWithPending(db, user.companyId, user.id, now()));
  });

  routes.post('/account-info/confirm-email/', requireUser(deps), async (c) => {
    const user = c.get('user');
    refuseDemoSettings(user);
    const { code } = await readJsonBody(c, confirmEmailWire);
    await confirmEmailChange(emailChange, user.id, code);
    return c.json(await findCompanyUserWithPending(db, user.companyId, user.id, now()));
  });

  /** Withdraws a pending change of address: the account keeps its address, the code opens nothing. */
  routes.delete('/account-info/confirm-email/', requireUser(deps), async (c) => {
    const user = c.get('user');
    refuseDemoSettings(user);
    await cancelEmailChange(db, user.id);
    return c.json(await findCompanyUserWithPending(db, user.companyId, user.id, now()));
  });

  /**
   * Deleting one's own account: like the main user's DELETE of a colleague (an anonymised row stays
   * when orders reference it), and every session ends. A company must keep an active main user as
   * long as it has other users, so its last one hands over (or removes the others) first.
   */
  routes.delete('/account-info/', requireUser(deps), async (c) => {
    const user = c.get('user');
    refuseDemoSettings(user);
    if (user.isAdmin) {
      const others = await db
        .selectFrom('users')
        .select(['id', 'is_admin', 'is_active'])
        .where('company_id', '=', user.companyId)
        .where('deleted_at', 'is', null)
        .where('id', '<>', user.id)
        .execute();
      const anotherMainUser = others.some((other) => other.is_admin === 1 && other.is_active === 1);
      if (others.length > 0 && !anotherMainUser) throw handOverFirst();
    }
    await deleteUser(db, user.id, now());
    return c.body(null, 204);
  });

  /**
   * The signed-in password change: every other session of the user ends, this one continues. A
   * session is no licence to guess: wrong current passwords are throttled per user, in the
   * database, and the new password is hashed only once the current one is right.
   */
  routes.post('/change-password/', requireUser(deps), async (c) => {
    const user = c.get('user');
    refuseDemoSettings(user);
    const { current_password: current, password } = await readJsonBody(c, changePasswordWire);
    if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)
      throw badRequest('The new password is not valid.', {
        password: [
          password.length < PASSWORD_MIN_LENGTH
            ? `The password must be at least ${PASSWORD_MIN_LENGTH} characters.`
            : `At most ${PASSWORD_MAX_LENGTH} characters.`,
        ],
      });
    const answer = await deps.throttle.changePassword(user.id);
    if (answer.blocked) throw throttledAnswer('wrong passwords', answer.retryAfterSeconds);
    let currentMatches: boolean;
    try {
      const row = await db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', user.id)
        .executeTakeFirstOrThrow();
      currentMatches = await deps.verifyPassword(current, row.password_hash);
    } catch (error) {
      await answer.attempt.abandoned();
      throw error;
    }
    if (!currentMatches) {
      await answer.attempt.failed();
      throw new ApiError(400, {
        detail: 'The current password is not correct.',
        code: 'wrong_current_password',
        errors: { current_password: ['The current password is not correct.'] },
      });
    }
    await answer.attempt.succeeded();
    const passwordHash = await deps.hashPassword(password);
    const at = now();
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', user.id).execute();
      await revokeAllFamilies(trx, user.id, at, user.sessionFamily);
    });
    return c.json({ detail: 'Your password has been changed.' });
  });

  return routes;
}
