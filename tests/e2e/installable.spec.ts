import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { chromiumFlags } from '../../playwright.config';
import { SITE_NAME } from '../../server/site-configuration';

// The portal as an installed app: Chromium finds nothing missing to install it (the DevTools protocol's
// installability check; Lighthouse no longer audits PWAs), the manifest names the supplier, and once
// the service worker has taken the page a reload without the network still opens the login screen.
// The other journeys run without the worker (playwright.config.ts): this one needs it, and a browser
// profile of its own, as Chromium installs nothing from an incognito context (Playwright's default).

const loginButton = (page: Page) => page.getByRole('button', { name: /^(log ?in|sign in)$/i });

/** The worker registers once the login screen has rendered; it controls the page once it has installed. */
async function controllingWorker(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, {
    timeout: 60_000,
  });
  return page.evaluate(() => new URL(navigator.serviceWorker.controller?.scriptURL ?? '').pathname);
}

let profile: string;
let context: BrowserContext;
test.beforeEach(async ({ baseURL }) => {
  profile = mkdtempSync(join(tmpdir(), 'installable-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
    baseURL,
    serviceWorkers: 'allow',
  });
});
test.afterEach(async () => {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
});

test('the portal can be installed and opens offline', async () => {
  test.setTimeout(120_000);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await expect(loginButton(page)).toBeVisible();
  expect(await controllingWorker(page)).toBe('/sw.js');

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  expect(installabilityErrors).toEqual([]);

  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(manifest.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  expect(await manifest.json()).toMatchObject({ name: SITE_NAME, display: 'standalone', start_url: '/' });

  // the next visit's calls pass through the worker, which keeps the supplier's name and logos
  await page.reload();
  await expect(
    page
      .getByText(SITE_NAME)
      .or(page.getByRole('img', { name: SITE_NAME }))
      .first(),
  ).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  await expect(loginButton(page)).toBeVisible();
  await expect(
    page
      .getByText(SITE_NAME)
      .or(page.getByRole('img', { name: SITE_NAME }))
      .first(),
  ).toBeVisible();
});

// A new version is released while a buyer is typing: the prompt says so and the page stays as it is; only
// Reload lets the new worker take over, and the page reloads once, into the new version. The release is
// the served dist/sw.js changed by a byte (the server reads dist/ at each request), put back afterwards.
test('a new version waits for the buyer to choose Reload', async () => {
  test.setTimeout(120_000);
  const worker = join(process.cwd(), 'dist', 'sw.js');
  const released = readFileSync(worker);
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/');
  await expect(loginButton(page)).toBeVisible();
  await controllingWorker(page);
  await page.locator('input[name="username"]').fill('half-typed');
  try {
    appendFileSync(worker, `\n// next release ${Date.now()}\n`);
    await page.evaluate(async () => {
      await (await navigator.serviceWorker.getRegistration())?.update();
    });
    const prompt = page.getByRole('status').filter({ hasText: 'A new version is ready' });
    await expect(prompt).toBeVisible({ timeout: 60_000 });
    await expect(page.locator('input[name="username"]')).toHaveValue('half-typed');

    const reloaded = page.waitForEvent('load');
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await expect(loginButton(page)).toBeVisible();
    await expect(page.locator('input[name="username"]')).toHaveValue('');
    await expect(prompt).toHaveCount(0);
  } finally {
    writeFileSync(worker, released);
  }
});
