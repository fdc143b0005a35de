import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * What Stryker runs (stryker.config.mjs): the node project of vitest.config.ts, narrowed to the tests
 * of the mutated areas. With the whole config, the server tests would run for every domain mutant
 * they import (a database each), and the jsdom project would start for nothing. The Stryker vitest
 * runner has no project option, hence this file.
 */
const node = base.test?.projects?.find(
  (project): project is TestProjectInlineConfiguration =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'node',
);
if (!node) throw new Error('vitest.config.ts has no project named "node"');

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: [
      {
        ...node,
        test: {
          ...node.test,
          include: ['tests/{domain,machines}/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            // They read the source text, which Stryker has rewritten with its mutant switches: the
            // dry run fails on them. What they guard (the literal Stately reads, the folder rules,
            // the diagrams in docs/) is not behaviour a mutant changes.
            'tests/machines/charts-parse.test.ts',
            'tests/machines/**/*.literal.test.ts',
            'tests/machines/layout.test.ts',
            'tests/machines/diagrams.test.ts',
            // The whole app booted over a fake server (composition root, lazily loaded cart area),
            // waited for with wall-clock limits that an instrumented run on shared cores misses: they
            // failed the dry run while passing alone, and a flaky test would count mutants as killed.
            // They test the wiring of app.actor.ts, which is not mutated.
            'tests/machines/app/tab-sync.test.ts',
            'tests/machines/**/*-app.test.ts',
          ],
          // Instrumented code on a loaded machine is slower than a plain run: a test that times out
          // would count its mutant as killed. Stryker's own timeout still stops endless loops.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
