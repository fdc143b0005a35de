import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Views read state only through named selectors (src/machines/<feature>/*.selectors.ts). Reading a
// snapshot's state or data directly, or pulling a snapshot outside useSelector, fails here; comments
// count too, so a file cannot hide a forbidden read behind one.
const root = join(__dirname, '..', '..');
const uiDir = join(root, 'src', 'ui');

const forbidden: { pattern: RegExp; why: string }[] = [
  { pattern: /\.matches\(/, why: 'state test in a view (use a named selector)' },
  { pattern: /\.context\./, why: 'context read in a view (use a named selector)' },
  { pattern: /\.context\)/, why: 'context read in a view (use a named selector)' },
  { pattern: /getSnapshot\(\)/, why: 'snapshot pulled outside useSelector (use a selector or a hook)' },
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function findViolations(files: readonly string[]): string[] {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        forbidden
          .filter(({ pattern }) => pattern.test(line))
          .map(({ why }) => `${relative(root, file)}:${index + 1}: ${why}: ${line.trim()}`),
      ),
  );
}

describe('views read state only through named selectors', () => {
  it('finds the view files', () => {
    expect(sourceFiles(uiDir).length).toBeGreaterThan(20);
  });

  it('no .matches(, .context. or getSnapshot() in src/ui', () => {
    expect(findViolations(sourceFiles(uiDir))).toEqual([]);
  });
});
