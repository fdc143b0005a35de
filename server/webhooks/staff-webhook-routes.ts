import { Hono } from 'hono';
import type * as z from 'zod/mini';
import { badRequest, notFound } from '../http/api-error';
import type { AppDeps, AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/read-body';
import { staffActor } from '../staff/require-staff';
import { sendTestEvent } from './send-test-event';
import { listWebhookDeliveries, replayWebhookDelivery } from './webhook-deliveries';
import {
  createWebhookEndpoint,
  findLiveEndpoint,
  listWebhookEndpoints,
  readWebhookEndpoint,
  retireWebhookEndpoint,
  rotateWebhookSecret,
  setWebhookEndpointEnabled,
  toWebhookEndpointWire,
} from './webhook-endpoints';
import {
  webhookDeliveryListQuery,
  webhookEndpointPatchWire,
  webhookEndpointRequestWire,
} from './webhook-wire';

/** A path's id: anything but a plain number is no such record (and never reaches SQL). */
export function rowIdOf(param: string, detail: string): number {
  if (!/^[0-9]{1,9}$/.test(param)) throw notFound(detail);
  return Number(param);
}

const NO_ENDPOINT = 'No such webhook endpoint.';

/**
 * The staff console's webhooks (mounted on /api/staff behind requireStaff): the endpoints that
 * receive order events, and the log of their deliveries. The counts of an endpoint are its open
 * deliveries in the log's states: pending (not tried yet), failing (tried, tried again), dead.
 */
export function staffWebhookRoutes({ db, now }: AppDeps) {
  const routes = new Hono<AppEnv>();

  routes.get('/webhook-endpoints', async (c) => c.json({ endpoints: await listWebhookEndpoints(db, now()) }));

  routes.post('/webhook-endpoints', async (c) => {
    const { url, description = '' } = await readJsonBody(c, webhookEndpointRequestWire);
    const at = now();
    const { endpoint, secret } = await createWebhookEndpoint(db, {
      url,
      description,
      createdBy: staffActor(c.get('staff').username),
      now: at,
    });
    const counts = { pending: 0, failing: 0, dead: 0 };
    return c.json({ endpoint: toWebhookEndpointWire(endpoint, counts, at), secret }, 201);
  });

  routes.patch('/webhook-endpoints/:id', async (c) => {
    const id = rowIdOf(c.req.param('id'), NO_ENDPOINT);
    const { enabled } = await readJsonBody(c, webhookEndpointPatchWire);
    if (!(await setWebhookEndpointEnabled(db, id, enabled))) throw notFound(NO_ENDPOINT);
    const endpoint = await readWebhookEndpoint(db, id, now());
    if (!endpoint) throw notFound(NO_ENDPOINT);
    return c.json({ endpoint });
  });

  routes.delete('/webhook-endpoints/:id', async (c) => {
    const id = rowIdOf(c.req.param('id'), NO_ENDPOINT);
    if (!(await retireWebhookEndpoint(db, id, now()))) throw notFound(NO_ENDPOINT);
    return c.body(null, 204);
  });

  routes.post('/webhook-endpoints/:id/rotate-secret', async (c) => {
    const id = rowIdOf(c.req.param('id'), NO_ENDPOINT);
    const rotated = await rotateWebhookSecret(db, id, now());
    if (!rotated) throw notFound(NO_ENDPOINT);
    return c.json({ secret: rotated.secret, previous_secret_expires_at: rotated.previousSecretExpiresAt });
  });

  routes.post('/webhook-endpoints/:id/test', async (c) => {
    const id = rowIdOf(c.req.param('id'), NO_ENDPOINT);
    const endpoint = await findLiveEndpoint(db, id);
    if (!endpoint) throw notFound(NO_ENDPOINT);
    const result = await sendTestEvent(endpoint, now());
    return c.json({
      ok: result.ok,
      status: result.status,
      error: result.error,
      duration_ms: result.durationMs,
    });
  });

  routes.get('/webhook-deliveries', async (c) =>
    c.json(await listWebhookDeliveries(db, parsedQuery(webhookDeliveryListQuery, c.req.query()))),
  );

  routes.post('/webhook-deliveries/:id/replay', async (c) => {
    const id = rowIdOf(c.req.param('id'), 'No such delivery.');
    const delivery = await replayWebhookDelivery(db, id, now());
    if (!delivery) throw notFound('No such delivery.');
    return c.json({ delivery });
  });

  return routes;
}

function parsedQuery<Schema extends z.ZodMiniType>(
  schema: Schema,
  raw: Record<string, string>,
): z.infer<Schema> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data as z.infer<Schema>;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'non_field_errors';
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  throw badRequest('Invalid query parameters.', errors);
}
