import { availableParallelism } from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localeParts } from './vite-plugins/locale-parts.ts';

// Two projects: plain Node for domain, services, machines and the server;
// jsdom only where a component is rendered (it is several times slower to start).
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
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{domain,machines,services,server,locales,spreadsheet,studio,wire}/**/*.test.ts'],
          globalSetup: ['tests/server/support/scratch-templates.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
    ],
  },
});
