import { execSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The config is evaluated in the runner and again in every worker: pick the free port
// and the throwaway data folder once and hand them down through the environment.
process.env.E2E_PORT ??= execSync(
  `node -e "const s=require('net').createServer();s.listen(0,()=>{console.log(s.address().port);s.close()})"`,
)
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'portal-e2e-'));
const port = Number(process.env.E2E_PORT);
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
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? [['list'], ['./scripts/e2e-summary-reporter.ts']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumFlags },
  },
  webServer: {
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
      // the journeys report deliveries as the supplier's system does, which issues the invoices
      SUPPLIER_API_KEY: E2E_SUPPLIER_API_KEY,
    },
    stdout: 'ignore',
  },
});
