/**
 * /products/ on the 50,000-product seed in real Chromium: signs in as buyer, opens the list and scrolls it
 * the way a customer would (a wheel-speed scroll, then a drag of the scrollbar thumb through the whole
 * list in steps with a short scroll at each, then jumps to the middle and the end), while a
 * PerformanceObserver collects the main thread's long tasks (over 50 ms) and requestAnimationFrame counts
 * the frames drawn. Prints long tasks, the longest, total blocking time, pages fetched and frames per
 * phase. Prints figures; asserts nothing.
 * Builds the app into a temporary folder (or serves BENCH_DIST_DIR as it is), starts its own server on a
 * free port with a throwaway DATA_DIR and SEED_PRODUCTS=50000 (BENCH_PRODUCTS to change).
 * BENCH_CPU_PROFILE=<file> also writes a V8 CPU profile of the whole scroll (to find what makes a long task);
 * BENCH_HEAP_PROFILE=<file> a sampling heap profile of it (what allocates, so what the garbage collector pauses for),
 * and the JS heap used after each phase is printed.
 * Run: npx tsx scripts/bench-render-products.ts   (or `npm run bench:render`)
 */
import { execSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumFlags } from '../playwright.config';
import { freePort, untilReady } from './bench-portal';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 50_000);

interface PhaseFigures {
  phase: string;
  ms: number;
  longTasks: number;
  longest: number;
  blocking: number;
  frames: number;
  dropped: number;
  pages: number;
}

