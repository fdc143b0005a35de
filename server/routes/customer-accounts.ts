import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import {
  confirmEmailWire,
  customerUserCreateWire,
  customerUserUpdateWire,
} from '../../src/services/api/wire/account';
import {
  findCompanyUser,
  findCompanyUserWithPending,
  languageCodes,
  pathId,
  refuseDemoSettings,
  requireMainUser,
  selectCompanyUsers,
  toCustomerUserWire,
} from '../accounts/customer-users';
import { deleteUser } from '../accounts/delete-user';
import {
  cancelEmailChange,
  confirmEmailChange,
  type EmailChangeDeps,
  emailTaken,
  isEmailIndexViolation,
  refuseTakenEmail,
  requestEmailChange,
} from '../accounts/email-change';
import type { Database } from '../db/schema';
import { ApiError, badRequest } from '../http/api-error';
import type { AppDeps, AppEnv, CurrentUser } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { isUniqueViolation } from '../orders/unique-violation';
import { hashPassword, unusablePasswordHash } from '../security/passwords';
import { revokeAllFamilies } from '../security/token-families';

const usernameTaken = () =>
  new ApiError(409, { detail: 'This username is already taken.', code: 'username_taken' });

const ownAccount = () =>
  new ApiError(403, {
    detail: 'You cannot deactivate or delete your own account.',
    code: 'own_account',
  });

/** The checks every user-management write starts with: no demo, main user only. */
function mainUserWriting(user: CurrentUser) {
  refuseDemoSettings(user);
  requireMainUser(user);
}

async function languageErrors(db: Kysely<Database>, language: string): Promise<Record<string, string[]>> {
  return (await languageCodes(db)).has(language)
    ? {}
    : { language: [`"${language}" is not one of the portal's languages.`] };
}

/**
 * /petekcore/customer-accounts/: the users of the caller's company, managed by its main user. A new
 * user's address must be one no account holds; a changed address of an existing user waits for the
 * code mailed to it, which the user enters on their own account screen (or tells the main user, who
 * enters it through POST /{id}/confirm-email/), so no one can move mail that reaches an account
 * to an address they have never read.
 */
