import { Hono } from 'hono';
import {
  confirmEmailWire,
  customerUserCreateWire,
  customerUserUpdateWire,
} from '../../src/services/api/wire/account';
import {
  companyUsers,
  createCompanyUser,
  findCompanyUser,
  findCompanyUserWithPending,
  languageErrors,
  pathId,
  refuseOwnAccount,
  requireMainUser,
  setColleagueActive,
} from '../accounts/customer-users';
import { deleteUser } from '../accounts/delete-user';
import { cancelEmailChange, confirmEmailChange, type EmailChangeDeps } from '../accounts/email-change';
import { saveUserDetails } from '../accounts/user-details';
import { badRequest } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { demoDetails, demoWrites, refuseDemoAccounts } from '../security/refuse-demo';

/**
 * /petekcore/customer-accounts/: the users of the caller's company, managed by its main user (every
 * write checks that first, after demo mode's refusal). A new user's address must be one no account
 * holds; a changed address of an existing user waits for the code mailed to it, which the user
 * enters on their own account screen (or tells the main user, who enters it through POST
 * /{id}/confirm-email/), so no one can move mail that reaches an account to an address they have
 * never read.
 */
export function customerAccountRoutes({ db, now, codeSecret, sendMail }: AppDeps) {
  const routes = new Hono<AppEnv>();
  const emailChange: EmailChangeDeps = { db, now, secret: codeSecret, sendMail };

  routes.on(demoWrites, '/customer-accounts/*', refuseDemoAccounts(demoDetails.settings));

  routes.get('/customer-accounts/', async (c) => {
    const user = c.get('user');
    requireMainUser(user);
    return c.json(await companyUsers(db, user.companyId));
  });

  routes.post('/customer-accounts/', async (c) => {
    const user = c.get('user');
    requireMainUser(user);
    const body = await readJsonBody(c, customerUserCreateWire);
    return c.json(await createCompanyUser(db, user.companyId, body, now()), 201);
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
    requireMainUser(user);
    const id = pathId(c.req.param('id'));
    const body = await readJsonBody(c, customerUserUpdateWire);
    await findCompanyUser(db, user.companyId, id);
    const errors = await languageErrors(db, body.language);
    if (Object.keys(errors).length > 0) throw badRequest('The request body has invalid fields.', errors);
    return c.json(await saveUserDetails(emailChange, user.companyId, id, body));
  });

  /** The code a colleague received at their new address, entered by the main user for them. */
  routes.post('/customer-accounts/:id/confirm-email/', async (c) => {
    const user = c.get('user');
    requireMainUser(user);
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
    requireMainUser(user);
    const id = pathId(c.req.param('id'));
    await findCompanyUser(db, user.companyId, id);
    await cancelEmailChange(db, id);
    return c.json(await findCompanyUserWithPending(db, user.companyId, id, now()));
  });

  for (const [action, active] of [
    ['deactivate', false],
    ['reactivate', true],
  ] as const) {
    routes.post(`/customer-accounts/:id/${action}/`, async (c) => {
      const user = c.get('user');
      requireMainUser(user);
      const id = pathId(c.req.param('id'));
      refuseOwnAccount(user, id);
      await findCompanyUser(db, user.companyId, id);
      await setColleagueActive(db, user.companyId, id, active, now());
      return c.json(await findCompanyUserWithPending(db, user.companyId, id, now()));
    });
  }

  routes.delete('/customer-accounts/:id/', async (c) => {
    const user = c.get('user');
    requireMainUser(user);
    const id = pathId(c.req.param('id'));
    refuseOwnAccount(user, id);
    await findCompanyUser(db, user.companyId, id);
    await deleteUser(db, id, now());
    return c.body(null, 204);
  });

  return routes;
}
