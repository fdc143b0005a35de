import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';

export function orderEventRoutes(_deps: AppDeps) {
  const routes = new Hono<AppEnv>();
  return routes;
}
