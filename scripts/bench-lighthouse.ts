/**
 * `npm run bench:lighthouse`: Lighthouse mobile (simulated throttling, its defaults) with the system
 * Chromium against the built portal served by its own server on loopback: the login page, then the
 * home page signed in (buyer, Remember Me, storage kept between the sign-in and the run).
 *
 * Prints each page's scores and metrics beside the previous run's (bench/lighthouse-previous.json,
 * committed, then overwritten with this run) and where the full HTML/JSON reports went.
 *
 * Environment:
 *   BENCH_BASE_DIR  another checkout to measure (its dist/ and server/), e.g. the issue's "before"
 *   BENCH_DIST_DIR  a build elsewhere (e.g. `vite build --outDir`), served as it is
 *   BENCH_RUNS      runs per page, the median performance run is reported (default 3)
 *   BENCH_NO_BUILD  1: serve dist/ as it is even when the sources are newer
 *   CHROME_PATH     the browser (default /usr/bin/chromium)
 */
import { execFileSync, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { freePort, untilReady } from './bench-portal';

const repoDir = resolve(import.meta.dirname, '..');
const targetDir = resolve(process.env.BENCH_BASE_DIR ?? repoDir);
const distDir = resolve(process.env.BENCH_DIST_DIR ?? join(targetDir, 'dist'));
const runs = Number(process.env.BENCH_RUNS ?? 3);
const previousFile = join(repoDir, 'bench/lighthouse-previous.json');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

type PageFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  transferKiB: number;
  /** every run's performance score, the reported run being their median */
  performanceRuns: number[];
};
type Figures = { commit: string; date: string; runs: number; pages: Record<string, PageFigures> };

/** The newest modification time under a path (files only). */
function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

/** A dist/ older than any source it is built from is rebuilt, so a fresh clone after `npm ci` works too. */
function ensureBuilt() {
  const built = newestMtime(join(distDir, 'index.html'));
  const sources = Math.max(
    ...['src', 'public', 'index.html', 'vite.config.ts', 'vite-plugins', 'package-lock.json'].map((p) =>
      newestMtime(join(targetDir, p)),
    ),
  );
  if (built > sources || (built && (process.env.BENCH_NO_BUILD === '1' || process.env.BENCH_DIST_DIR)))
    return;
  console.log(built ? 'dist/ is older than the sources: building…' : 'no dist/: building…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: targetDir, stdio: 'inherit' });
}

function commitOf(dir: string): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: dir, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: dir,
      encoding: 'utf8',
    }).trim();
    return dirty ? `${head}+changes` : head;
  } catch {
    return 'unknown';
  }
}

