import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { localeParts } from './vite-plugins/locale-parts.ts';

// Two projects: plain Node for domain, services, machines and the server;
// jsdom only where a component is rendered (it is several times slower to start).
export default defineConfig({
  plugins: [react(), localeParts()],
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{domain,machines,services,server,locales,spreadsheet,studio,wire}/**/*.test.ts'],
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
