import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout of src/ui. app/ (providers, routes, shell), screens/<route>/ (connected views),
// hooks/ (shared hooks and the context hooks), components/ (presentational only: props in, JSX out).
// It reads the files, nothing is rendered.
const root = join(__dirname, '..', '..');
const uiDir = join(root, 'src', 'ui');
const componentsDir = join(uiDir, 'components');
const hooksDir = join(uiDir, 'hooks');
const machinesDir = join(root, 'src', 'machines');

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? allFiles(path) : [path];
  });
}

const sourceFiles = (dir: string) => allFiles(dir).filter((file) => /\.tsx?$/.test(file));

/** kebab-case words, then extensions: `product-dialog.tsx`, `use-api.ts`, `i18next.d.ts`, `styles.css`. */
const kebabName = /^[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)+$/;

interface ImportLine {
  specifier: string;
  typeOnly: boolean;
  line: number;
}

/** Static imports, re-exports and dynamic imports of a file (`import type` and `export type` marked). */
function importsOf(file: string): ImportLine[] {
  const text = readFileSync(file, 'utf8');
  const found: ImportLine[] = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const statement = /^\s*(import|export)(\s+type)?\b([^'";]*?\bfrom)?\s*['"]([^'"]+)['"]/gm;
  for (const match of text.matchAll(statement)) {
    found.push({ specifier: match[4]!, typeOnly: Boolean(match[2]), line: lineOf(match.index) });
  }
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push({ specifier: match[1]!, typeOnly: false, line: lineOf(match.index) });
  }
  return found;
}

/** The file a relative specifier points at, or null for a package. */
function resolveImport(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

const inside = (file: string, dir: string) => !relative(dir, file).startsWith('..');

/** The context hooks live in hooks/ and app/ (the app actor, the cart drawer, the shell). */
const isHookModule = (file: string) => inside(file, hooksDir) || /[/\\]use-[^/\\]*$/.test(file);

describe('src/ui layout', () => {
  it('finds the files', () => {
    expect(allFiles(uiDir).length).toBeGreaterThan(50);
    expect(sourceFiles(componentsDir).length).toBeGreaterThan(10);
  });

  it('names every file and folder under src/ui in kebab-case', () => {
    const badFiles = allFiles(uiDir)
      .flatMap((file) => relative(uiDir, file).split(/[/\\]/))
      .filter((part, index, parts) => parts.indexOf(part) === index)
      .filter((part) => !kebabName.test(part) && !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(part));
    expect(badFiles).toEqual([]);
  });

  it('keeps components/ presentational: no @xstate/react, no machines at runtime, no hooks or app context', () => {
    const violations = sourceFiles(componentsDir).flatMap((file) =>
      importsOf(file).flatMap(({ specifier, typeOnly, line }) => {
        const where = `${relative(root, file)}:${line}: ${specifier}`;
        if (specifier === '@xstate/react') return [`${where}: connects to an actor`];
        const target = resolveImport(file, specifier);
        if (!target) return [];
        if (inside(target, machinesDir) && !typeOnly)
          return [`${where}: imports a machine (only \`import type\`)`];
        if (isHookModule(target) && !typeOnly) return [`${where}: uses a shared or context hook`];
        if (/app-actor|context/i.test(target) && !typeOnly) return [`${where}: reads app context`];
        return [];
      }),
    );
    expect(violations).toEqual([]);
  });

  it('has no import cycle in src/ui, type-only imports included', () => {
    const files = sourceFiles(uiDir);
    const graph = new Map(
      files.map((file) => [
        file,
        importsOf(file)
          .map(({ specifier }) => resolveImport(file, specifier))
          .filter((target): target is string => target !== null && files.includes(target)),
      ]),
    );
    const cycles: string[] = [];
    const state = new Map<string, 'visiting' | 'done'>();
    const stack: string[] = [];
    const visit = (file: string) => {
      state.set(file, 'visiting');
      stack.push(file);
      for (const next of graph.get(file) ?? []) {
        if (state.get(next) === 'visiting') {
          cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => relative(uiDir, f)).join(' → '));
        } else if (!state.has(next)) visit(next);
      }
      stack.pop();
      state.set(file, 'done');
    };
    for (const file of files) if (!state.has(file)) visit(file);
    expect(cycles).toEqual([]);
  });
});
