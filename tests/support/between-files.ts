/**
 * Node test files share one module graph per worker (vitest.config.ts: `isolate: false`), so what a
 * file changes of the worker's globals must not reach the next file: fake clocks, stubbed globals and
 * environment variables, spies. Each file sets these up in its own hooks; they end with the file.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
