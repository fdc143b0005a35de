import type { MiddlewareHandler } from 'hono';
import { ApiError } from '../http/api-error';
import type { AppEnv } from '../http/app-env';

/**
 * Demo mode (spec point 6) hides the cart, orders, invoices, favourite lists, documents, the
 * language picker and every settings write. Each area mounts this once, after the sign-in check,
 * on the methods and paths it hides, and refuses with its own detail before any body is read:
 *
 *     routes.use('/documents/*', refuseDemoAccounts(demoDetails.documents));
 *     routes.on(demoWrites, '/company-info/*', refuseDemoAccounts(demoDetails.settings));
 *
 * Hono runs it only for the paths given, so mount it on the area's own paths, never on `*` of a
 * router that shares its mount point with others.
 */
export function refuseDemoAccounts(detail: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.get('user').isDemo) throw new ApiError(403, { detail, code: 'demo_account' });
    await next();
  };
}

/** The methods that change something: where demo mode keeps an area's reads and refuses the rest. */
export const demoWrites = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** Each area's refusal, as the portal shows it. */
export const demoDetails = {
  cart: 'Demo accounts cannot use the cart or place orders.',
  orders: 'Demo accounts have no orders.',
  invoices: 'Demo accounts cannot see orders or invoices.',
  favouriteLists: 'Demo accounts have no favourite lists.',
  documents: 'Demo accounts have no documents.',
  language: 'Demo accounts cannot change the language.',
  settings: 'Demo accounts cannot change settings.',
} as const;
