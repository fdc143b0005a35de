import { Hono } from 'hono';
import { companyInfoUpdateWire } from '../../src/services/api/wire/account';
import { loadCompanyInfo, saveCompanyInfo } from '../accounts/company-info';
import { refuseDemoSettings, requireMainUser } from '../accounts/customer-users';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';

/** GET and PUT /petekcore/company-info/ (spec point 7): the caller's company, its e-mails and addresses. */
export function companyInfoRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/company-info/', async (c) => c.json(await loadCompanyInfo(db, c.get('user').companyId)));

  routes.put('/company-info/', async (c) => {
    const user = c.get('user');
    refuseDemoSettings(user);
    requireMainUser(user);
    const body = await readJsonBody(c, companyInfoUpdateWire);
    return c.json(await saveCompanyInfo(db, user.companyId, body));
  });

  return routes;
}
