/**
 * The configuration `npm run paths` collects the model-based tests with (`vitest list`: top-level
 * code runs, test bodies do not), with the recording setup file. Not used by `npm test`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export default defineConfig({
  root,
  test: {
    name: 'paths',
    environment: 'node',
    include: ['tests/machines/**/*.model.test.ts'],
    setupFiles: [fileURLToPath(new URL('./setup.ts', import.meta.url))],
    reporters: ['default'],
  },
});
