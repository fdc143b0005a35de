import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The render bench runs in the ui tests' jsdom with their setup (English in memory, chunks preloaded),
// but outside `npm test`: it prints figures and asserts nothing.
export default defineConfig({
  plugins: [react()],
  root: new URL('..', import.meta.url).pathname,
  test: {
    environment: 'jsdom',
    include: ['benches/**/*.bench-run.tsx'],
    setupFiles: ['benches/profile-setup.ts', 'tests/ui/setup.ts'],
    testTimeout: 300_000,
    reporters: ['dot'],
  },
});
