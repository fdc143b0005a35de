import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { localeParts } from './vite-plugins/locale-parts.ts';

/**
 * Component tests that change what a later file in the same worker would see (module mocks, stubbed
 * globals, fake clocks, the history, i18next's loaded languages): they run isolated, one fresh module
 * graph each. The others share one per worker (`isolate: false`), which halves the component run: the
 * portal's modules are evaluated once per worker instead of once per file.
 */
const isolatedUiTests = [
  'tests/ui/app/locale-retries.test.ts',
  'tests/ui/auth/back-to-login.test.tsx',
  'tests/ui/cart/back-closes-drawer.test.tsx',
  'tests/ui/cart/one-price.test.tsx',
  'tests/ui/cart/orders.test.tsx',
  'tests/ui/catalogue/campaign.test.tsx',
  'tests/ui/catalogue/notifications.test.tsx',
  'tests/ui/catalogue/place-kept.test.tsx',
  'tests/ui/documents/documents.test.tsx',
  'tests/ui/i18n.test.ts',
  'tests/ui/login-slow.test.tsx',
  'tests/ui/login.test.tsx',
  // the studio's flows texts and the overlay's report loaders: loaded once per module graph
  'tests/ui/statecharts/coverage-overlay.test.tsx',
  'tests/ui/statecharts/state-summary.test.tsx',
  'tests/ui/products/row-reveal.test.ts',
  'tests/ui/statecharts/live.test.tsx',
  'tests/ui/statecharts/simulate.test.tsx',
];

// Projects: plain Node for domain, services, machines and the server; jsdom only where a component is
// rendered (it is several times slower to start), in two groups (see isolatedUiTests).
export default defineConfig({
  plugins: [react(), localeParts()],
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    // A busy machine (two cores, a browser suite next door) must not fail a test: limits catch a hang,
    // not slowness. Speed is measured by the benchmarks (npm run bench*), never by a test's timeout.
    testTimeout: 120_000,
    // Vitest runs cores - 1 workers by default: one on a two-core machine. The main process only
    // collects results, so every core runs tests.
    maxWorkers: availableParallelism(),
    hookTimeout: 180_000,
    // Passwords hashed at a light scrypt cost: sign-ins at OWASP's cost were most of the server tests'
    // CPU time. Honoured inside Vitest only (server/security/passwords.ts).
    env: { PASSWORD_HASH_COST: 'light-for-tests' },
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'tests/{domain,machines,services,server,locales,spreadsheet,studio,wire,flows}/**/*.test.ts',
          ],
          globalSetup: ['tests/server/support/scratch-templates.ts'],
          // One module graph per worker: a file no longer pays for importing the server and the portal
          // again (half the node project's CPU time). tests/support/between-files.ts ends what a file
          // changed of the worker's globals.
          isolate: false,
          setupFiles: ['tests/support/between-files.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, ...isolatedUiTests],
          isolate: false,
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui-isolated',
          environment: 'jsdom',
          include: isolatedUiTests,
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
    ],
  },
});