export function customerAccountRoutes({ db, now, codeSecret, sendMail }: AppDeps) {
  const routes = new Hono<AppEnv>();
  const emailChange: EmailChangeDeps = { db, now, secret: codeSecret, sendMail };

  routes.get('/customer-accounts/', async (c) => {
    const user = c.get('user');
    requireMainUser(user);
    const rows = await selectCompanyUsers(db, user.companyId).orderBy('id').execute();
    return c.json(rows.map(toCustomerUserWire));
  });

  routes.post('/customer-accounts/', async (c) => {
    const user = c.get('user');
    mainUserWriting(user);
    const body = await readJsonBody(c, customerUserCreateWire);
    const errors = await languageErrors(db, body.language);
    const invited = body.send_invitation === true;
    if (invited && body.password !== undefined)
      errors.non_field_errors = ['Give an initial password or send an invitation, not both.'];
    else if (!invited && body.password === undefined)
      errors.password = ['Give an initial password, or send an invitation instead.'];
    if (Object.keys(errors).length > 0) throw badRequest('The request body has invalid fields.', errors);

    const username = body.username.trim().toLowerCase();
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('username', '=', username)
      .executeTakeFirst();
    if (taken) throw usernameTaken();
    await refuseTakenEmail(db, body.email);
    // Hashing is slow on purpose; an invited user gets a hash no password matches until they set one.
    const passwordHash =
      body.password === undefined ? unusablePasswordHash() : await hashPassword(body.password);
    let created: { id: number } | undefined;
    try {
      created = await db
        .insertInto('users')
        .values({
          company_id: user.companyId,
          username,
          password_hash: passwordHash,
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email,
          language: body.language,
          landline_phone: body.landline_phone,
          mobile_phone: body.mobile_phone,
          is_active: 1,
          is_admin: 0,
          is_demo: 0,
          created_at: now().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    } catch (error) {
      // two creations of one username or one address at once: the unique constraints decide
      if (isEmailIndexViolation(error)) throw emailTaken();
      if (isUniqueViolation(error)) throw usernameTaken();
      throw error;
    }
    return c.json(await findCompanyUser(db, user.companyId, created.id), 201);
  });

  routes.get('/customer-accounts/:id/', async (c) => {
    const user = c.get('user');
    const id = pathId(c.req.param('id'));
    // A colleague who is not the main user may read themselves only.
    if (id !== user.id) requireMainUser(user);
    return c.json(await findCompanyUserWithPending(db, user.companyId, id, now()));
  });

  routes.put('/customer-accounts/:id/', async (c) => {
    const user = c.get('user');
    mainUserWriting(user);
    const id = pathId(c.req.param('id'));
    const body = await readJsonBody(c, customerUserUpdateWire);
    await findCompanyUser(db, user.companyId, id);
    const errors = await languageErrors(db, body.language);
    if (Object.keys(errors).length > 0) throw badRequest('The request body has invalid fields.', errors);
    await requestEmailChange(emailChange, id, body.email);
    await db
      .updateTable('users')
      .set({
        first_name: body.first_name,
        last_name: body.last_name,
        language: body.language,
        landline_phone: body.landline_phone,
        mobile_phone: body.mobile_phone,
      })
      .where('id', '=', id)
      .where('company_id', '=', user.companyId)
      .execute();
    return c.json(await findCompanyUserWithPending(db, user.companyId, id, now()));
  });

  /** The code a colleague received at their new address, entered by the main user for them. */
  routes.post('/customer-accounts/:id/confirm-email/', async (c) => {
    const user = c.get('user');
    mainUserWriting(user);
    const id = pathId(c.req.param('id'));
    const { code } = await readJsonBody(c, confirmEmailWire);
    await findCompanyUser(db, user.companyId, id);
    await confirmEmailChange(emailChange, id, code);
    return c.json(await findCompanyUserWithPending(db, user.companyId, id, now()));
  });

  /**
   * Withdraws a colleague's waiting address ("Keep the current address"). Saving the user again
   * leaves it waiting, so this is the one way; like the own account's, it answers the user also when
   * nothing waited, so a retry after a lost answer is harmless.
   */
  routes.delete('/customer-accounts/:id/confirm-email/', async (c) => {
    const user = c.get('user');
    mainUserWriting(user);
    const id = pathId(c.req.param('id'));
    await findCompanyUser(db, user.companyId, id);
    await cancelEmailChange(db, id);
    return c.json(await findCompanyUserWithPending(db, user.companyId, id, now()));
  });

  for (const [action, isActive] of [
    ['deactivate', 0],
    ['reactivate', 1],
  ] as const) {
    routes.post(`/customer-accounts/:id/${action}/`, async (c) => {
      const user = c.get('user');
      mainUserWriting(user);
      const id = pathId(c.req.param('id'));
      if (id === user.id) throw ownAccount();
      await findCompanyUser(db, user.companyId, id);
      // requireUser reads is_active on every request, so the user's open sessions stop at once.
      await db
        .updateTable('users')
        .set({ is_active: isActive })
        .where('id', '=', id)
        .where('company_id', '=', user.companyId)
        .where('deleted_at', 'is', null)
        .execute();
      // and their refresh tokens end, so no session outlives a deactivation
      if (isActive === 0) await revokeAllFamilies(db, id, now());
      return c.json(await findCompanyUserWithPending(db, user.companyId, id, now()));
    });
  }

  routes.delete('/customer-accounts/:id/', async (c) => {
    const user = c.get('user');
    mainUserWriting(user);
    const id = pathId(c.req.param('id'));
    if (id === user.id) throw ownAccount();
    await findCompanyUser(db, user.companyId, id);
    await deleteUser(db, id, now());
    return c.body(null, 204);
  });

  return routes;
}
