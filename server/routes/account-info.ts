import { Hono } from 'hono';
import { accountUpdateWire } from '../../src/services/api/wire/account';
import { findCompanyUser, refuseDemoSettings } from '../accounts/customer-users';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { requireUser } from '../security/require-user';

/** GET and PUT /account-info/: every signed-in user's own name, e-mail and phones. */
export function accountInfoRoutes(deps: AppDeps) {
  const { db } = deps;
  const routes = new Hono<AppEnv>();

  routes.get('/account-info/', requireUser(deps), async (c) => {
    const user = c.get('user');
    return c.json(await findCompanyUser(db, user.companyId, user.id));
  });

  routes.put('/account-info/', requireUser(deps), async (c) => {
    const user = c.get('user');
    refuseDemoSettings(user);
    const body = await readJsonBody(c, accountUpdateWire);
    await db
      .updateTable('users')
      .set({
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        landline_phone: body.landline_phone,
        mobile_phone: body.mobile_phone,
      })
      .where('id', '=', user.id)
      .execute();
    return c.json(await findCompanyUser(db, user.companyId, user.id));
  });

  return routes;
}
