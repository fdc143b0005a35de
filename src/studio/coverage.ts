import {
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type AnyTransitionDefinition,
  type EventObject,
  getMicrosteps,
  initialTransition,
} from 'xstate';
import type { ChartDecorations, ChartMark } from './chart-decorations';
import type { ChartGraph } from './chart-model';
import { edgeIdsByKey, takenTransition } from './coverage-keys';
import { eventFromJson } from './event-json';
import { transitionKey } from './flow-version';
import type { PathsReport } from './paths-report';

/**
 * The coverage overlay, as pure functions: which transitions the model-based tests take (replayed
 * from the path report), how many browser journeys take each (docs/flows/coverage/journeys.json,
 * `npm run flows:coverage`) and how often customers took each (the server's counts, opt-in), turned
 * into marks on the chart's edges.
 */

/** docs/flows/coverage/journeys.json: per catalog name, transition key → journeys that took it. */
export interface JourneysCoverage {
  /** journeys (tests) whose transitions were collected */
  journeys: number;
  /** the machines some journey was seen to run, every transition key of their charts */
  machines: Record<string, Record<string, number>>;
  /**
   * machines no journey was seen to run: none uses them, or they run where the recorder does not
   * see (an actor a view creates without the portal's `inspect`, usePortalInspection)
   */
  unseen: string[];
}

/** A state whose key says it is a failure (the path reports' rule). */
const FAILURE = /failed|failure|error|rejected|refused/i;
/** At most this many failure transitions are drawn hot: the ones customers entered most. */
const HOT_LIMIT = 3;

/**
 * The transitions `event` takes from `prev` and the snapshot after it: the transitions XState selects
 * for the event, and the eventless ones between its microsteps (src/test/coverage.ts counts the same
 * for the tests' coverage lines). The last microstep is the snapshot `transition` would return.
 */
function takeStep(
  machine: AnyStateMachine,
  prev: AnyMachineSnapshot,
  event: EventObject,
): { taken: AnyTransitionDefinition[]; next: AnyMachineSnapshot } {
  const taken: AnyTransitionDefinition[] = [...machine.getTransitionData(prev, event)];
  const micro = [prev, ...getMicrosteps(machine, prev, event).map(([snapshot]) => snapshot)];
  micro.slice(1, -1).forEach((between, k) => {
    const after = micro[k + 2]?._nodes ?? [];
    for (const node of between._nodes as AnyStateNode[])
      for (const t of node.always ?? [])
        if (t.target?.every((target) => after.includes(target))) taken.push(t);
  });
  return { taken, next: micro.at(-1) ?? prev };
}

/**
 * The keys (flow-version.ts) of the transitions the model-based tests take: each executed path of
 * the report replayed through the machine with XState's pure functions (nothing runs but assign).
 * A path the catalog's machine cannot replay (its test walks a variant) counts up to where it stops.
 */
export function modelCoverage(machine: AnyStateMachine, report: PathsReport): Set<string> {
  const keys = new Set<string>();
  // paths share their beginnings: each distinct prefix is replayed once
  const replayed = new Map<string, AnyMachineSnapshot | null>();
  for (const path of report.paths) {
    if (!path.executed) continue;
    let prefix = JSON.stringify(path.input ?? report.input ?? null);
    let snapshot = replayed.get(prefix);
    if (snapshot === undefined) {
      snapshot = start(machine, path.input ?? report.input);
      replayed.set(prefix, snapshot);
    }
    for (const step of path.steps) {
      prefix += `|${JSON.stringify(step.event)}`;
      const known = replayed.get(prefix);
      if (known !== undefined) {
        snapshot = known;
      } else {
        snapshot = snapshot ? replayStep(machine, snapshot, step.event, keys) : null;
        replayed.set(prefix, snapshot);
      }
      if (!snapshot) break;
    }
  }
  return keys;
}

function start(machine: AnyStateMachine, input: unknown): AnyMachineSnapshot | null {
  try {
    return initialTransition(machine, (input ?? undefined) as never)[0];
  } catch {
    return null;
  }
}

