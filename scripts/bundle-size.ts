/**
 * Measures what the login route downloads: the entry chunk and everything it imports
 * statically (lazy chunks excluded), gzip-compressed. Run after `vite build`.
 * Exits 1 when the JavaScript is over the 130 kB gzip budget.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

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

const gzipKb = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length / 1024;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the manifest');

const staticKeys = new Set<string>();
const visit = (key: string) => {
  if (staticKeys.has(key)) return;
  staticKeys.add(key);
  for (const imported of manifest[key]?.imports ?? []) visit(imported);
};
visit(entryKey);

let jsKb = 0;
let cssKb = 0;
for (const key of staticKeys) {
  const chunk = manifest[key]!;
  const kb = gzipKb(chunk.file);
  jsKb += kb;
  console.log(`  ${chunk.file.padEnd(48)} ${kb.toFixed(1).padStart(7)} kB gzip`);
  for (const css of chunk.css ?? []) cssKb += gzipKb(css);
}
const lazyKb = Object.entries(manifest)
  .filter(([key, chunk]) => !staticKeys.has(key) && chunk.file.endsWith('.js'))
  .reduce((sum, [, chunk]) => sum + gzipKb(chunk.file), 0);
console.log(
  `login route JavaScript: ${jsKb.toFixed(1)} kB gzip (budget ${budgetKb} kB), CSS ${cssKb.toFixed(1)} kB`,
);
console.log(`lazily loaded JavaScript: ${lazyKb.toFixed(1)} kB gzip`);
if (jsKb > budgetKb) {
  console.error(`over budget by ${(jsKb - budgetKb).toFixed(1)} kB`);
  process.exit(1);
}
