/**
 * Writes docs/flows/traceability.md (for people) and docs/flows/traceability.json (for the studio's
 * page /statecharts/traceability/): each rule of SPEC.md points 4, 5 and 8, the machine elements
 * that hold it (src/studio/traceability.ts) and the tests that cover them. Deterministic: run it
 * again and nothing changes unless the machines, the path reports or the tests did.
 *
 *   npm run flows:trace             write both files
 *   npm run flows:trace -- --check  fail when they are not up to date
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import studioEnglish from '../src/locales/studio/en.json';
import { type ChartGraph, chartModel } from '../src/studio/chart-model';
import { machineCatalog } from '../src/studio/machine-catalog';
import type { PathsReport } from '../src/studio/paths-report';
import { specRules } from '../src/studio/spec-rules';
import {
  buildTraceTable,
  findRuleTags,
  type JourneyCounts,
  type ModelRun,
  modelRunOf,
  ruleTraces,
  type TaggedTest,
  type TraceReport,
  type TraceRow,
  type TraceTest,
} from '../src/studio/traceability';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = join(root, 'docs', 'flows');
const check = process.argv.includes('--check');

const graphs = new Map<string, ChartGraph>(
  machineCatalog.map((entry) => [entry.name, chartModel(entry.machine)]),
);

/** The model-based test file the path report names (`npm run paths` found it). */
function testFileOf(name: string): string | undefined {
  const md = join(root, 'docs', 'paths', `${name}.md`);
  if (!existsSync(md)) return undefined;
  return /model-based test \(`([^`]+)`\)/.exec(readFileSync(md, 'utf8'))?.[1];
}

function modelRuns(): Record<string, ModelRun> {
  const runs: Record<string, ModelRun> = {};
  for (const [name, graph] of graphs) {
    const file = join(root, 'docs', 'paths', `${name}.json`);
    if (!existsSync(file)) continue;
    const report = JSON.parse(readFileSync(file, 'utf8')) as PathsReport;
    runs[name] = modelRunOf(report, graph, testFileOf(name));
  }
  return runs;
}

/** docs/flows/coverage/journeys.json, when a journeys run wrote it: per machine, transition key -> count. */
function journeyCounts(): JourneyCounts | undefined {
  const file = join(root, 'docs', 'flows', 'coverage', 'journeys.json');
  if (!existsSync(file)) return undefined;
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  const byMachine = (raw.machines && typeof raw.machines === 'object' ? raw.machines : raw) as Record<
    string,
    unknown
  >;
  const counts: Record<string, Record<string, number>> = {};
  for (const [machine, value] of Object.entries(byMachine)) {
    if (!value || typeof value !== 'object') continue;
    const inner = (value as Record<string, unknown>).transitions;
    const entries = Object.entries(inner && typeof inner === 'object' ? inner : value);
    counts[machine] = Object.fromEntries(
      entries.filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
    );
  }
  return counts;
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.(test|spec)\.tsx?$/.test(path) && !path.split(sep).includes('node_modules'))
    .map((path) => join(dir, path))
    .sort();
}

function taggedTests(): TaggedTest[] {
  const tagged = testFiles(join(root, 'tests')).flatMap((file) =>
    findRuleTags(readFileSync(file, 'utf8'), relative(root, file).split(sep).join('/')),
  );
  const known = new Set<string>(specRules.map((rule) => rule.id));
  const unknown = tagged.flatMap((test) =>
    test.rules.filter((id) => !known.has(id)).map((id) => `${test.file}: "${test.title}" names ${id}`),
  );
  if (unknown.length) {
    console.error(
      `flows:trace: tests name rules that SPEC points 4, 5 and 8 do not have:\n  ${unknown.join('\n  ')}`,
    );
    process.exit(1);
  }
  return tagged;
}

const titles = studioEnglish.rules as unknown as Record<
  string,
  Record<string, Record<string, string> | string>
>;
function titleOf(id: string): string {
  let node: unknown = titles;
  for (const part of id.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : id;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function elementsCell(row: TraceRow): string {
  const parts = row.elements.map((element) => {
    const what = element.kind === 'guard' ? `guard ${element.ref}` : element.ref;
    const marks = [element.found ? '' : ' **not in the chart**', element.modelCovered ? ' ✓' : ''].join('');
    return `[${element.machine}](../machines/${element.machine}.md): \`${what}\`${marks}`;
  });
  if (row.elsewhere)
    parts.push(
      `${row.elsewhere.by === 'server' ? 'enforced by the server' : 'in the client'}: \`${row.elsewhere.where}\``,
    );
  return parts.join('<br>') || '—';
}

