/// <reference lib="webworker" />
/**
 * The portal's service worker, built by vite-plugin-pwa (`injectManifest`, vite.config.ts) into
 * dist/sw.js. It keeps the app shell (index.html, the entry and framework chunks, the signed-in
 * screens and the texts: vite-plugins/app-shell-precache.ts chooses them) and answers:
 * - a navigation with the precached index.html, so the portal starts offline;
 * - the trade API's GETs from the network, or, when that fails, from the last answer kept
 *   (stamped with the time it arrived: "prices as of");
 * - /media/ images from the cache first; /config.json from the cache while it refreshes.
 * A new version waits until the buyer chooses to reload (the update prompt): never under a
 * half-typed form.
 */
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  API_ANSWERS_CACHE,
  CACHED_ANSWER_MESSAGE,
  CACHED_AT_HEADER,
  CONFIG_CACHE,
  MEDIA_CACHE,
  SITE_CACHE,
} from './services/pwa/cache-names';
import {
  isKeptApiAnswer,
  isMediaFile,
  isRuntimeConfig,
  isSiteConfiguration,
  NAVIGATION_DENYLIST,
  SKIP_WAITING,
  stampedCopy,
} from './services/pwa/sw-rules';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// the first worker takes the open tabs at once; a later one waits for the buyer (SKIP_WAITING below)
clientsClaim();
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [...NAVIGATION_DENYLIST],
  }),
);

/** Only a complete answer is kept; a kept one says when it arrived. */
const keepStampedOk = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 ? stampedCopy(response, CACHED_AT_HEADER, new Date()) : null,
};
/** Only a complete answer is kept (no opaque answers: the browser counts each as megabytes). */
const keepOk = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 ? response : null,
};

/**
 * A kept answer shown instead of the network's tells its page when it was kept: the page's connectivity
 * chart shows "prices as of" that time (src/machines/connectivity).
 */
const tellKeptAnswer = {
  cachedResponseWillBeUsed: async ({
    event,
    cachedResponse,
  }: {
    event?: ExtendableEvent;
    cachedResponse?: Response;
  }) => {
    const cachedAt = cachedResponse?.headers.get(CACHED_AT_HEADER);
    const clientId = event instanceof FetchEvent ? event.clientId : '';
    if (cachedAt && clientId) {
      const client = await self.clients.get(clientId);
      client?.postMessage({ type: CACHED_ANSWER_MESSAGE, cachedAt });
    }
    return cachedResponse ?? null;
  },
};

// No network timeout: a slow answer is still fresher than the kept one, and the buyer waits for it.
registerRoute(
  ({ url, request }) => isKeptApiAnswer(url, request.method),
  new NetworkFirst({ cacheName: API_ANSWERS_CACHE, plugins: [keepStampedOk, tellKeptAnswer] }),
);
registerRoute(
  ({ url, request }) => isSiteConfiguration(url, request.method),
  new NetworkFirst({ cacheName: SITE_CACHE, plugins: [keepOk] }),
);
registerRoute(
  ({ url, request }) => isMediaFile(url, request.method),
  new CacheFirst({
    cacheName: MEDIA_CACHE,
    plugins: [
      keepOk,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);
// Fetched before the worker controlled the first visit's page, so fetched here once: without it the
// portal cannot start offline.
self.addEventListener('install', (event) => {
  // a failure here must not fail the install: the runtime route below keeps it at the next start
  event.waitUntil(
    caches
      .open(CONFIG_CACHE)
      .then((cache) => cache.add('/config.json'))
      .catch(() => undefined),
  );
});
registerRoute(
  ({ url, request }) => isRuntimeConfig(url, self.location.origin, request.method),
  new StaleWhileRevalidate({ cacheName: CONFIG_CACHE, plugins: [keepOk] }),
);
