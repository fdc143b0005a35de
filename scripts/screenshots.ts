/**
 * Screenshots of the main screens at desktop and 390 px, light and dark, English and Arabic,
 * for a human to look at. Usage: BASE_URL=http://localhost:8080 npx tsx scripts/screenshots.ts [out-dir] [screen...]
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumFlags } from '../playwright.config';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:8080';
const outDir = process.argv[2] ?? 'screenshots';
const only = process.argv.slice(3);

type Screen = { name: string; signedIn: boolean; open: (page: Page) => Promise<void> };
const screens: Screen[] = [
  { name: 'login', signedIn: false, open: async (page) => void (await page.goto('/')) },
  { name: 'home', signedIn: true, open: async (page) => void (await page.goto('/')) },
];
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

async function signIn(page: Page) {
  await page.goto('/');
  await page.locator('input[name="username"]').fill('buyer');
  await page.locator('input[name="password"]').fill('buyer123');
  await page.locator('form button[type="submit"]').click();
  await page.locator('input[name="password"]').waitFor({ state: 'detached' });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
mkdirSync(outDir, { recursive: true });
for (const screen of screens.filter((s) => !only.length || only.includes(s.name))) {
  for (const [viewportName, viewport] of Object.entries(viewports)) {
    for (const theme of ['light', 'dark'] as const) {
      for (const lang of ['en', 'ar'] as const) {
        const context = await browser.newContext({ viewport, baseURL: baseUrl });
        await context.addInitScript(
          ({ t, l }) => {
            localStorage.setItem('portal.theme', t);
            localStorage.setItem('i18nextLng', l);
          },
          { t: theme, l: lang },
        );
        const page = await context.newPage();
        if (screen.signedIn) await signIn(page);
        await screen.open(page);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const file = join(outDir, `${screen.name}-${viewportName}-${theme}-${lang}.png`);
        await page.screenshot({ path: file, fullPage: false });
        console.log(file);
        await context.close();
      }
    }
  }
}
await browser.close();
