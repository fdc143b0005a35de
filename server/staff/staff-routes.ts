import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { importJobRoutes } from '../imports/job-routes';
import { staffSuborderRoutes } from '../suborders/staff-suborder-routes';
import { staffWebhookRoutes } from '../webhooks/staff-webhook-routes';
import { requireStaff, staffActor } from './require-staff';
import { staffKeyRoutes } from './staff-keys';
import { staffSessionRoutes } from './staff-session';

/**
 * /api/staff/: the sign-in, then, behind requireStaff, the integration keys. The import jobs are
 * `staffImportRoutes`, mounted apart (see there).
 */
export function staffRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.route('/', staffSessionRoutes(deps));
  // After the sign-in, which answers without going on: every other path needs a staff token, so
  // without one even a path that is no call answers 401, and nothing tells what exists.
  const signedIn = new Hono<AppEnv>();
  signedIn.use('*', requireStaff(deps));
  signedIn.route('/', staffKeyRoutes(deps));
  signedIn.route('/', staffWebhookRoutes(deps));
  signedIn.route('/', staffSuborderRoutes(deps));
  routes.route('/', signedIn);
  return routes;
}

/**
 * /api/staff/imports: the integration API's own job routes, mounted a second time behind the staff
 * token. A staff user has every scope. Mounted outside the API's 1 MB body limit (server/app.ts):
 * the routes stream files of up to 200 MB into the database themselves.
 */
export function staffImportRoutes(deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireStaff(deps));
  routes.route(
    '/',
    importJobRoutes<AppEnv>(deps, {
      actor: (c) => staffActor(c.get('staff').username),
      mayCreate: () => true,
      mayRead: () => true,
    }),
  );
  return routes;
}
