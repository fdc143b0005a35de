import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';

export function staffWebhookRoutes(_deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  return routes;
}
