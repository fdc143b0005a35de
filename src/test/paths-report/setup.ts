/**
 * Record mode of `npm run paths` (scripts/paths.ts): a vitest setup file (src/test/paths-report/
 * vitest.config.ts) that, when PATHS_REPORT_DIR is set, has every `requireFullCoverage(name, machine,
 * paths)` of tests/machines write `<dir>/<catalog name>.json` ({ report, warnings }) from the paths
 * that model test runs, with its fixtures, fake clocks and mocks in place. Normal test runs never
 * load this file.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { type CatalogEntry, machineCatalog } from '../../studio/machine-catalog';
import { type Path, type PathsRecorder, pathsRecorderKey } from '../coverage';
import { modelRecordOf } from '../modelFor';
import { buildReport } from './report';

/** A catalog machine with no model test of its own, walked by the test of the same chart (by test name). */
export const sameChartAs: Record<string, string> = { notifications: 'resource' };

const camel = (name: string) => name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/** The catalog entry a test's `requireFullCoverage(name, machine)` is about. */
export function catalogEntryFor(name: string, machine: AnyStateMachine): CatalogEntry | undefined {
  return (
    machineCatalog.find((entry) => entry.name === name || camel(entry.name) === name) ??
    machineCatalog.find((entry) => entry.machine.id === machine.id)
  );
}

/** The chart without its ids and implementations: two machines made by the same factory compare equal. */
function chartShape(machine: AnyStateMachine): string {
  const root = machine.id;
  return JSON.stringify(machine.definition, (_key, value) =>
    typeof value === 'string' ? value.split(root).join('<root>') : value,
  );
}

const dir = process.env.PATHS_REPORT_DIR;
const only = process.env.PATHS_REPORT_ONLY?.split(',').filter(Boolean);

function record(
  catalogName: string,
  machine: AnyStateMachine,
  catalogMachine: AnyStateMachine | undefined,
  paths: Path[],
  testName: string,
) {
  if (!dir || (only && !only.includes(catalogName))) return;
  const started = performance.now();
  const { report, notes } = buildReport({
    name: catalogName,
    machine,
    paths,
    recordOf: modelRecordOf,
    catalogMachine,
  });
  const ms = Math.round(performance.now() - started);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${catalogName}.json`),
    JSON.stringify({ testName, inCatalog: Boolean(catalogMachine), ms, report, warnings: notes.warnings }),
  );
}

const recorder: PathsRecorder = (name, machine, paths) => {
  const entry = catalogEntryFor(name, machine);
  record(entry?.name ?? name, machine, entry?.machine, paths, name);
  for (const [alias, walkedBy] of Object.entries(sameChartAs)) {
    if (walkedBy !== name) continue;
    const aliasEntry = machineCatalog.find((e) => e.name === alias);
    if (!aliasEntry) throw new Error(`paths: no catalog machine ${alias}`);
    if (chartShape(aliasEntry.machine) !== chartShape(machine))
      throw new Error(`paths: ${alias} is no longer the same chart as the one ${name}'s test walks`);
    record(alias, machine, aliasEntry.machine, paths, name);
  }
};

if (dir) {
  // The reports must not depend on when they are made (CI compares them): fixtures that read the clock
  // (the session's token expiries) see one fixed moment; a test that fixes its own clock still does.
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T12:00:00Z') });
  (globalThis as { [pathsRecorderKey]?: PathsRecorder })[pathsRecorderKey] = recorder;
}
