import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

interface Counts {
  passed: number;
  failed: number;
}

/**
 * A plain `N passed, N failed` closing line, which CI reads, summing every project (the reference
 * server's journeys and the conformance profile's), after one line per project for whoever reads
 * the log.
 */
export default class E2eSummaryReporter implements Reporter {
  private readonly projects = new Map<string, Counts>();

  onTestEnd(test: TestCase, result: TestResult) {
    const project = test.parent.project()?.name || 'default';
    const counts = this.projects.get(project) ?? { passed: 0, failed: 0 };
    if (result.status === 'passed') counts.passed += 1;
    else if (result.status !== 'skipped') counts.failed += 1;
    this.projects.set(project, counts);
  }

  onEnd(_result: FullResult) {
    const all = [...this.projects.values()];
    const passed = all.reduce((sum, counts) => sum + counts.passed, 0);
    const failed = all.reduce((sum, counts) => sum + counts.failed, 0);
    for (const [project, counts] of this.projects)
      process.stdout.write(`\ne2e ${project}: ${counts.passed} passed, ${counts.failed} failed`);
    process.stdout.write(`\ne2e: ${passed} passed, ${failed} failed\n`);
  }
}
