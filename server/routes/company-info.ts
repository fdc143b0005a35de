import { Hono } from 'hono';
import { companyInfoUpdateWire } from '../../src/services/api/wire/account';
import { loadCompanyInfo, saveCompanyInfo } from '../accounts/company-info';
import { requireMainUser } from '../accounts/customer-users';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { demoDetails, demoWrites, refuseDemoAccounts } from '../security/refuse-demo';

/**
 * GET and PUT /petekcore/company-info/ (spec point 7): the caller's company, its e-mails and
 * addresses. Everyone of the company reads it, a demo account too; only the main user changes it.
 */
export function companyInfoRoutes({ db }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.on(demoWrites, '/company-info/*', refuseDemoAccounts(demoDetails.settings));

  routes.get('/company-info/', async (c) => c.json(await loadCompanyInfo(db, c.get('user').companyId)));

  routes.put('/company-info/', async (c) => {
    const user = c.get('user');
    requireMainUser(user);
    const body = await readJsonBody(c, companyInfoUpdateWire);
    return c.json(await saveCompanyInfo(db, user.companyId, body));
  });

  return routes;
}
