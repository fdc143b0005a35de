/**
 * `npm run flows:screens`: a screenshot of every state a screen shows, for the statechart studio.
 * Generates the Playwright specs of each machine that has a UI map (tests/flows/ui-maps/), runs them
 * once per variant (desktop|phone × light|dark × en|ar) against a running portal with the screenshot
 * hook on, and writes `manifest.json` next to the shots, naming every state of the chart: its
 * variants, or why it has none (docs/operations.md, "Screens of the flows").
 *
 *   npm run flows:screens                                          all machines with a UI map, 8 variants
 *   npm run flows:screens -- --machine checkout --machine cart-line
 *   npm run flows:screens -- --variants desktop-light-en,phone-dark-ar
 *   npm run flows:screens -- --all-paths                           every path, not only enough to reach each state
 *
 * A state needs to be reached once for its screenshot: by default each variant runs only the fewest
 * runnable paths (a spec skips some) that pass through every state (coveringPaths): 17 of 190 for
 * the three mapped machines.
 *
 * BASE_URL (default http://localhost:8080) is the portal; FLOW_SCREENS_DIR (default
 * <DATA_DIR>/flow-screens, as the server reads it) is where the shots go. A test that fails while
 * shooting does not stop the run: the states it did not reach are listed with its title.
 */
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { flowScreenVariants, isFlowScreenVariant } from '../src/domain/flow-screen-variants';
import { chartModel } from '../src/studio/chart-model';
import { flowVersion } from '../src/studio/flow-version';
import { catalogEntry } from '../src/studio/machine-catalog';
import type { PathsReport } from '../src/studio/paths-report';
import {
  borrowedShots,
  coveringPaths,
  type FailedRun,
  type ScreenNode,
  type ShotsFound,
  screensManifest,
} from '../tests/flows/screens-manifest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const mapsDir = join(root, 'tests', 'flows', 'ui-maps');
const flowsConfig = join(root, 'playwright.flows.config.ts');
const imageExtensions = ['.png', '.webp', '.jpg'];

function fail(message: string): never {
  console.error(`flows:screens: ${message}`);
  process.exit(1);
}

interface Options {
  machines: string[];
  variants: string[];
  allPaths: boolean;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { machines: [], variants: [...flowScreenVariants], allPaths: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--machine') {
      // `--machine a b` and `--machine a --machine b` both work
      while (argv[i + 1] !== undefined && !argv[i + 1]?.startsWith('--'))
        options.machines.push(argv[++i] as string);
    } else if (arg === '--variants') {
      const value = argv[++i] ?? '';
      if (value !== 'all') {
        options.variants = value
          .split(',')
          .map((variant) => variant.trim())
          .filter(Boolean);
        const wrong = options.variants.filter((variant) => !isFlowScreenVariant(variant));
        if (wrong.length || !options.variants.length)
          fail(`--variants takes all or a list of ${flowScreenVariants.join(', ')}; got ${value}`);
      }
    } else if (arg === '--all-paths') options.allPaths = true;
    else
      fail(`unknown argument ${arg} (use --machine <name>..., --variants all|<variant>,... and --all-paths)`);
  }
  return options;
}

/** The machines with a UI map, in the catalog's spelling. */
const mappedMachines = () =>
  existsSync(mapsDir)
    ? readdirSync(mapsDir)
        .filter((file) => file.endsWith('.ts'))
        .map((file) => basename(file, '.ts'))
        .sort()
    : [];

interface MachineRun {
  machine: string;
  version: string;
  nodes: ScreenNode[];
  screenless: Record<string, string>;
  /** path id → the states the path goes through (with the states around them) and the one it is for */
  pathStates: Map<string, { stateIds: string[]; target: string }>;
  /** failed test title → the variants it failed in */
  failed: Map<string, { pathId: string; variants: string[] }>;
}

const withAncestors = (ids: readonly string[]) => {
  const all = new Set<string>();
  for (const id of ids) {
    const parts = id.split('.');
    for (let length = parts.length; length > 1; length--) all.add(parts.slice(0, length).join('.'));
  }
  return [...all];
};

