// Mutation testing of the domain rules and the machines: `npm run test:mutation` (one area:
// `npm run test:mutation -- --mutate 'src/machines/cart/**/*.ts'`). Options: node_modules/@stryker-mutator/core/schema.
// Never narrow the tests with `--testFiles`: in Stryker 9.6 it switches the mutants evaluated at module
// load (most of a chart literal) to run-time activation, so they are never on and all "survive".

/**
 * A state's `description` is the text the diagrams and the paths report show a reader; no running
 * code reads it, so each of its ~300 string mutants would survive without saying anything about
 * the tests. Only a literal value is skipped: an expression there would still be mutated.
 */
const chartDescriptions = {
  shouldIgnore(path) {
    if (!path.isObjectProperty() || path.node.computed) return undefined;
    const { key, value } = path.node;
    const name = key.type === 'Identifier' ? key.name : key.type === 'StringLiteral' ? key.value : undefined;
    const literal =
      value.type === 'StringLiteral' || (value.type === 'TemplateLiteral' && value.expressions.length === 0);
    return name === 'description' && literal
      ? 'a chart description is read by people, not by code'
      : undefined;
  },
};

/** Stryker loads this file a second time as a plugin module (see `appendPlugins`) to find the ignorer. */
export const strykerPlugins = [{ kind: 'Ignore', name: 'chart-descriptions', value: chartDescriptions }];

export default {
  mutate: [
    'src/domain/**/*.ts',
    'src/machines/**/*.ts',
    // Types only: nothing to mutate.
    '!src/domain/types.ts',
    // Re-exports only.
    '!src/machines/*/index.ts',
    // The composition root binds the real API client, storage and channels: the node tests never
    // run it (the browser suite does), so every mutant in it would be "no coverage" noise.
    '!src/machines/app/app.actor.ts',
  ],
  testRunner: 'vitest',
  vitest: {
    // The node project with only the tests of these two areas (see that file for why).
    configFile: 'stryker.vitest.config.ts',
    // Each mutant runs only the test files that import its file, directly or not.
    related: true,
  },
  coverageAnalysis: 'perTest',
  // Stryker would rewrite the sandbox's tsconfig with the `typescript` package's JS API, which
  // TypeScript 7 (the Go compiler) no longer has; ours has no `extends`/`references` to rewrite, so
  // it is pointed at a file that does not exist and the step is skipped.
  tsconfigFile: 'tsconfig.none.json',
  appendPlugins: ['./stryker.config.mjs'],
  ignorers: ['chart-descriptions'],
  // The cores are shared: one runner by default (`--concurrency 2` on a quiet machine).
  concurrency: 1,
  // A loaded machine runs the generated model paths slower than the dry run measured; a mutant
  // that only looks slow must not count as killed by timeout.
  timeoutMS: 15000,
  // Results are reused for mutants whose code and covering tests did not change: the second run of
  // an unchanged tree takes a minute or two, and an area run keeps the other areas' results.
  incremental: true,
  incrementalFile: 'reports/mutation/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/mutation.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The score table per file, without listing thousands of tests and mutants (those are in the html report).
  clearTextReporter: { reportTests: false, reportMutants: false, logTests: false },
  // Not needed by the tests of these areas, and large.
  ignorePatterns: [
    'dist',
    'docs',
    'data',
    'backups',
    'test-results',
    'playwright-report',
    'screenshots',
    'bench',
    'benches',
  ],
  tempDirName: '.stryker-tmp',
};
