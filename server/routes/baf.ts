import { Hono } from 'hono';
import { updateLanguageRequestWire } from '../../src/services/api/wire/preferences';
import { badRequest } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { refuseDemo } from '../orders/refuse-demo';
import { requireUser } from '../security/require-user';
import { siteConfiguration } from '../site-configuration';

/** Languages and configuration (public: the login screen needs them), and the language choice. */
export function bafRoutes(deps: AppDeps) {
  const { db } = deps;
  const routes = new Hono<AppEnv>();

  const listLanguages = () =>
    db.selectFrom('languages').select(['id', 'code', 'name', 'flag']).orderBy('position').execute();

  routes.get('/languages/', async (c) => c.json(await listLanguages()));

  routes.get('/configuration/', (c) => c.json(siteConfiguration(deps.defaultCustomerType)));

  routes.post('/update-language/', requireUser(deps), async (c) => {
    // The language picker is hidden in demo mode (spec point 6); the stored language stays too.
    refuseDemo(c.get('user'), 'Demo accounts cannot change the language.');
    const { language: languageId } = await readJsonBody(c, updateLanguageRequestWire);
    const language = (await listLanguages()).find((l) => l.id === languageId);
    if (!language)
      throw badRequest('Unknown language.', { language: [`No language has the id ${languageId}.`] });
    await db
      .updateTable('users')
      .set({ language: language.code })
      .where('id', '=', c.get('user').id)
      .execute();
    return c.json(language);
  });

  return routes;
}
