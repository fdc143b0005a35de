import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { installFlowCoverage } from './tests/e2e/flow-coverage-fixture';

// The config is evaluated in the runner and again in every worker: pick the free ports
// and the throwaway data folders once and hand them down through the environment.
// Both ports are held open together while they are chosen, so the two servers never get the same one.
if (!process.env.E2E_PORT || !process.env.E2E_SPEC_PORT) {
  const [reference, spec] = execSync(
    `node -e "const n=require('net');const a=n.createServer(),b=n.createServer();a.listen(0,()=>b.listen(0,()=>{console.log(a.address().port+' '+b.address().port);a.close();b.close()}))"`,
  )
    .toString()
    .trim()
    .split(' ');
  process.env.E2E_PORT ??= reference;
  process.env.E2E_SPEC_PORT ??= spec;
}
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
process.env.E2E_SPEC_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-spec-'));
const port = Number(process.env.E2E_PORT);
/** the conformance profile's server: the same build, answering only SPEC.md point 7 (API_PROFILE=spec) */
const specPort = Number(process.env.E2E_SPEC_PORT);
// Every journey's transitions go to test-results/ for the coverage overlay (`npm run flows:coverage`).
installFlowCoverage();

export const E2E_SUPPLIER_API_KEY = 'e2e-supplier-api-key-0123456789abcdef';

export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['./scripts/e2e-summary-reporter.ts']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    // page.route does not see what a service worker answers: the journeys mock calls without the portal's
    // worker; a journey about the worker opts in with test.use({ serviceWorkers: 'allow' })
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
  },
  // Two folders, so neither project sees the other's journeys.
  projects: [
    { name: 'reference', testDir: 'tests/e2e', use: { baseURL: `http://localhost:${port}` } },
    { name: 'spec-profile', testDir: 'tests/e2e-spec', use: { baseURL: `http://localhost:${specPort}` } },
  ],
  // Started one after the other: the first builds dist/, which the second then serves as well.
  webServer: [
    {
      command: 'npx vite build --logLevel warn && npx tsx server/main.ts',
      url: `http://localhost:${port}/config.json`,
      timeout: 180_000,
      reuseExistingServer: false,
      // The journeys read password-reset codes from the developer mailbox.
      env: {
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        DATABASE_URL: '',
        DEV_MAILBOX: '1',
        // the standing-order journeys run the scheduler as of a chosen instant
        DEV_CLOCK: '1',
        // the journeys report deliveries as the supplier's system does, which issues the invoices
        SUPPLIER_API_KEY: E2E_SUPPLIER_API_KEY,
        // one proxy in front: fresh-company.ts registers each company from an address of its own
        TRUST_PROXY: '1',
        // the simulated ERP's journey (erp-order-life.spec.ts) waits on order events: sent at once, retried soon
        WEBHOOK_POLL_MS: '100',
        WEBHOOK_BACKOFF_BASE_MS: '200',
        // customers' transitions counted, as a supplier may turn on (flow-usage-counts.spec.ts)
        FLOW_USAGE_COUNTS: '1',
      },
      stdout: 'ignore',
    },
    {
      command: 'npx tsx server/main.ts',
      url: `http://localhost:${specPort}/config.json`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(specPort),
        DATA_DIR: process.env.E2E_SPEC_DATA_DIR,
        DATABASE_URL: '',
        API_PROFILE: 'spec',
      },
      stdout: 'ignore',
    },
  ],
});
