/**
 * `npm run size`: what each chunk costs. First the login route (the entry chunk and everything it
 * imports statically, plus the English sign-in texts index.html preloads), gzip and brotli at the
 * highest levels with what each chunk mainly holds; then every lazy chunk, largest first.
 * Run after `vite build`. Exits 1 when the login route's JavaScript is over the 130 kB gzip budget.
 *
 * What a chunk holds comes from dist/.vite/chunk-modules.json (vite-plugins/preload-first-paint.ts):
 * each module's rendered size, summed per node_modules package or per src/ folder.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
const budgetKb = 130;
const dist = process.argv[2] ?? 'dist';
const manifest: Record<string, ManifestChunk> = JSON.parse(
  readFileSync(join(dist, '.vite/manifest.json'), 'utf8'),
);
const modulesFile = join(dist, '.vite/chunk-modules.json');
const chunkModules: Record<string, Record<string, number>> = existsSync(modulesFile)
  ? JSON.parse(readFileSync(modulesFile, 'utf8'))
  : {};

const sizes = (file: string) => sizesOf(readFileSync(join(dist, file)));
function sizesOf(bytes: Buffer) {
  return {
    gzip: gzipSync(bytes, { level: 9 }).length / 1024,
    brotli:
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
      }).length / 1024,
  };
}

/** The biggest contributors of a chunk: node_modules packages, or the src/ folder of the app's own code. */
function holds(file: string, top = 4): string {
  const modules = chunkModules[file];
  if (!modules) return '';
  const groups = new Map<string, number>();
  for (const [id, length] of Object.entries(modules)) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
    const own = /\/?(src\/(?:[^/]+\/){0,2})/.exec(id)?.[1]?.replace(/\/$/, '');
    const group = pkg ?? own ?? id.replace(/^\0/, '').slice(0, 40);
    groups.set(group, (groups.get(group) ?? 0) + length);
  }
  const total = [...groups.values()].reduce((sum, n) => sum + n, 0) || 1;
  return [...groups.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([group, length]) => `${group} ${Math.round((length / total) * 100)}%`)
    .join(', ');
}

const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');

const staticKeys = new Set<string>();
const visit = (key: string) => {
  if (staticKeys.has(key)) return;
  staticKeys.add(key);
  for (const imported of manifest[key]?.imports ?? []) visit(imported);
};
visit(entryKey);
// i18next always loads the fallback language's sign-in texts, and index.html preloads them: they belong to the
// login route and count in its budget.
const localeKey = Object.keys(manifest).find((key) => /(^|\/)src\/locales\/en\.sign-in-texts\.js$/.test(key));

const row = (file: string, size: { gzip: number; brotli: number }, note: string) =>
  `  ${file.padEnd(48)} ${size.gzip.toFixed(1).padStart(7)} ${size.brotli.toFixed(1).padStart(8)}   ${note}`;

console.log('Login route (entry + static imports), kB:');
console.log(`  ${'chunk'.padEnd(48)} ${'gzip'.padStart(7)} ${'brotli'.padStart(8)}   mainly`);
let js = { gzip: 0, brotli: 0 };
let css = { gzip: 0, brotli: 0 };
for (const key of staticKeys) {
  const chunk = manifest[key]!;
  const size = sizes(chunk.file);
  js = { gzip: js.gzip + size.gzip, brotli: js.brotli + size.brotli };
  console.log(row(chunk.file, size, holds(chunk.file)));
  for (const file of chunk.css ?? []) {
    const cssSize = sizes(file);
    css = { gzip: css.gzip + cssSize.gzip, brotli: css.brotli + cssSize.brotli };
    console.log(row(file, cssSize, 'stylesheet (inline in index.html)'));
  }
}
// index.html's inline script, which starts the portal after the splash has painted, is JavaScript too
const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8');
for (const [, inline = ''] of indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
  const size = sizesOf(Buffer.from(inline));
  js = { gzip: js.gzip + size.gzip, brotli: js.brotli + size.brotli };
  console.log(row('index.html <script>', size, 'starts the portal after the first paint'));
}
if (!localeKey) throw new Error('no English sign-in texts in the manifest: the budget would leave them out');
const localeFile = manifest[localeKey]!.file;
const locale = sizes(localeFile);
console.log(row(localeFile, locale, 'English sign-in texts (preloaded, JSON)'));
js = { gzip: js.gzip + locale.gzip, brotli: js.brotli + locale.brotli };
console.log(
  `login route JavaScript: ${js.gzip.toFixed(1)} kB gzip, ${js.brotli.toFixed(1)} kB brotli (budget ${budgetKb} kB gzip); ` +
    `English texts included; CSS ${css.gzip.toFixed(1)} kB gzip`,
);

const lazy = Object.entries(manifest)
  .filter(([key, chunk]) => !staticKeys.has(key) && key !== localeKey && chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ key, file: chunk.file, size: sizes(chunk.file) }))
  .sort((a, b) => b.size.gzip - a.size.gzip);
console.log(`\nLazy chunks (${lazy.length}), largest first, kB:`);
for (const { file, size } of lazy) console.log(row(file, size, holds(file, 3)));
const lazyTotal = lazy.reduce((sum, { size }) => sum + size.gzip, 0);
console.log(`lazily loaded JavaScript: ${lazyTotal.toFixed(1)} kB gzip`);

// the margin in bytes: a tenth of a kB rounds away the difference a change makes
const marginBytes = Math.round((budgetKb - js.gzip) * 1024);
if (marginBytes < 0) {
  console.error(`over budget by ${-marginBytes} bytes`);
  process.exit(1);
}
console.log(`login route: ${marginBytes} bytes under budget`);
