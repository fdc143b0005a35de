import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// The layout of src/machines: kernel/ holds what every machine uses (ports and binding, the lazy
// resource, abort, error reporting); every other folder is one feature, whose index.ts is all that the
// rest of src/ may import of it. A feature's files then move and split without touching their users, and
// what a feature offers the others is one short list. Biome's noRestrictedImports says the same while
// typing (biome.json); this test resolves every import, so a path spelt another way is caught too.
const root = join(__dirname, '..', '..');
const srcDir = join(root, 'src');
const machinesDir = join(srcDir, 'machines');
const kernel = 'kernel';

function allFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? allFiles(path) : [path];
  });
}

const sourceFiles = (dir: string) => allFiles(dir).filter((file) => /\.tsx?$/.test(file));
const folders = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = folders(machinesDir).filter((folder) => folder !== kernel);

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
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return base;
}

/** The folder of src/machines a file is in (`cart`, `kernel`), or null outside src/machines. */
function folderOf(file: string): string | null {
  const path = relative(machinesDir, file);
  if (path.startsWith('..')) return null;
  const parts = path.split(sep);
  return parts.length > 1 ? parts[0]! : '';
}

const indexOf = (feature: string) => join(machinesDir, feature, 'index.ts');

/** What is wrong with an import of `target` from `file`, or null when the layout allows it. */
function layoutProblem(file: string, target: string, typeOnly: boolean): string | null {
  const to = folderOf(target);
  const from = folderOf(file);
  if (to === null || to === kernel || to === from) return null;
  if (target !== indexOf(to)) return `reaches into ${to}/ past its index (import '…/machines/${to}')`;
  if (from === kernel && !typeOnly) return `kernel/ imports ${to}/ at runtime (only \`import type\`)`;
  return null;
}

describe('src/machines layout', () => {
  it('finds the features and the kernel', () => {
    expect(features.length).toBeGreaterThan(10);
    expect(sourceFiles(join(machinesDir, kernel)).length).toBeGreaterThan(5);
  });

  it('keeps every file in kernel/ or a feature folder, and gives every feature an index', () => {
    const loose = readdirSync(machinesDir).filter((name) => !statSync(join(machinesDir, name)).isDirectory());
    const withoutIndex = features.filter((feature) => !existsSync(indexOf(feature)));
    const nested = [kernel, ...features].flatMap((folder) => folders(join(machinesDir, folder)));
    expect({ loose, withoutIndex, nested }).toEqual({ loose: [], withoutIndex: [], nested: [] });
  });

  it('writes each index as re-exports of its own feature only', () => {
    const notReexports = features.flatMap((feature) =>
      readFileSync(indexOf(feature), 'utf8')
        .split(/;\s*\n/)
        .map((statement) => statement.trim())
        .filter(Boolean)
        .filter((statement) => !/^export (type )?\{[^}]*\} from '\.\/[\w.-]+'$/.test(statement))
        .map((statement) => `${feature}/index.ts: ${statement.split('\n')[0]}`),
    );
    expect(notReexports).toEqual([]);
  });

  it('lets src/ reach a feature only through its index, and kernel/ reach one only for types', () => {
    const violations = sourceFiles(srcDir).flatMap((file) =>
      importsOf(file).flatMap(({ specifier, typeOnly, line }) => {
        const target = resolveImport(file, specifier);
        const problem = target && layoutProblem(file, target, typeOnly);
        return problem ? [`${relative(root, file)}:${line}: ${specifier}: ${problem}`] : [];
      }),
    );
    expect(violations).toEqual([]);
  });

  it('mirrors the folders in tests/machines', () => {
    const testFolders = folders(__dirname);
    expect(testFolders.filter((folder) => ![kernel, ...features].includes(folder))).toEqual([]);
  });
});
