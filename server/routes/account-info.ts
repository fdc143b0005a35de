import { Hono } from 'hono';
import { accountUpdateWire, confirmEmailWire } from '../../src/services/api/wire/account';
import { changePasswordWire } from '../../src/services/api/wire/auth';
import { changePassword } from '../accounts/change-password';
import { findCompanyUserWithPending } from '../accounts/customer-users';
import { deleteOwnAccount } from '../accounts/delete-user';
import { cancelEmailChange, confirmEmailChange, type EmailChangeDeps } from '../accounts/email-change';
import { saveUserDetails } from '../accounts/user-details';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { demoDetails, demoWrites, refuseDemoAccounts } from '../security/refuse-demo';
import { requireUser } from '../security/require-user';

/**
 * The caller's own account: GET and PUT /account-info/ (name, e-mail and phones), POST and DELETE
 * /account-info/confirm-email/ (a new address's code, or keeping the old address), DELETE
 * /account-info/ (closing it), and POST /change-password/. Mounted at the API's root, so it checks
 * the sign-in itself; a demo account reads its account and changes nothing.
 */
export function accountInfoRoutes(deps: AppDeps) {
  const { db, now } = deps;
  const routes = new Hono<AppEnv>();
  const emailChange: EmailChangeDeps = { db, now, secret: deps.codeSecret, sendMail: deps.sendMail };

  for (const area of ['/account-info/*', '/change-password/*']) {
    routes.use(area, requireUser(deps));
    routes.on(demoWrites, area, refuseDemoAccounts(demoDetails.settings));
  }

  routes.get('/account-info/', async (c) => {
    const user = c.get('user');
    return c.json(await findCompanyUserWithPending(db, user.companyId, user.id, now()));
  });

  routes.put('/account-info/', async (c) => {
    const user = c.get('user');
    const body = await readJsonBody(c, accountUpdateWire);
    return c.json(await saveUserDetails(emailChange, user.companyId, user.id, body));
  });

  routes.post('/account-info/confirm-email/', async (c) => {
    const user = c.get('user');
    const { code } = await readJsonBody(c, confirmEmailWire);
    await confirmEmailChange(emailChange, user.id, code);
    return c.json(await findCompanyUserWithPending(db, user.companyId, user.id, now()));
  });

  /** Withdraws a pending change of address: the account keeps its address, the code opens nothing. */
  routes.delete('/account-info/confirm-email/', async (c) => {
    const user = c.get('user');
    await cancelEmailChange(db, user.id);
    return c.json(await findCompanyUserWithPending(db, user.companyId, user.id, now()));
  });

  routes.delete('/account-info/', async (c) => {
    await deleteOwnAccount(db, c.get('user'), now());
    return c.body(null, 204);
  });

  routes.post('/change-password/', async (c) => {
    const { current_password: current, password } = await readJsonBody(c, changePasswordWire);
    await changePassword(deps, c.get('user'), current, password);
    return c.json({ detail: 'Your password has been changed.' });
  });

  return routes;
}
