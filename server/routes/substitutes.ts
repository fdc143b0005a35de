import { Hono } from 'hono';
import {
  acceptSubstituteRequestWire,
  substitutePreferenceWriteWire,
} from '../../src/services/api/wire/substitutes';
import { ApiError } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { demoDetails, refuseDemoAccounts } from '../security/refuse-demo';
import { acceptSubstitute, substitutesFor, substitutionForbidden } from '../substitutes/substitutes';

const MAX_IDS = 500;

/**
 * Substitutes (capability `substitutes`): the alternatives a customer may take for products that are
 * out of stock or short, taking one into the cart, and the company's and user's "never substitute".
 */
export function substituteRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.on(['POST', 'PUT'], '/substitutes/*', refuseDemoAccounts(demoDetails.cart));

  routes.get('/substitutes/', async (c) => {
    const text = c.req.query('product_ids') ?? '';
    const ids = text === '' ? [] : text.split(',').map((part) => Number(part.trim()));
    if (ids.length > MAX_IDS || ids.some((id) => !Number.isSafeInteger(id) || id < 0))
      throw new ApiError(400, {
        code: 'invalid',
        detail: `product_ids must be at most ${MAX_IDS} product ids separated by commas.`,
        errors: { product_ids: ['Expected product ids separated by commas.'] },
      });
    return c.json(await substitutesFor(db, ids, now(), c.get('user')));
  });

  routes.post('/substitutes/accept/', async (c) => {
    const body = await readJsonBody(c, acceptSubstituteRequestWire);
    return c.json(await acceptSubstitute(db, c.get('user'), body, now()));
  });

  const preference = async (user: AppEnv['Variables']['user']) => {
    const forbidden = await substitutionForbidden(db, user);
    return {
      company_forbids: forbidden.companyForbids,
      user_forbids: forbidden.userForbids,
      can_change_company: user.isAdmin,
    };
  };

  routes.get('/substitutes/preference/', async (c) => c.json(await preference(c.get('user'))));

  routes.put('/substitutes/preference/', async (c) => {
    const user = c.get('user');
    const body = await readJsonBody(c, substitutePreferenceWriteWire);
    if (body.company_forbids !== undefined && !user.isAdmin)
      throw new ApiError(403, {
        code: 'main_user_only',
        detail: "Only the company's main user may change the company's setting.",
      });
    if (body.company_forbids !== undefined)
      await db
        .updateTable('companies')
        .set({ forbids_substitutes: body.company_forbids ? 1 : 0 })
        .where('id', '=', user.companyId)
        .execute();
    if (body.user_forbids !== undefined)
      await db
        .updateTable('users')
        .set({ forbids_substitutes: body.user_forbids ? 1 : 0 })
        .where('id', '=', user.id)
        .execute();
    return c.json(await preference(user));
  });

  return routes;
}