function testText(test: TraceTest): string {
  if (test.kind === 'model')
    return `model-based test${test.file ? ` \`${test.file}\`` : ` of ${test.machine}`} (${test.covered}/${test.of})`;
  if (test.kind === 'journeys') return `browser journeys take ${test.machine}'s (${test.covered}/${test.of})`;
  return `\`${test.file}\`: ${test.title}`;
}

function markdown(rows: TraceRow[], journeys: boolean): string {
  const gaps = rows.filter((row) => row.noElement || row.noTest);
  const lines = [
    '# Traceability: the specification to the machines and the tests',
    '',
    'Generated by `npm run flows:trace` (scripts/flows-trace.ts); do not edit. The studio shows the same table at',
    '`/statecharts/traceability/`.',
    '',
    'Each rule of SPEC.md points 4 (states and transitions), 5 (validation rules) and 8 (the error catalogue),',
    'with the machine elements that hold it (`src/studio/traceability.ts`: states, transitions by their key, or every',
    'transition a named guard decides) and the tests that cover them:',
    '',
    "- **model-based tests**: the element is on a path the machine's model-based test executes (docs/paths/);",
    '  ✓ marks such elements;',
    `- **browser journeys**: the journeys take the element (docs/flows/coverage/journeys.json${journeys ? '' : ', not recorded yet'});`,
    '- **tagged tests**: a test says which rules it checks with a comment directly above it:',
    '',
    '  ```ts',
    '  // covers: 4.drawer.confirmation, 4.drawer.success',
    "  test('a customer fills the cart, orders once and finds the order everywhere', async ({ page }) => {",
    '  ```',
    '',
    '  Any test under tests/ may carry it (browser journeys, component and unit tests); rule ids are those of',
    '  `src/studio/spec-rules.ts`, and an unknown id fails this script.',
    '',
    'A rule no machine holds lists where it lives instead (the server or client code). Rules without an element or',
    'without a test come first.',
    '',
    `${rows.length} rules: ${rows.filter((row) => row.noElement).length} without a machine element, ${rows.filter((row) => row.noTest).length} without a test.`,
    '',
    '| rule | spec | machine elements | tests |',
    '| --- | --- | --- | --- |',
  ];
  rows.forEach((row, index) => {
    if (index === gaps.length && gaps.length > 0) lines.push('| | | | |');
    const flags = [row.noElement ? 'no element' : '', row.noTest ? 'no test' : ''].filter(Boolean);
    const rule = `\`${row.id}\`<br>${cell(titleOf(row.id))}${flags.length ? `<br>**${flags.join(', ')}**` : ''}`;
    const tests = row.tests.map((test) => cell(testText(test))).join('<br>') || '—';
    lines.push(`| ${rule} | §${row.point} ${row.section} | ${elementsCell(row)} | ${tests} |`);
  });
  return `${lines.join('\n')}\n`;
}

const journeys = journeyCounts();
const rows = buildTraceTable({
  rules: specRules,
  traces: ruleTraces,
  chartOf: (machine) => graphs.get(machine),
  modelRuns: modelRuns(),
  journeys,
  tagged: taggedTests(),
});
const report: TraceReport = { rows, journeys: journeys !== undefined };
const files = new Map([
  ['traceability.md', markdown(rows, report.journeys)],
  ['traceability.json', `${JSON.stringify(report, null, 2)}\n`],
]);

if (check) {
  const stale = [...files].filter(([name, text]) => {
    const path = join(outDir, name);
    return !existsSync(path) || readFileSync(path, 'utf8') !== text;
  });
  if (stale.length) {
    console.error(
      `flows:trace: ${stale.map(([name]) => `docs/flows/${name}`).join(', ')} out of date; run npm run flows:trace`,
    );
    process.exit(1);
  }
} else {
  mkdirSync(outDir, { recursive: true });
  for (const [name, text] of files) writeFileSync(join(outDir, name), text);
}
const missing = rows.flatMap((row) =>
  row.elements.filter((element) => !element.found).map((e) => `${row.id}: ${e.machine} ${e.ref}`),
);
console.log(
  `${rows.length} rules; ${rows.filter((row) => row.noElement).length} without a machine element, ${rows.filter((row) => row.noTest).length} without a test` +
    (missing.length ? `; elements no longer in the charts:\n  ${missing.join('\n  ')}` : ''),
);
