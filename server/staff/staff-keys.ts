import { Hono } from 'hono';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import {
  createIntegrationKey,
  integrationKeyRequestWire,
  listIntegrationKeys,
  revokeIntegrationKey,
  toIntegrationKeyWire,
} from '../integration/keys';
import { staffActor } from './require-staff';

/** /api/staff/keys/: the integration keys, listed, made (the secret shown once) and revoked. */
export function staffKeyRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/keys/', async (c) =>
    c.json({ results: (await listIntegrationKeys(db)).map(toIntegrationKeyWire) }),
  );

  routes.post('/keys/', async (c) => {
    const { name, scopes } = await readJsonBody(c, integrationKeyRequestWire);
    const { key, secret } = await createIntegrationKey(db, {
      name,
      scopes,
      createdBy: staffActor(c.get('staff').username),
      now: now(),
    });
    return c.json({ ...toIntegrationKeyWire(key), key: secret }, 201);
  });

  routes.post('/keys/:id/revoke/', async (c) => {
    const param = c.req.param('id');
    if (!/^[0-9]{1,9}$/.test(param)) throw notFound('No such key.');
    const key = await revokeIntegrationKey(db, Number(param), now());
    if (!key) throw notFound('No such key.');
    return c.json(toIntegrationKeyWire(key));
  });

  return routes;
}
