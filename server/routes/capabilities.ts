import { Hono } from 'hono';
import type * as z from 'zod/mini';
import { type capabilitiesWire, capabilityNames } from '../../src/services/api/wire/capabilities';
import type { AppEnv } from '../http/app-env';

/**
 * Discovery: everything this server offers beyond the specification's calls (docs/api.md lists each
 * capability and what the portal does without it). Public, as the login screen asks before anyone
 * signs in; the same for every caller, so a shared cache may keep it for a minute. `flowUsage` only
 * when the supplier turns the counts on (FLOW_USAGE_COUNTS=1): its absence keeps every portal silent.
 */
export function capabilityRoutes({ flowUsage = false }: { flowUsage?: boolean } = {}) {
  const routes = new Hono<AppEnv>();
  const answer: z.infer<typeof capabilitiesWire> = {
    capabilities: capabilityNames.filter((name) => name !== 'flowUsage' || flowUsage),
  };
  routes.get('/capabilities/', (c) => c.json(answer, 200, { 'Cache-Control': 'public, max-age=60' }));
  return routes;
}
