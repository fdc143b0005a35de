/**
 * How a browser-journey run switches the recorder on (tests/e2e/flow-coverage-fixture.ts): an init
 * script sets `__flowCoverage` before the portal starts, and the test runner exposes a function the
 * recorder hands each page's transitions to. Both come from Playwright; a customer's browser has neither.
 */
export const JOURNEY_FLAG = '__flowCoverage';
/** `(batch: JourneyTransition[]) => void`, exposed by the runner */
export const JOURNEY_REPORT = '__flowCoverageReport';
/** `() => JourneyTransition[]`, set by the recorder: what it has not reported yet (read before a page closes) */
export const JOURNEY_FLUSH = '__flowCoverageFlush';

/** One transition a page took: the machine's id and the transition's key. */
export interface JourneyTransition {
  machine: string;
  key: string;
}

type JourneyGlobals = Record<string, unknown>;

/** The runner's report function when this page runs in a browser journey, else null. */
export function journeyReporter(): ((batch: JourneyTransition[]) => void) | null {
  const globals = globalThis as JourneyGlobals;
  const report = globals[JOURNEY_REPORT];
  return globals[JOURNEY_FLAG] === true && typeof report === 'function'
    ? (report as (batch: JourneyTransition[]) => void)
    : null;
}

/** Offers the runner what is not reported yet (JOURNEY_FLUSH). */
export function offerFlush(flush: () => JourneyTransition[]) {
  (globalThis as JourneyGlobals)[JOURNEY_FLUSH] = flush;
}
