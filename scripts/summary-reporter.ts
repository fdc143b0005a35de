import type { UserConsoleLog } from 'vitest';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * CI reads a plain `N passed, N failed` closing line, and QA wants the
 * per-machine coverage lines together rather than scattered through the log.
 */
export default class SummaryReporter implements Reporter {
  private coverageLines: string[] = [];

  onUserConsoleLog(log: UserConsoleLog) {
    for (const line of log.content.split('\n')) {
      if (line.startsWith('coverage ')) this.coverageLines.push(line.trim());
    }
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      let failedInModule = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failedInModule += 1;
        else skipped += 1;
      }
      // A file can fail with every test green: an error in a hook or at import time.
      failed += failedInModule || (module.state() === 'failed' ? 1 : 0);
    }
    const lines = [...new Set(this.coverageLines)].sort();
    if (lines.length) process.stdout.write(`\n${lines.join('\n')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }
}
