import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type BrowserContext, chromium, type TestInfo, test } from '@playwright/test';
import {
  JOURNEY_FLAG,
  JOURNEY_FLUSH,
  JOURNEY_REPORT,
  type JourneyTransition,
} from '../../src/services/flow-usage/journey-flag';

/**
 * Collects the transitions each browser journey takes, for the studio's coverage overlay
 * (`npm run flows:coverage` merges them into docs/flows/coverage/journeys.json). Every browser
 * context a test opens (its `page`, or one it makes itself) gets an init script that switches the
 * portal's recorder on (src/services/flow-usage/) and a function the recorder hands its transitions
 * to; they are written to `<test's output folder>/flow-coverage.json` (test-results/).
 *
 * Installed once per worker from playwright.config.ts, so no spec needs to change. The hook is
 * Playwright's client instrumentation (what its own tracing uses), which is not a public API: if a
 * Playwright upgrade drops it, nothing is collected (the merge says no journey was) while the
 * journeys themselves run as before.
 */
const FLOW_COVERAGE_FILE = 'flow-coverage.json';

interface Instrumentation {
  addListener(listener: {
    runAfterCreateBrowserContext?: (context: BrowserContext) => Promise<void>;
    runBeforeCloseBrowserContext?: (context: BrowserContext) => Promise<void>;
  }): void;
}

/** What one test's file holds. */
export interface JourneyCoverageFile {
  test: string;
  file: string;
  transitions: JourneyTransition[];
}

const byTest = new Map<TestInfo, Map<string, JourneyTransition>>();
/** on globalThis: the config is also imported by specs, and each context takes the function once only */
const INSTALLED = Symbol.for('portal.flowCoverageInstalled');
const globals = globalThis as { [INSTALLED]?: boolean };

const currentTest = (): TestInfo | undefined => {
  try {
    return test.info();
  } catch {
    // outside a test (a worker's teardown): nothing to attribute the transitions to
    return undefined;
  }
};

function collect(batch: unknown) {
  const info = currentTest();
  if (!info || !Array.isArray(batch)) return;
  const seen = byTest.get(info) ?? new Map<string, JourneyTransition>();
  byTest.set(info, seen);
  for (const entry of batch as JourneyTransition[])
    if (typeof entry?.machine === 'string' && typeof entry.key === 'string')
      seen.set(`${entry.machine}\n${entry.key}`, { machine: entry.machine, key: entry.key });
  const path = info.outputPath(FLOW_COVERAGE_FILE);
  mkdirSync(dirname(path), { recursive: true });
  const file: JourneyCoverageFile = {
    test: info.titlePath.join(' › '),
    file: info.file,
    transitions: [...seen.values()],
  };
  writeFileSync(path, `${JSON.stringify(file, null, 1)}\n`);
}

async function switchOn(context: BrowserContext) {
  await context.addInitScript((flag) => {
    (globalThis as Record<string, unknown>)[flag] = true;
  }, JOURNEY_FLAG);
  await context.exposeBinding(JOURNEY_REPORT, (_source, batch: unknown) => collect(batch));
}

/** Before a context closes: what its pages have not handed over yet. */
async function flush(context: BrowserContext) {
  for (const page of context.pages()) {
    const rest = await page
      .evaluate((name) => {
        const take = (globalThis as Record<string, unknown>)[name];
        return typeof take === 'function' ? (take as () => unknown)() : [];
      }, JOURNEY_FLUSH)
      .catch(() => []);
    collect(rest);
  }
}

/** Switches collection on for every browser context of this worker (playwright.config.ts). */
export function installFlowCoverage() {
  // FLOW_COVERAGE=0: the journeys exactly as without the recorder (to tell its effects apart)
  if (process.env.FLOW_COVERAGE === '0') return;
  const instrumentation = (chromium as unknown as { _instrumentation?: Instrumentation })._instrumentation;
  if (globals[INSTALLED] || typeof instrumentation?.addListener !== 'function') return;
  globals[INSTALLED] = true;
  instrumentation.addListener({
    runAfterCreateBrowserContext: switchOn,
    runBeforeCloseBrowserContext: flush,
  });
}