/** One step: its transitions' keys into `keys`, and the snapshot after it (null where replay stops). */
function replayStep(
  machine: AnyStateMachine,
  snapshot: AnyMachineSnapshot,
  json: PathsReport['paths'][number]['steps'][number]['event'],
  keys: Set<string>,
): AnyMachineSnapshot | null {
  if (snapshot.status !== 'active') return null;
  try {
    const { taken, next } = takeStep(machine, snapshot, eventFromJson(json) as EventObject);
    for (const t of taken) {
      const key = takenTransition(t)?.key;
      if (key) keys.add(key);
    }
    return next;
  } catch {
    // a step whose action or guard throws outside its test's fixtures: the path ends here
    return null;
  }
}

/** Customers' totals by transition key over the period shown. */
export type UsageTotals = Readonly<Record<string, number>>;

interface CoverageSources {
  graph: ChartGraph;
  /** keys the model-based tests take; undefined while the path report loads or when there is none */
  model?: ReadonlySet<string> | undefined;
  /** key → journeys; undefined when no journey run was collected */
  journeys?: Readonly<Record<string, number>> | undefined;
  /** key → customers' count; undefined unless counts are on and loaded */
  usage?: UsageTotals | undefined;
}

/** The notes on the edges, already translated (the view passes i18next's plurals). */
interface CoverageTexts {
  customers: (count: number) => string;
  journeys: (count: number) => string;
}

const entersFailure = (graph: ChartGraph, targets: readonly string[]) =>
  targets.some((id) => FAILURE.test(graph.nodes.find((node) => node.id === id)?.key ?? ''));

/** The failure transitions customers entered most (count above 0), at most HOT_LIMIT keys. */
export function hotKeys(graph: ChartGraph, usage: UsageTotals | undefined): Set<string> {
  if (!usage) return new Set();
  const ranked = graph.edges
    .filter((edge) => entersFailure(graph, edge.targets))
    .map((edge) => ({ key: transitionKey(edge), count: usage[transitionKey(edge)] ?? 0 }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count);
  return new Set(ranked.slice(0, HOT_LIMIT).map((entry) => entry.key));
}

/**
 * Marks on every edge: `hot` for the failure transitions customers entered most, `untested` for one
 * no browser journey takes (nor the model tests, when journeys are unknown), `covered` for the
 * rest. The note says how often customers took it (with their counts), else in how many journeys.
 * With counts, an edge nobody took has no note: "0×" on most edges of a large chart hid the figures
 * that matter, and the legend says what a bare edge means.
 */
export function coverageDecorations(sources: CoverageSources, texts: CoverageTexts): ChartDecorations {
  const { graph, model, journeys, usage } = sources;
  const hot = hotKeys(graph, usage);
  const transitions: Record<string, ChartMark> = {};
  for (const edge of graph.edges) {
    const key = transitionKey(edge);
    const byJourneys = journeys?.[key] ?? 0;
    const tested = journeys ? byJourneys > 0 : (model?.has(key) ?? false);
    const tone: ChartMark['tone'] = hot.has(key) ? 'hot' : tested ? 'covered' : 'untested';
    const taken = usage?.[key] ?? 0;
    const note = usage
      ? taken > 0
        ? texts.customers(taken)
        : undefined
      : journeys
        ? texts.journeys(byJourneys)
        : undefined;
    transitions[edge.id] = { tone, ...(note ? { note } : {}) };
  }
  return { transitions };
}

export interface CoverageSummary {
  /** transitions the chart draws */
  total: number;
  /** of them, taken by the model-based tests; null while unknown */
  model: number | null;
  /** taken by at least one browser journey; null when no run was collected */
  journeys: number | null;
  /** customers' transitions over the period, all together; null without counts */
  customers: number | null;
}

/** The legend's figures: model tests N/M, journeys N/M, customers' total. */
export function coverageSummary({ graph, model, journeys, usage }: CoverageSources): CoverageSummary {
  const keys = [...edgeIdsByKey(graph).keys()];
  return {
    total: keys.length,
    model: model ? keys.filter((key) => model.has(key)).length : null,
    journeys: journeys ? keys.filter((key) => (journeys[key] ?? 0) > 0).length : null,
    customers: usage ? keys.reduce((sum, key) => sum + (usage[key] ?? 0), 0) : null,
  };
}