/** Runs `scroll` in the page between two marks and reads what the observers saw meanwhile. */
async function measure(page: Page, phase: string, pagesSeen: () => number, scroll: () => Promise<void>) {
  const pagesBefore = pagesSeen();
  await page.evaluate(() => {
    const w = window as unknown as { bench: { start: number; frames: number; counting: boolean } };
    w.bench.start = performance.now();
    w.bench.frames = 0;
    w.bench.counting = true;
    const tick = () => {
      if (!w.bench.counting) return;
      w.bench.frames++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await scroll();
  // the last page asked for arrives and is drawn
  await page.waitForTimeout(500);
  const figures = await page.evaluate(() => {
    const w = window as unknown as {
      bench: { start: number; frames: number; counting: boolean };
      longTasks: { start: number; duration: number }[];
    };
    w.bench.counting = false;
    const ms = performance.now() - w.bench.start;
    const during = w.longTasks.filter((task) => task.start >= w.bench.start);
    return {
      ms,
      longTasks: during.length,
      longest: Math.max(0, ...during.map((task) => task.duration)),
      blocking: during.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
      frames: w.bench.frames,
      dropped: Math.max(0, Math.round(ms / (1000 / 60)) - w.bench.frames),
    };
  });
  return { phase, ...figures, pages: pagesSeen() - pagesBefore } satisfies PhaseFigures;
}

/**
 * Scrolls at `pixelsPerSecond` for `ms`, in the page, positioned by the clock at every frame (a wheel or
 * trackpad at speed): a page that draws fewer frames covers the same rows in bigger steps, so every build
 * scrolls the same distance and does the same work.
 */
const scrollSteadily = (page: Page, pixelsPerSecond: number, ms: number) =>
  page.evaluate(
    ([speed, duration]) =>
      new Promise<void>((resolve) => {
        const start = performance.now();
        const from = window.scrollY;
        const frame = () => {
          const elapsed = Math.min(performance.now() - start, duration);
          window.scrollTo(0, from + (speed * elapsed) / 1000);
          if (elapsed < duration) requestAnimationFrame(frame);
          else resolve();
        };
        requestAnimationFrame(frame);
      }),
    [pixelsPerSecond, ms] as const,
  );

/** Drags the thumb through the list: `steps` jumps from top to bottom, each followed by `ms` of wheel scrolling. */
const dragThrough = (page: Page, steps: number, ms: number) =>
  page.evaluate(
    ([count, pause]) =>
      new Promise<void>((resolve) => {
        let step = 0;
        const next = () => {
          step++;
          const height = document.documentElement.scrollHeight - window.innerHeight;
          window.scrollTo(0, Math.round((height * step) / count));
          const end = performance.now() + pause;
          const frame = () => {
            // 2,400 px/s at 60 frames a second
            window.scrollBy(0, 40);
            if (performance.now() < end) requestAnimationFrame(frame);
            else if (step < count) next();
            else resolve();
          };
          requestAnimationFrame(frame);
        };
        next();
      }),
    [steps, ms] as const,
  );

const jumpTo = (page: Page, fraction: number, ms: number) =>
  page.evaluate(
    ([where, pause]) =>
      new Promise<void>((resolve) => {
        window.scrollTo(0, Math.round((document.documentElement.scrollHeight - window.innerHeight) * where));
        setTimeout(resolve, pause);
      }),
    [fraction, ms] as const,
  );

const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-render-'));
const ownDist = process.env.BENCH_DIST_DIR ? null : mkdtempSync(join(tmpdir(), 'portal-bench-render-dist-'));
const distDir = process.env.BENCH_DIST_DIR ?? (ownDist as string);
const port = await freePort();
const baseUrl = `http://localhost:${port}`;
if (ownDist) {
  console.log(`\n/products/ scroll: building the app into ${ownDist}…`);
  execSync(`npx vite build --logLevel warn --outDir ${ownDist} --emptyOutDir`, { stdio: 'inherit' });
}
console.log(`/products/ scroll: seeding ${PRODUCTS} products and starting the server…`);
const server = spawn('npx', ['tsx', 'server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    DATABASE_URL: '',
    SEED_PRODUCTS: String(PRODUCTS),
  },
  stdio: 'ignore',
  detached: true,
});
try {
  await untilReady(baseUrl, server);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: chromiumFlags,
  });
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  // tsx keeps function names with an `__name` helper the page does not have
  await context.addInitScript({ content: 'window.__name = (f) => f;' });
  await context.addInitScript(() => {
    const w = window as unknown as { longTasks: { start: number; duration: number }[]; bench: object };
    w.longTasks = [];
    w.bench = {};
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const page = await context.newPage();
  let pagesFetched = 0;
  page.on('response', (response) => {
    if (/\/api\/.*products\/\?.*page=/.test(response.url())) pagesFetched++;
  });
  await page.goto('/');
  await page.locator('input[name="username"]').fill('buyer');
  await page.locator('input[name="password"]').fill('buyer123');
  await page.locator('form button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
  // in-app navigation: a reload would need the "remember me" sign-in
  await page.getByRole('link', { name: 'Products' }).first().click();
  await page.waitForURL('**/products/');
  const list = page.getByRole('list', { name: 'Products' });
  await list.locator('li button').first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const rows = await list.locator('li').first().getAttribute('aria-setsize');
  const opened = await page.evaluate(() => {
    const w = window as unknown as { longTasks: { duration: number }[] };
    return {
      longTasks: w.longTasks.length,
      longest: Math.max(0, ...w.longTasks.map((task) => task.duration)),
    };
  });

  const profileTo = process.env.BENCH_CPU_PROFILE;
  const heapProfileTo = process.env.BENCH_HEAP_PROFILE;
  const cdp = await context.newCDPSession(page);
  if (profileTo) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.start');
  }
  if (heapProfileTo) {
    await cdp.send('HeapProfiler.enable');
    // every allocation sampled, the collected ones too: what the garbage collector has to clear away
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: 16_384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    } as { samplingInterval: number });
  }
  const heapUsed = async () => ((await cdp.send('Runtime.getHeapUsage')).usedSize / 1_048_576).toFixed(1);
  const heap: string[] = [await heapUsed()];
  const phases: PhaseFigures[] = [];
  const seen = () => pagesFetched;
  const push = async (figures: PhaseFigures) => {
    phases.push(figures);
    heap.push(await heapUsed());
  };
  await push(
    await measure(page, 'wheel 10 s at 6,000 px/s (~940 rows)', seen, () =>
      scrollSteadily(page, 6000, 10_000),
    ),
  );
  await push(
    await measure(page, 'thumb dragged top to bottom in 50 steps, 200 ms wheel at each', seen, () =>
      dragThrough(page, 50, 200),
    ),
  );
  await push(
    await measure(page, 'jump to the middle, 3 s wheel', seen, async () => {
      await jumpTo(page, 0.5, 100);
      await scrollSteadily(page, 6000, 3000);
    }),
  );
  await push(await measure(page, 'jump to the end', seen, () => jumpTo(page, 1, 1000)));
  if (profileTo) {
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(profileTo, JSON.stringify(profile));
  }
  if (heapProfileTo) {
    const { profile } = await cdp.send('HeapProfiler.stopSampling');
    writeFileSync(heapProfileTo, JSON.stringify(profile));
  }
  await browser.close();

  const pad = (value: string | number, width: number) => String(value).padStart(width);
  console.log(
    `\n/products/ with ${rows} rows, Chromium headless 1280x800 (sign-in and first page: ${opened.longTasks} long tasks, longest ${opened.longest.toFixed(0)} ms)\n`,
  );
  console.log('| phase | ms | long tasks | longest ms | TBT ms | frames | dropped | pages fetched |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const p of phases)
    console.log(
      `| ${p.phase} | ${pad(p.ms.toFixed(0), 5)} | ${pad(p.longTasks, 3)} | ${pad(p.longest.toFixed(0), 4)} | ${pad(p.blocking.toFixed(0), 5)} | ${pad(p.frames, 4)} | ${pad(p.dropped, 4)} | ${pad(p.pages, 3)} |`,
    );
  const all = phases.reduce(
    (sum, p) => ({
      longTasks: sum.longTasks + p.longTasks,
      longest: Math.max(sum.longest, p.longest),
      blocking: sum.blocking + p.blocking,
      frames: sum.frames + p.frames,
      dropped: sum.dropped + p.dropped,
      pages: sum.pages + p.pages,
      ms: sum.ms + p.ms,
    }),
    { longTasks: 0, longest: 0, blocking: 0, frames: 0, dropped: 0, pages: 0, ms: 0 },
  );
  console.log(
    `| **all** | ${pad(all.ms.toFixed(0), 5)} | ${pad(all.longTasks, 3)} | ${pad(all.longest.toFixed(0), 4)} | ${pad(all.blocking.toFixed(0), 5)} | ${pad(all.frames, 4)} | ${pad(all.dropped, 4)} | ${pad(all.pages, 3)} |\n`,
  );
  console.log(`JS heap used (MB) before the scroll, then after each phase: ${heap.join(' → ')}\n`);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  if (ownDist) rmSync(ownDist, { recursive: true, force: true });
}
