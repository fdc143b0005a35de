import { Hono } from 'hono';
import { notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { requireScope } from '../integration/require-integration-key';
import { rowIdOf } from './staff-webhook-routes';
import {
  createWebhookEndpoint,
  listWebhookEndpoints,
  retireWebhookEndpoint,
  toWebhookEndpointWire,
} from './webhook-endpoints';
import { webhookEndpointRequestWire } from './webhook-wire';

/**
 * /api/integration/v1/webhook-endpoints (scope webhooks:write): a connected system registers where
 * it wants the order events (and deletes that again), with the same answers as the staff console.
 */
export function webhookEndpointRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireScope('webhooks:write'));

  routes.get('/', async (c) => c.json({ endpoints: await listWebhookEndpoints(db, now()) }));

  routes.post('/', async (c) => {
    const { url, description = '' } = await readJsonBody(c, webhookEndpointRequestWire);
    const at = now();
    const { endpoint, secret } = await createWebhookEndpoint(db, {
      url,
      description,
      createdBy: `key:${c.get('integrationKey').name}`,
      now: at,
    });
    const counts = { pending: 0, failing: 0, dead: 0 };
    return c.json({ endpoint: toWebhookEndpointWire(endpoint, counts, at), secret }, 201);
  });

  routes.delete('/:id', async (c) => {
    const id = rowIdOf(c.req.param('id'), 'No such webhook endpoint.');
    if (!(await retireWebhookEndpoint(db, id, now()))) throw notFound('No such webhook endpoint.');
    return c.body(null, 204);
  });

  return routes;
}
