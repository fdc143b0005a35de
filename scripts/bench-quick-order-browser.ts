/**
 * Quick order in a real browser: uploads a 10,000-row sheet of real stock codes and prints the time until the
 * preview shows (read in the worker, one lookup call, validation, first rows drawn) and the longest main-thread
 * task meanwhile (PerformanceObserver 'longtask'). Prints figures; asserts nothing.
 * Builds the app, starts its own server on a free port with a throwaway DATA_DIR and a 10,000-product catalogue.
 * Run: npx tsx scripts/bench-quick-order-browser.ts   (or `npm run bench`)
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import { chromium } from '@playwright/test';
import { chromiumFlags } from '../playwright.config';
import { freePort, untilReady } from './bench-portal';

const ROWS = 10_000;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

async function stockCodes(baseUrl: string, count: number): Promise<string[]> {
  const token = await fetch(`${baseUrl}/api/token/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'buyer', password: 'buyer123' }),
  });
  const { access } = (await token.json()) as { access: string };
  const codes: string[] = [];
  for (let page = 1; codes.length < count; page++) {
    const answer = await fetch(`${baseUrl}/api/netb2b/products/?page=${page}&page_size=200`, {
      headers: { Authorization: `Bearer ${access}` },
    });
    const { results } = (await answer.json()) as { results: { stock_code: string }[] };
    if (results.length === 0) break;
    codes.push(...results.map((product) => product.stock_code));
  }
  return codes.slice(0, count);
}

function sheet(codes: readonly string[]): Buffer {
  const rows = Array.from({ length: ROWS }, (_, index) => [
    codes[index % codes.length] ?? `UNKNOWN-${index}`,
    (index % 5) + 1,
    '',
  ]);
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([['Stock code', 'Quantity', 'Unit'], ...rows]), 'Order');
  return Buffer.from(write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Uint8Array);
}

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
const port = await freePort();
const baseUrl = `http://localhost:${port}`;
console.log('\nQuick order in the browser: building the app…');
execSync('npx vite build --logLevel warn', { stdio: 'inherit' });
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED_PRODUCTS: String(ROWS),
  },
  stdio: 'ignore',
  detached: true,
});
try {
  await untilReady(baseUrl, server);
  const codes = await stockCodes(baseUrl, ROWS);
  const file = sheet(codes);
  console.log(
    `${ROWS} rows (${new Set(codes).size} distinct seeded stock codes), xlsx ${(file.length / 1024).toFixed(0)} KiB, ${RUNS} runs, Chromium headless\n`,
  );

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  for (let run = 1; run <= RUNS; run++) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      const tasks: { start: number; duration: number }[] = [];
      (window as unknown as { longTasks: typeof tasks }).longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          tasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    await page.goto('/');
    await page.locator('input[name="username"]').fill('buyer');
    await page.locator('input[name="password"]').fill('buyer123');
    await page.locator('form button[type="submit"]').click();
    const input = page.locator('input[type="file"]').first();
    await input.waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');

    // Milestones noted by the page itself, so the figures are the page's own clock.
    await page.evaluate(() => {
      const marks: Record<string, number> = { start: performance.now() };
      (window as unknown as { marks: typeof marks }).marks = marks;
      new MutationObserver(() => {
        const now = performance.now();
        if (!marks.validating && document.body.textContent?.includes('Checking the stock codes'))
          marks.validating = now;
        if (!marks.preview && [...document.querySelectorAll('h3')].some((h) => h.textContent === 'Preview'))
          marks.preview = now;
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await input.setInputFiles({ name: 'reorder.xlsx', mimeType: 'application/octet-stream', buffer: file });
    await page.getByRole('heading', { name: 'Preview' }).waitFor({ timeout: 120_000 });
    await page.waitForTimeout(200);
    const figures = await page.evaluate(() => {
      const { marks, longTasks } = window as unknown as {
        marks: Record<string, number>;
        longTasks: { start: number; duration: number }[];
      };
      const during = longTasks.filter((task) => task.start >= marks.start! && task.start <= marks.preview!);
      return {
        read: (marks.validating ?? marks.preview!) - marks.start!,
        total: marks.preview! - marks.start!,
        longest: Math.max(0, ...during.map((task) => task.duration)),
        longTasks: during.length,
        summary:
          [...document.querySelectorAll('[role="status"]')].find((el) => el.textContent?.startsWith('Rows:'))
            ?.textContent ?? '',
      };
    });
    console.log(
      `run ${run}: parse in worker ${figures.read.toFixed(0).padStart(5)} ms, parse + lookup + validate + preview ${figures.total.toFixed(0).padStart(5)} ms, longest main-thread task ${figures.longest.toFixed(0).padStart(4)} ms (${figures.longTasks} long tasks)  [${figures.summary.trim()}]`,
    );
    await context.close();
  }
  await browser.close();
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
