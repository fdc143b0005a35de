import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { ManifestEntry, ManifestTransform } from 'workbox-build';

type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};

/**
 * Lazy chunks the app shell leaves to the network: the statechart studio and the staff console
 * (the supplier's people at a desk, not a buyer in a cold room), the studio's path reports and
 * flow texts, the inspection bridge the studio drives, and the layout engine (elkjs, a megabyte).
 */
const NOT_IN_APP_SHELL = [
  /^src\/ui\/screens\/(statecharts|staff)\//,
  /^src\/studio\//,
  /^src\/services\/inspection\//,
  /^src\/locales\/(studio|flows)\//,
  /^docs\//,
  /(^|\/)node_modules\/elkjs\//,
];

/**
 * The chunks a buyer's portal can load: from index.html's entry along every static and dynamic
 * import, without entering the chunks above. Their stylesheets come along.
 */
export function appShellFiles(manifest: Record<string, ManifestChunk>): Set<string> {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || NOT_IN_APP_SHELL.some((pattern) => pattern.test(key))) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  return files;
}

/**
 * What the service worker precaches (vite.config.ts, `injectManifest`): index.html, the icons and
 * the app shell's chunks as dist/.vite/manifest.json links them; never source maps or the
 * precompressed copies (vite-plugins/precompress.ts), which the glob leaves out. Prints the size,
 * which every visitor's first visit downloads in the background.
 */
export function appShellPrecache(): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let outDir = 'dist';
  // vite-plugin-pwa builds the worker in closeBundle even after a failed bundle (Rolldown passes it no
  // error): the bundle's own error is rethrown here instead of a missing manifest hiding it.
  let bundleError: Error | undefined;
  return {
    plugin: {
      name: 'app-shell-precache',
      apply: 'build',
      configResolved(config) {
        outDir = resolve(config.root, config.build.outDir);
      },
      buildStart() {
        bundleError = undefined;
      },
      buildEnd(error) {
        bundleError ??= error;
      },
      renderError(error) {
        bundleError ??= error;
      },
    },
    manifestTransform: (entries) => {
      if (bundleError) throw bundleError;
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
      const shell = appShellFiles(manifest);
      // the barcode reader's WebAssembly (zxing-wasm, for browsers without BarcodeDetector) is fetched by
      // its worker, outside the chunks' manifest: kept too, so scanning works in a cold room without signal
      const kept = entries.filter(
        (entry: ManifestEntry) =>
          !entry.url.startsWith('assets/') || shell.has(entry.url) || entry.url.endsWith('.wasm'),
      );
      const kB = (list: typeof entries) =>
        (list.reduce((sum, entry) => sum + entry.size, 0) / 1024).toFixed(0);
      const left = entries.filter((entry) => !kept.includes(entry));
      console.info(
        `app shell precache: ${kept.length} files, ${kB(kept)} kB uncompressed ` +
          `(left to the network: ${left.length} files, ${kB(left)} kB of the studio, staff console and reports)`,
      );
      return { manifest: kept };
    },
  };
}
