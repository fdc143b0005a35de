import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** A plain `N passed, N failed` closing line, which CI reads. */
export default class E2eSummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;

  onTestEnd(_test: TestCase, result: TestResult) {
    if (result.status === 'passed') this.passed += 1;
    else if (result.status !== 'skipped') this.failed += 1;
  }

  onEnd(_result: FullResult) {
    process.stdout.write(`\ne2e: ${this.passed} passed, ${this.failed} failed\n`);
  }
}
