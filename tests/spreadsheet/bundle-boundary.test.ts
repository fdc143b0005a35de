import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// SheetJS costs over 100 kB gzip: it must be reachable from the worker entry only. This walks the static
// imports (type-only imports are erased and skipped) the way the bundler will.
const spreadsheetDir = resolve(import.meta.dirname, '../../src/services/spreadsheet');

/** A relative import as the bundler finds it: with or without its extension. */
const moduleFile = (from: string, specifier: string) => {
  const path = resolve(dirname(from), specifier);
  const isFile = (candidate: string) => existsSync(candidate) && statSync(candidate).isFile();
  return ['', '.ts', '.tsx', '/index.ts'].map((ending) => path + ending).find(isFile) ?? path;
};

function reachablePackages(entry: string): { packages: Set<string>; files: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^'";]*?from\s+'([^']+)'/gm)) {
      const [, typeOnly, specifier = ''] = match;
      if (typeOnly) continue;
      if (specifier.startsWith('.')) visit(moduleFile(file, specifier));
      else packages.add(specifier);
    }
  };
  visit(resolve(spreadsheetDir, entry));
  return { packages, files };
}

describe('where SheetJS may be loaded', () => {
  it('is reached from the worker entry', () => {
    expect(reachablePackages('quick-order.worker.ts').packages).toContain('@e965/xlsx');
  });

  it.each(['index.ts', 'quick-order-worker-client.ts', 'parse-pasted-lines.ts'])(
    'is not reached from the main-thread module %s',
    (entry) => {
      const { packages, files } = reachablePackages(entry);
      expect([...packages]).not.toContain('@e965/xlsx');
      expect([...files].some((file) => file.endsWith('quick-order.worker.ts'))).toBe(false);
    },
  );
});
