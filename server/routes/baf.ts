import { Hono } from 'hono';
import { updateLanguageRequestWire } from '../../src/services/api/wire/preferences';
import { badRequest } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { portalLanguages, setUserLanguage } from '../queries/users';
import { demoDetails, refuseDemoAccounts } from '../security/refuse-demo';
import { requireUser } from '../security/require-user';
import { siteConfiguration } from '../site-configuration';

/** Languages and configuration (public: the login screen needs them), and the language choice. */
export function bafRoutes(deps: AppDeps) {
  const { db } = deps;
  const routes = new Hono<AppEnv>();

  routes.get('/languages/', async (c) => c.json(await portalLanguages(db)));

  routes.get('/configuration/', (c) => c.json(siteConfiguration(deps.defaultCustomerType)));

  // The language picker is hidden in demo mode (spec point 6); the stored language stays too.
  const signedInNotDemo = [requireUser(deps), refuseDemoAccounts(demoDetails.language)] as const;

  routes.post('/update-language/', ...signedInNotDemo, async (c) => {
    const { language: languageId } = await readJsonBody(c, updateLanguageRequestWire);
    const language = (await portalLanguages(db)).find((l) => l.id === languageId);
    if (!language)
      throw badRequest('Unknown language.', { language: [`No language has the id ${languageId}.`] });
    await setUserLanguage(db, c.get('user').id, language.code);
    return c.json(language);
  });

  return routes;
}
