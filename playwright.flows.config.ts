import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumFlags } from './playwright.config';

// The specs generated from the path plans (`npm run paths -- --playwright <machine>`, docs/testing-flows.md)
// walk a running portal: BASE_URL, by default one on this machine. With FLOWS_START_SERVER=1 the
// config starts the reference server itself, as playwright.config.ts does for the journeys.

const startServer = process.env.FLOWS_START_SERVER === '1';

// The config is evaluated in the runner and again in every worker: the port and the throwaway data
// folder are chosen once and handed down through the environment.
if (startServer && !process.env.FLOWS_PORT)
  process.env.FLOWS_PORT = execSync(
    `node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})"`,
  )
    .toString()
    .trim();
if (startServer) process.env.FLOWS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-flows-'));

const baseURL = startServer
  ? `http://localhost:${process.env.FLOWS_PORT}`
  : (process.env.BASE_URL ?? 'http://localhost:8080');

export default defineConfig({
  testDir: 'tests/flows/generated',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  // a path of a dozen steps on a busy machine; each check waits up to 10 s for the screen
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // CI reads the closing `N passed, N failed` line, as for the journeys
  reporter: process.env.CI ? [['list'], ['./scripts/e2e-summary-reporter.ts']] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    // as for the journeys (playwright.config.ts): the portal's service worker would answer calls page.route mocks
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
  },
  ...(startServer
    ? {
        webServer: {
          command: 'npx vite build --logLevel warn && npx tsx server/main.ts',
          url: `${baseURL}/config.json`,
          timeout: 180_000,
          reuseExistingServer: false,
          env: {
            PORT: String(process.env.FLOWS_PORT),
            DATA_DIR: String(process.env.FLOWS_DATA_DIR),
            DATABASE_URL: '',
            // the password-reset specs read the mailed codes from the developer mailbox
            DEV_MAILBOX: '1',
            // one proxy in front: each spec registers its company from an address of its own
            TRUST_PROXY: '1',
          },
          stdout: 'ignore',
        },
      }
    : {}),
});