async function prepare(machine: string): Promise<MachineRun> {
  const entry = catalogEntry(machine);
  if (!entry) fail(`${machine} is not a machine of the catalog (src/studio/machine-catalog.ts)`);
  const mapFile = join(mapsDir, `${machine}.ts`);
  if (!existsSync(mapFile))
    fail(
      `${machine} has no UI map (${relative(root, mapFile)}); docs/testing-flows.md says how to write one`,
    );
  const map = ((await import(mapFile)) as { default: { screenless?: Record<string, string> } }).default;
  const graph = chartModel(entry.machine);
  const reportFile = join(root, 'docs', 'paths', `${machine}.json`);
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as PathsReport;
  const pathStates = new Map(
    report.paths.map((path) => [
      path.id,
      {
        stateIds: withAncestors([...report.initial.stateIds, ...path.steps.flatMap((step) => step.stateIds)]),
        target: path.target,
      },
    ]),
  );
  return {
    machine,
    version: flowVersion(graph),
    nodes: graph.nodes.map(({ id, children, initialId }) => ({ id, children, initialId })),
    screenless: map.screenless ?? {},
    pathStates,
    failed: new Map(),
  };
}

/** The shots of this machine version in these variants, removed so the manifest tells of this run only. */
function forgetShots(versionDir: string, variants: readonly string[]) {
  if (!existsSync(versionDir)) return;
  for (const state of readdirSync(versionDir, { withFileTypes: true })) {
    if (!state.isDirectory()) continue;
    for (const variant of variants)
      for (const extension of imageExtensions)
        rmSync(join(versionDir, state.name, `${variant}${extension}`), { force: true });
  }
}

function shotsIn(versionDir: string): Record<string, string[]> {
  const shots: Record<string, string[]> = {};
  if (!existsSync(versionDir)) return shots;
  for (const state of readdirSync(versionDir, { withFileTypes: true })) {
    if (!state.isDirectory()) continue;
    const variants = readdirSync(join(versionDir, state.name))
      .filter((file) => imageExtensions.includes(extname(file)))
      .map((file) => basename(file, extname(file)))
      .filter(isFlowScreenVariant);
    if (variants.length) shots[state.name] = [...new Set(variants)];
  }
  return shots;
}

/** A compound state without shots of its own gets copies of those of the state it starts in. */
function copyBorrowed(versionDir: string, nodes: readonly ScreenNode[], shots: ShotsFound): ShotsFound {
  const borrowed = borrowedShots(nodes, shots);
  const all: Record<string, readonly string[]> = { ...shots };
  for (const [target, source] of Object.entries(borrowed)) {
    mkdirSync(join(versionDir, target), { recursive: true });
    for (const file of readdirSync(join(versionDir, source)))
      if (imageExtensions.includes(extname(file)))
        copyFileSync(join(versionDir, source, file), join(versionDir, target, file));
    all[target] = shots[source] ?? [];
  }
  return all;
}

/** The paths a generated spec skips (a step the real portal cannot take, with the reason in the spec). */
function skippedPaths(specFile: string): Set<string> {
  if (!existsSync(specFile)) return new Set();
  const spec = readFileSync(specFile, 'utf8');
  return new Set(
    [...spec.matchAll(/test\("([^"\s]+) ·[^\n]*\n\s*test\.skip\(true/g)].map((match) => match[1] as string),
  );
}

interface JsonSpec {
  title: string;
  ok: boolean;
  file: string;
  tests: { status: string }[];
}
interface JsonSuite {
  specs?: JsonSpec[];
  suites?: JsonSuite[];
}

