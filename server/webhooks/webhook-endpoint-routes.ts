import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';

export function webhookEndpointRoutes(_deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  return routes;
}
