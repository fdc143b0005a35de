/**
 * The service worker's runtime caches (src/sw.ts), named here so the page can empty them too: the
 * worker and the page are built apart and share only these names.
 */

/** The API's GET answers (catalogue, search, lists, orders) kept for reading offline. */
export const API_ANSWERS_CACHE = 'api-answers';
/** Product images, banners and logos under /media/. */
export const MEDIA_CACHE = 'media';
/** The supplier's public site configuration and languages (name, logos), so the login screen keeps them offline. */
export const SITE_CACHE = 'site-configuration';
/** /config.json, so the portal can start without the network. */
export const CONFIG_CACHE = 'portal-config';

/**
 * Set by the worker on every answer it stores in API_ANSWERS_CACHE: the ISO time the answer arrived.
 * An answer served from the cache (offline) carries it, one from the network does not, which is how
 * the portal tells "prices as of <time>" from live prices.
 */
export const CACHED_AT_HEADER = 'x-cached-at';

/** The worker's message to a page shown a kept API answer: `{ type, cachedAt }` (its CACHED_AT_HEADER). */
export const CACHED_ANSWER_MESSAGE = 'api-answer-from-cache';

/**
 * Forgets every stored API answer (at sign-out: the next person on this device must not read the
 * previous buyer's prices offline). Does nothing where the Cache Storage API is missing (no secure
 * context, old browsers, tests).
 */
export async function forgetCachedAnswers(): Promise<void> {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_ANSWERS_CACHE);
}
