/**
 * `npm run flows:coverage`: which transitions the browser journeys take, for the statechart studio's
 * coverage overlay. Run the journeys first (`npm run test:e2e`, or some of them): each test leaves
 * test-results/<test>/flow-coverage.json (tests/e2e/flow-coverage-fixture.ts). This merges them into
 * docs/flows/coverage/journeys.json (per machine, every transition key of its chart and the number
 * of journeys that took it) and prints per machine "model tests N/M, journeys take N/M transitions".
 *
 *   npm run flows:coverage                          merge test-results/ into docs/flows/coverage/journeys.json
 *   npm run flows:coverage -- --results <dir>       another Playwright output folder
 *   npm run flows:coverage -- --dry-run             print only
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chartModel } from '../src/studio/chart-model';
import type { JourneysCoverage } from '../src/studio/coverage';
import { coverageSummary, modelCoverage } from '../src/studio/coverage';
import { edgeIdsByKey, renameKey } from '../src/studio/coverage-keys';
import { machineCatalog } from '../src/studio/machine-catalog';
import type { PathsReport } from '../src/studio/paths-report';
import type { JourneyCoverageFile } from '../tests/e2e/flow-coverage-fixture';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const resultsDir = resolve(root, option('--results') ?? 'test-results');
const outFile = join(root, 'docs', 'flows', 'coverage', 'journeys.json');
const FILE = 'flow-coverage.json';

function findFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return findFiles(path);
    return entry.name === FILE ? [path] : [];
  });
}

const files = findFiles(resultsDir);
if (!files.length) {
  console.error(
    `No ${FILE} under ${resultsDir}: run the browser journeys first (npm run test:e2e), then this again.`,
  );
  process.exit(1);
}

const charts = machineCatalog.map((entry) => {
  const graph = chartModel(entry.machine);
  return { entry, graph, keys: new Set(edgeIdsByKey(graph).keys()) };
});
const byMachineId = new Map(charts.map((chart) => [chart.entry.machine.id, chart]));
const resourceChart = charts.find((chart) => chart.entry.name === 'resource');

/**
 * A recorded machine and key on the catalog: by the machine's id, or, for the generic resource's
 * instances (`orders`, `configuration`…), onto the `resource` chart when the renamed key is one of its.
 */
function onCatalog(machine: string, key: string): { name: string; key: string } | null {
  const chart = byMachineId.get(machine);
  if (chart?.keys.has(key)) return { name: chart.entry.name, key };
  if (resourceChart) {
    const renamed = renameKey(key, machine, resourceChart.entry.machine.id);
    if (resourceChart.keys.has(renamed)) return { name: resourceChart.entry.name, key: renamed };
  }
  return null;
}

const counts = new Map<string, Map<string, number>>(charts.map((chart) => [chart.entry.name, new Map()]));
const unknown = new Set<string>();
for (const path of files) {
  const file = JSON.parse(readFileSync(path, 'utf8')) as JourneyCoverageFile;
  const taken = new Set<string>();
  for (const { machine, key } of file.transitions) {
    const found = onCatalog(machine, key);
    if (!found) {
      unknown.add(`${machine}: ${key}`);
      continue;
    }
    const id = `${found.name}\n${found.key}`;
    if (taken.has(id)) continue;
    taken.add(id);
    const perKey = counts.get(found.name);
    perKey?.set(found.key, (perKey.get(found.key) ?? 0) + 1);
  }
}

// A machine no journey was seen to run has no journey figures at all (the studio says it was not
// seen) rather than every transition untested: its view may create it without the recorder's `inspect`.
const seen = charts.filter(({ entry }) => (counts.get(entry.name)?.size ?? 0) > 0);
const journeys: JourneysCoverage = {
  journeys: files.length,
  machines: Object.fromEntries(
    seen.map(({ entry, keys }) => [
      entry.name,
      Object.fromEntries([...keys].sort().map((key) => [key, counts.get(entry.name)?.get(key) ?? 0])),
    ]),
  ),
  unseen: charts.filter((chart) => !seen.includes(chart)).map(({ entry }) => entry.name),
};

const modelOf = (name: string, machine: (typeof charts)[number]['entry']['machine']) => {
  const path = join(root, 'docs', 'paths', `${name}.json`);
  if (!existsSync(path)) return undefined;
  return modelCoverage(machine, JSON.parse(readFileSync(path, 'utf8')) as PathsReport);
};

const width = Math.max(...charts.map((chart) => chart.entry.name.length));
for (const { entry, graph } of charts) {
  const summary = coverageSummary({
    graph,
    model: modelOf(entry.name, entry.machine),
    journeys: journeys.machines[entry.name],
  });
  const model = summary.model === null ? 'no path report' : `model tests ${summary.model}/${summary.total}`;
  const taken =
    summary.journeys === null
      ? 'no journey was seen to run it'
      : `journeys take ${summary.journeys}/${summary.total} transitions`;
  console.log(`${entry.name.padEnd(width)}  ${model}, ${taken}`);
}
console.log(`\n${files.length} journeys collected from ${resultsDir}`);
if (unknown.size)
  console.log(
    `${unknown.size} recorded transitions are on no chart of the catalog (a machine outside it, or a chart changed since the run), for example:\n  ${[...unknown].slice(0, 5).join('\n  ')}`,
  );

if (!args.includes('--dry-run')) {
  writeFileSync(outFile, `${JSON.stringify(journeys, null, 2)}\n`);
  console.log(`wrote ${outFile}`);
}