async function startServer(port: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-data-'));
  const server = spawn(join(repoDir, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: targetDir,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      JWT_SECRET: 'bench-lighthouse-secret-0123456789abcdef',
      DIST_DIR: distDir,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await untilReady(`http://127.0.0.1:${port}`, server, 60_000);
  return server;
}

const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
const score = (lhr: Result, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

function figuresOf(lhr: Result): Omit<PageFigures, 'performanceRuns'> {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    bestPractices: score(lhr, 'best-practices'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    transferKiB: numeric(lhr, 'total-byte-weight') / 1024,
  };
}

/** Only a signed-in home asks the API for the catalogue; the login page never does. */
function assertSignedInHome(lhr: Result) {
  const requests =
    (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] } | undefined)
      ?.items ?? [];
  const catalogue = requests.filter(
    (r) => /\/api\/.*(campaign|categor|brand)/i.test(r.url) && r.statusCode === 200,
  );
  const lcp = lhr.audits['largest-contentful-paint-element']?.details as unknown;
  if (!catalogue.length) {
    throw new Error(
      `the home run did not load the catalogue: not signed in? (final URL ${lhr.finalDisplayedUrl}, LCP element ${JSON.stringify(lcp).slice(0, 300)})`,
    );
  }
}

async function main() {
  ensureBuilt();
  const commit = commitOf(targetDir);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const reportDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-reports-'));
  console.log(`Measuring ${targetDir} (${commit}) at ${origin}, ${runs} run(s) per page…`);
  const server = await startServer(port);
  const chrome = await launch({ chromePath, chromeFlags });
  const pages: Record<string, PageFigures> = {};
  try {
    const flags: Flags = {
      port: chrome.port,
      output: ['html', 'json'],
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    };
    const measure = async (name: string, url: string, extra: Flags, check?: (lhr: Result) => void) => {
      const results: { lhr: Result; report: string[] }[] = [];
      for (let run = 1, failures = 0; run <= runs; run++) {
        const result = await lighthouse(url, { ...flags, ...extra });
        if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
        // a run that failed (e.g. NO_FCP on a starved CPU) scores 0: measure again rather than count it
        if (result.lhr.runtimeError && failures++ < 3) {
          console.warn(`${name}: run failed (${result.lhr.runtimeError.code}), running it again`);
          run--;
          continue;
        }
        check?.(result.lhr);
        const report = Array.isArray(result.report) ? result.report : [result.report];
        results.push({ lhr: result.lhr, report });
      }
      const sorted = [...results].sort((a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'));
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      writeFileSync(join(reportDir, `${name}.html`), median.report[0]!);
      writeFileSync(join(reportDir, `${name}.json`), median.report[1]!);
      pages[name] = {
        ...figuresOf(median.lhr),
        performanceRuns: results.map((r) => score(r.lhr, 'performance')),
      };
    };

    await measure('login', `${origin}/`, {});

    // Sign in once in the same browser; Remember Me keeps the session in storage Lighthouse then leaves alone.
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'networkidle0' });
    await page.type('input[name="username"]', 'buyer');
    await page.type('input[name="password"]', 'buyer123');
    await page.click('input[name="remember"]');
    await page.click('button[type="submit"]');
    await page.waitForSelector('nav a[href="/"]', { timeout: 20_000 });
    await page.close();
    await browser.disconnect();

    await measure('home', `${origin}/`, { disableStorageReset: true }, assertSignedInHome);
  } finally {
    chrome.kill();
    server.kill('SIGTERM');
  }

  const previous: Figures | null = existsSync(previousFile)
    ? JSON.parse(readFileSync(previousFile, 'utf8'))
    : null;
  const current: Figures = { commit, date: new Date().toISOString(), runs, pages };
  printTable(current, previous);
  mkdirSync(join(repoDir, 'bench'), { recursive: true });
  writeFileSync(previousFile, `${JSON.stringify(current, null, 2)}\n`);
  console.log(`\nFull reports (median run of each page): ${reportDir}/{login,home}.{html,json}`);
  console.log(`This run is now the "previous" one: ${previousFile}`);
}

function printTable(current: Figures, previous: Figures | null) {
  const columns: [string, (f: PageFigures) => string][] = [
    ['performance', (f) => String(f.performance)],
    ['accessibility', (f) => String(f.accessibility)],
    ['best practices', (f) => String(f.bestPractices)],
    ['LCP', (f) => `${(f.lcpMs / 1000).toFixed(2)} s`],
    ['FCP', (f) => `${(f.fcpMs / 1000).toFixed(2)} s`],
    ['TBT', (f) => `${Math.round(f.tbtMs)} ms`],
    ['CLS', (f) => f.cls.toFixed(3)],
    ['transfer', (f) => `${Math.round(f.transferKiB)} KiB`],
  ];
  console.log(
    `\nLighthouse ${current.runs > 1 ? `(median performance of ${current.runs} runs) ` : ''}mobile, simulated throttling`,
  );
  console.log(`now:      ${current.commit} (${current.date})`);
  console.log(previous ? `previous: ${previous.commit} (${previous.date})` : 'previous: none recorded');
  const header = ['page', ...columns.map(([name]) => name)];
  const rows = Object.entries(current.pages).map(([name, figures]) => {
    const before = previous?.pages[name];
    return [
      name,
      ...columns.map(([, format]) =>
        before ? `${format(figures)} (was ${format(before)})` : format(figures),
      ),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  console.log(line(header));
  for (const row of rows) console.log(line(row));
  for (const [name, figures] of Object.entries(current.pages)) {
    if (figures.performanceRuns.length > 1)
      console.log(`${name} performance runs: ${figures.performanceRuns.join(', ')}`);
  }
}

await main();
