import { Hono } from 'hono';
import { financeDocumentRoutes } from '../finance-documents/finance-document-routes';
import type { AppDeps, AppEnv } from '../http/app-env';
import { compressJson } from '../http/compress-json';
import { refuseControlCharactersInQuery } from '../http/query-params';
import { importJobRoutes } from '../imports/job-routes';
import { orderEventRoutes } from '../order-events/order-event-routes';
import { suborderEventRoutes } from '../suborders/suborder-event-routes';
import { webhookEndpointRoutes } from '../webhooks/webhook-endpoint-routes';
import { integrationOpenApi } from './openapi';
import { requireIntegrationKey } from './require-integration-key';
import { hasScope, mayReadKind, scopeOfKind } from './scopes';

/**
 * /api/integration/v1/: the supplier's systems load their business here with an integration key.
 * Only the OpenAPI document is open; every other call needs a key (require-integration-key.ts).
 * Mounted outside the customers' API (server/app.ts): it has its own body limits (a file of up to
 * 200 MB is streamed by the job routes) and no cookies, so no CSRF token.
 */
export function integrationRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.use('*', compressJson);
  routes.use('*', refuseControlCharactersInQuery);
  routes.get('/openapi.json', (c) => c.json(integrationOpenApi()));
  routes.use('*', requireIntegrationKey(deps));

  routes.route(
    '/imports',
    importJobRoutes<AppEnv>(deps, {
      actor: (c) => `key:${c.get('integrationKey').name}`,
      mayCreate: (c, kind) => hasScope(c.get('integrationKey').scopes, scopeOfKind[kind]),
      mayRead: (c, job) => mayReadKind(c.get('integrationKey').scopes, job.kind),
    }),
  );

  routes.route('/events', orderEventRoutes(deps));
  routes.route('/webhook-endpoints', webhookEndpointRoutes(deps));
  routes.route('/suborders', suborderEventRoutes(deps));
  routes.route('/documents', financeDocumentRoutes(deps));

  // Not `not_found` ("no such record"): a call this API does not have.
  routes.all('*', (c) => c.json({ detail: 'Not found.', code: 'no_such_call' }, 404));
  return routes;
}
