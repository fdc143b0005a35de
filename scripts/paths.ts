/**
 * `npm run paths`: the test paths of every machine, for QA, written to docs/paths/<machine>.json
 * and .md plus docs/paths/README.md, and a summary table printed.
 *
 * The paths come from the model-based tests themselves (their fixtures, fake clocks and mocks are set up
 * in those files): `vitest list` collects tests/machines/<feature>/*.model.test.ts with a setup file that makes each
 * `requireFullCoverage` write its machine's report (src/test/paths-report/).
 *
 *   npm run paths                                        write docs/paths
 *   npm run paths -- --check                             exit 1 when docs/paths is stale (CI)
 *   npm run paths -- --machine checkout --to submitFailed   print one machine's paths into a state
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PathsReport } from '../src/studio/paths-report';
import {
  indexMarkdown,
  pathsText,
  pathsTo,
  reportMarkdown,
  summaryRow,
  summaryTable,
} from '../src/test/paths-report/markdown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const docsDir = join(root, 'docs', 'paths');
const config = join(root, 'src', 'test', 'paths-report', 'vitest.config.ts');

/** The catalog's machine names (src/studio/machine-catalog.ts), in its order. */
const catalogNames = async (): Promise<string[]> =>
  (await import('../src/studio/machine-catalog')).machineCatalog.map((entry) => entry.name);

/** The test file that walks a catalog machine, when its name does not say it. */
const testFileOf: Record<string, string> = {
  notifications: 'resource',
  'notification-reads': 'notifications',
};

interface Recorded {
  testName: string;
  inCatalog: boolean;
  report: PathsReport;
  warnings: string[];
}

function fail(message: string): never {
  console.error(`paths: ${message}`);
  process.exit(1);
}

/** Collects the model-based tests (`vitest list`) with PATHS_REPORT_DIR set; returns what they recorded. */
function record(testFiles: string[], only?: string): Map<string, Recorded> {
  const dir = mkdtempSync(join(tmpdir(), 'paths-record-'));
  try {
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'list', '--config', config, ...testFiles],
      {
        cwd: root,
        env: {
          ...process.env,
          TZ: 'UTC',
          PATHS_REPORT_DIR: dir,
          ...(only ? { PATHS_REPORT_ONLY: only } : {}),
        },
        encoding: 'utf8',
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    if (run.status !== 0) {
      process.stderr.write(run.stdout.slice(-20_000));
      process.stderr.write(run.stderr.slice(-20_000));
      fail(`collecting the model-based tests failed (vitest list exited with ${run.status})`);
    }
    const recorded = new Map<string, Recorded>();
    for (const file of readdirSync(dir).sort())
      recorded.set(
        file.replace(/\.json$/, ''),
        JSON.parse(readFileSync(join(dir, file), 'utf8')) as Recorded,
      );
    return recorded;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The model-based test that walks a catalog machine: `tests/machines/<feature>/<name>.model.test.ts`. */
function testFileFor(name: string): string | undefined {
  const file = `${testFileOf[name] ?? name}.model.test.ts`;
  const found = readdirSync(join(root, 'tests', 'machines'), { recursive: true, encoding: 'utf8' }).find(
    (path) => basename(path) === file,
  );
  return found && `tests/machines/${found.split(sep).join('/')}`;
}

/** Every file of docs/paths, by name, as `npm run paths` writes it. */
async function generate(): Promise<{
  files: Map<string, string>;
  rows: ReturnType<typeof summaryRow>[];
  warnings: string[];
}> {
  const names = await catalogNames();
  const recorded = record(['tests/machines']);
  const missing = names.filter((name) => !recorded.get(name)?.inCatalog);
  if (missing.length)
    fail(
      `no report for catalog machine(s) ${missing.join(', ')}: each needs a model-based test calling requireFullCoverage`,
    );
  const files = new Map<string, string>();
  const rows = [];
  const warnings: string[] = [];
  const failureStates: Record<string, string[]> = {};
  for (const name of names) {
    const { report, warnings: noted } = recorded.get(name)!;
    for (const warning of noted) warnings.push(`${name}: ${warning}`);
    const testFile = testFileFor(name);
    files.set(`${name}.json`, `${JSON.stringify(report, null, 2)}\n`);
    files.set(`${name}.md`, reportMarkdown(report, testFile));
    rows.push(summaryRow(report));
    failureStates[name] = report.failureStates;
  }
  files.set('README.md', indexMarkdown(rows, failureStates));
  return { files, rows, warnings };
}

function parseArgs(argv: string[]) {
  const args = {
    check: false,
    machine: undefined as string | undefined,
    to: undefined as string | undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--check') args.check = true;
    else if (arg === '--machine') args.machine = argv[++i];
    else if (arg === '--to') args.to = argv[++i];
    else if (arg?.startsWith('--machine=')) args.machine = arg.slice('--machine='.length);
    else if (arg?.startsWith('--to=')) args.to = arg.slice('--to='.length);
    else fail(`unknown argument ${arg} (use --check, or --machine <name> [--to <state key or id>])`);
  }
  return args;
}

async function printPaths(machine: string, to: string | undefined) {
  const names = await catalogNames();
  if (!names.includes(machine)) fail(`unknown machine ${machine}; one of: ${names.join(', ')}`);
  const recorded = record([testFileFor(machine) ?? 'tests/machines'], machine).get(machine);
  if (!recorded) fail(`the model-based tests wrote no report for ${machine}`);
  const { report } = recorded;
  const paths = to ? pathsTo(report, to) : report.paths;
  if (!paths.length)
    fail(
      `no path of ${machine} ends in ${to}; its failure states: ${report.failureStates.join(', ') || 'none'}`,
    );
  console.log(
    `${machine}: ${paths.length} path${paths.length === 1 ? '' : 's'}${to ? ` ending in ${to}` : ''}\n`,
  );
  console.log(pathsText(report, paths));
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  if (args.machine) return printPaths(args.machine, args.to);
  if (args.to) fail('--to needs --machine <name>');
  const started = Date.now();
  const { files, rows, warnings } = await generate();
  for (const warning of warnings) console.warn(`warning: ${warning}`);
  console.log(summaryTable(rows));
  if (args.check) {
    const existing = existsSync(docsDir) ? readdirSync(docsDir).sort() : [];
    const stale = [
      ...[...files.keys()].filter(
        (name) => !existing.includes(name) || readFileSync(join(docsDir, name), 'utf8') !== files.get(name),
      ),
      ...existing.filter((name) => !files.has(name)),
    ].sort();
    if (stale.length) {
      console.error(
        `\ndocs/paths is stale (run npm run paths and commit):\n${stale.map((name) => `  ${relative(root, join(docsDir, name))}`).join('\n')}`,
      );
      process.exit(1);
    }
    console.log(
      `\ndocs/paths is up to date (${files.size} files, ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return;
  }
  rmSync(docsDir, { recursive: true, force: true });
  mkdirSync(docsDir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(docsDir, name), text);
  console.log(`\nwrote ${files.size} files to docs/paths (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

await main();
