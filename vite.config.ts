import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { webManifest } from './src/services/api/wire/web-manifest.ts';
import { appShellPrecache } from './vite-plugins/app-shell-precache.ts';
import { localeParts } from './vite-plugins/locale-parts.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { firstPaint, isLoginRouteChunk } from './vite-plugins/preload-first-paint.ts';
import { signedInChunkName } from './vite-plugins/signed-in-chunk.ts';

/**
 * The states' descriptions document the charts for QA's path reports and Stately's editor; the
 * running portal never reads them, so production builds leave them out of the login route.
 */
function stripStateDescriptions(): Plugin {
  // single-quoted, or double-quoted where the text has an apostrophe (the formatter's choice)
  const description = /\bdescription:\s*(?:'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"),?/g;
  return {
    name: 'strip-state-descriptions',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]machines[\\/][^\\/]+[\\/][^\\/]+\.(machine|resource)\.ts$/.test(id)) return null;
      return { code: code.replace(description, ''), map: null };
    },
  };
}

/**
 * React 19 has useSyncExternalStore: the shim @xstate/react, react-i18next and wouter import (for
 * React 16 and 17) only hands React's own back, and its code cost the login route 0.2 kB gzip.
 * Build only: development keeps the packages as published.
 */
function reactOwnSyncExternalStore(): Plugin {
  return {
    name: 'react-own-sync-external-store',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (/^use-sync-external-store\/shim(\/index\.js)?$/.test(source))
        return this.resolve('react', importer, { skipSelf: true });
      if (source === 'use-sync-external-store/shim/with-selector')
        return this.resolve('use-sync-external-store/with-selector', importer, { skipSelf: true });
      return null;
    },
  };
}

const apiPort = Number(process.env.API_PORT ?? 8080);

/**
 * The static default manifest, for a supplier serving dist/ from its own web server; the reference
 * server answers /manifest.webmanifest itself with the supplier's name (server/routes/web-manifest.ts).
 */
function defaultWebManifest(): Plugin {
  return {
    name: 'default-web-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'manifest.webmanifest',
        source: JSON.stringify(webManifest()),
      });
    },
  };
}

const precache = appShellPrecache();

/**
 * The service worker (src/sw.ts → dist/sw.js): it keeps the app shell for offline starts and the API's
 * answers for offline reading. Registered by the portal itself after the first paint
 * (src/services/pwa/register.ts), so the plugin injects nothing into index.html; never in development.
 */
const serviceWorker = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src',
  filename: 'sw.ts',
  injectRegister: false,
  manifest: false,
  devOptions: { enabled: false },
  injectManifest: {
    rollupFormat: 'iife',
    // no map for the worker: nothing reads its stack
    sourcemap: false,
    globPatterns: ['index.html', 'assets/*.{js,css,wasm}', 'favicon.svg', 'icons/*.png', 'flags/*.svg'],
    globIgnores: ['**/*.map', '**/*.br', '**/*.gz'],
    manifestTransforms: [precache.manifestTransform],
  },
});

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    localeParts(),
    stripStateDescriptions(),
    reactOwnSyncExternalStore(),
    firstPaint(),
    precompress(),
    defaultWebManifest(),
    precache.plugin,
    serviceWorker,
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': `http://localhost:${apiPort}`,
      '/config.json': `http://localhost:${apiPort}`,
      '/media': `http://localhost:${apiPort}`,
      // No /dev/: the API server shows its developer mailbox to loopback peers only, and through a
      // proxy every peer is loopback, so `vite --host` would hand reset codes to the whole LAN.
      // The mailbox is read on the API server's own port (npm run dev prints its address).
    },
  },
  build: {
    target: 'es2022',
    // every browser the portal supports preloads modules natively; the polyfill only cost the login route bytes
    modulePreload: {
      polyfill: false,
      // A lazy import's preloads leave out the login route's chunks: they ran before any lazy import can,
      // and preloading them again appended a <link> for each on every import, which added to the signed-in
      // home's blocking time. The build checks the pattern against the entry's chunks (preload-first-paint.ts).
      // A chunk with nothing else to preload is fetched by its import() alone just as soon: listing it
      // cost the entry its name twice.
      resolveDependencies: (file, deps, { hostType }) => {
        if (hostType !== 'js') return deps;
        const needed = deps.filter((dep) => !isLoginRouteChunk(dep));
        return needed.length === 1 && needed[0] === file ? [] : needed;
      },
    },
    // maps stay in dist/ for reading an error report's stack on the server, with no sourceMappingURL
    // comment pointing at them; the server answers 404 for *.map (server/routes/spa.ts)
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      // A module of src/machines only declares (charts, selectors, binders): loading it does nothing else.
      // Telling Rolldown so lets a feature's index (src/machines/<feature>/index.ts) cost only the names
      // an importer takes from it; otherwise every chart an index re-exports would join the login route.
      treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]machines[\\/]/, sideEffects: false }] },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              // what the login route needs besides the libraries (the API client, the error reporting, the
              // preload helper): one chunk with them compresses better than four small ones
              // (the studio's imports had made rolldown split them off the entry)
              test: (id: string) =>
                // <Trans> (and its HTML parser) only serves lazy screens: the group would pull it into the login route
                !/node_modules[\\/](react-i18next[\\/]dist[\\/]es[\\/]Trans|html-parse-stringify)/.test(id) &&
                (/node_modules[\\/](react|react-dom|scheduler|react-i18next|i18next|use-sync-external-store|@xstate[\\/]react|xstate|wouter|regexparam|ky|zod)[\\/]/.test(
                  id,
                ) ||
                  /vite[\\/]preload-helper|[\\/]src[\\/](services[\\/]api[\\/](client|portalApi|signed-in-area-methods|jwt|auth|baf|accessToken|account-access-methods)\.ts|services[\\/]api[\\/]wire[\\/](auth|site)\.ts|machines[\\/]kernel[\\/](error-reporting|errorInfo|not-bound)\.ts|ui[\\/]components[\\/]spinner\.tsx)/.test(
                    id,
                  )),
            },
            {
              name: (id: string, graph) => signedInChunkName(id, graph),
              debugName: 'signed-in',
              priority: -1,
              // its imports from the login route and the cart area stay where they are
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
});