/** The specs of a Playwright JSON report that failed (skipped ones are not failures). */
function failedSpecs(reportFile: string): JsonSpec[] {
  if (!existsSync(reportFile)) return [];
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonSuite;
  const failed: JsonSpec[] = [];
  const walk = (suite: JsonSuite) => {
    for (const spec of suite.specs ?? [])
      if (!spec.ok && spec.tests.some((test) => test.status === 'unexpected' || test.status === 'flaky'))
        failed.push(spec);
    for (const child of suite.suites ?? []) walk(child);
  };
  walk(report);
  return failed;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const mapped = mappedMachines();
  const machines = options.machines.length ? options.machines : mapped;
  if (!machines.length) fail('no machine has a UI map yet (tests/flows/ui-maps/)');
  if (!existsSync(flowsConfig)) fail(`${relative(root, flowsConfig)} is missing`);
  const baseUrl = process.env.BASE_URL || 'http://localhost:8080';
  const screensDir = resolve(
    process.env.FLOW_SCREENS_DIR || join(process.env.DATA_DIR || join(root, 'data'), 'flow-screens'),
  );
  const runs = await Promise.all(machines.map(prepare));

  // The generated specs import the harness by relative paths, and @playwright/test from the
  // repository's node_modules: so they are written inside the repository, under the git-ignored
  // folder of generated specs, and removed afterwards.
  const specsDir = join(root, 'tests', 'flows', 'generated', `screens-run-${process.pid}`);
  const reportFile = join(specsDir, 'report.json');
  const generate = spawnSync(
    process.execPath,
    [
      join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      join(root, 'scripts', 'paths.ts'),
      '--playwright',
      ...machines,
      '--out',
      relative(root, specsDir),
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (generate.status !== 0) fail('generating the specs failed (see above)');

  // the generated tests are titled `<path id> · reaches <state>`
  const chosenPaths = runs.flatMap((run) => {
    const skipped = skippedPaths(join(specsDir, `${run.machine}.spec.ts`));
    return coveringPaths(new Map([...run.pathStates].filter(([id]) => !skipped.has(id))));
  });
  const grep = options.allPaths ? [] : [`--grep=(^|\\s)(${chosenPaths.join('|')}) ·`];
  if (!options.allPaths)
    console.log(
      `${chosenPaths.length} of ${runs.reduce((sum, run) => sum + run.pathStates.size, 0)} paths reach every state`,
    );

  const started = Date.now();
  try {
    for (const run of runs) forgetShots(join(screensDir, run.machine, run.version), options.variants);
    for (const variant of options.variants) {
      console.log(`\n▶ ${variant} against ${baseUrl}`);
      rmSync(reportFile, { force: true });
      // A failed test only means states it did not reach: the run goes on with the next variant.
      spawnSync(
        process.execPath,
        [
          join(root, 'node_modules', '@playwright', 'test', 'cli.js'),
          'test',
          '-c',
          flowsConfig,
          '--reporter=line,json',
          ...grep,
          relative(root, specsDir),
        ],
        {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env,
            BASE_URL: baseUrl,
            FLOW_SCREENS_DIR: screensDir,
            FLOW_VARIANT: variant,
            PLAYWRIGHT_JSON_OUTPUT_NAME: reportFile,
          },
        },
      );
      for (const spec of failedSpecs(reportFile)) {
        const run = runs.find((each) => basename(spec.file) === `${each.machine}.spec.ts`);
        if (!run) continue;
        const pathId = spec.title.split(/\s/)[0] ?? '';
        const entry = run.failed.get(spec.title) ?? { pathId, variants: [] };
        entry.variants.push(variant);
        run.failed.set(spec.title, entry);
      }
    }
  } finally {
    rmSync(specsDir, { recursive: true, force: true });
  }

  const takenAt = new Date().toISOString();
  console.log('');
  for (const run of runs) {
    const versionDir = join(screensDir, run.machine, run.version);
    mkdirSync(versionDir, { recursive: true });
    const shots = copyBorrowed(versionDir, run.nodes, shotsIn(versionDir));
    const failures: FailedRun[] = [...run.failed].map(([title, { pathId, variants }]) => ({
      title: variants.length === options.variants.length ? title : `${title} (${variants.join(', ')})`,
      stateIds: run.pathStates.get(pathId)?.stateIds ?? [],
      target: run.pathStates.get(pathId)?.target,
    }));
    const manifest = screensManifest({
      machine: run.machine,
      version: run.version,
      takenAt,
      nodes: run.nodes,
      screenless: run.screenless,
      shots,
      failures,
    });
    writeFileSync(join(versionDir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    const states = Object.values(manifest.states);
    const shot = states.filter((state) => 'variants' in state).length;
    const screenless = states.filter((state) => 'reason' in state && state.reason === 'no-screen').length;
    console.log(
      `${run.machine} ${run.version}: ${shot} of ${states.length} states shot, ${screenless} without a screen, ` +
        `${states.length - shot - screenless} not reached; ${run.failed.size} failed test(s) → ${relative(process.cwd(), versionDir)}`,
    );
  }
  console.log(`took ${Math.round((Date.now() - started) / 1000)} s`);
}

await main();
