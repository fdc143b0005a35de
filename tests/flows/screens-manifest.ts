import { flowScreenVariants } from '../../src/domain/flow-screen-variants';
import type { FlowScreenState, FlowScreensManifest } from '../../src/services/api/wire/flow-screens';
import type { ChartNode } from '../../src/studio/chart-model';

/**
 * What `npm run flows:screens` writes next to the screenshots of one machine version: every state
 * of the chart, with the variants it was shot in, or why it has none. Pure, so the rules are tested
 * without a browser: the script gathers the chart, the UI map and the files, this decides.
 */

/** The chart's states as far as screens go: ids, and for compound states their children. */
export type ScreenNode = Pick<ChartNode, 'id' | 'children'> & { initialId?: string | undefined };

/** State id → the variants found on disk for it. */
export type ShotsFound = Readonly<Record<string, readonly string[]>>;

/** A generated test that failed while shooting, and the states its path goes through. */
export interface FailedRun {
  title: string;
  stateIds: readonly string[];
  /** the state (or transition source) the path was written to reach: its failure is named first there */
  target?: string | undefined;
}

/** How many failed tests a state names; the rest are counted. */
const TITLES_SHOWN = 3;

export interface ManifestInput {
  machine: string;
  version: string;
  takenAt: string;
  nodes: readonly ScreenNode[];
  /** the UI map's states without a screen of their own: state id (or key below the root) → reason */
  screenless: Readonly<Record<string, string>>;
  shots: ShotsFound;
  failures?: readonly FailedRun[];
}

/** The variants in their fixed order (desktop first, light first, English first), unknown ones dropped. */
const orderedVariants = (found: readonly string[]): string[] =>
  flowScreenVariants.filter((variant) => found.includes(variant));

/**
 * The chart's id for a UI map's name of a state: the full id (`checkout.form.editing`) or the path
 * below the root (`form.editing`), as a map author may write either.
 */
export function resolveStateId(name: string, nodeIds: readonly string[]): string | undefined {
  if (nodeIds.includes(name)) return name;
  return nodeIds.find((id) => id.slice(id.indexOf('.') + 1) === name);
}

/**
 * A compound or parallel state is never the deepest state a step reaches, so no run shoots it; what
 * the customer sees there is the screen of the state it starts in. For each such state without
 * shots of its own: the descendant whose shots stand for it (its initial child first, then the
 * others in document order, going down until one has shots).
 */
export function borrowedShots(nodes: readonly ScreenNode[], shots: ShotsFound): Record<string, string> {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const has = (id: string) => (shots[id]?.length ?? 0) > 0;
  const shownBy = (id: string, seen: Set<string>): string | undefined => {
    if (seen.has(id)) return undefined;
    seen.add(id);
    if (has(id)) return id;
    const node = byId.get(id);
    if (!node) return undefined;
    const order = node.initialId
      ? [node.initialId, ...node.children.filter((child) => child !== node.initialId)]
      : node.children;
    for (const child of order) {
      const found = shownBy(child, seen);
      if (found) return found;
    }
    return undefined;
  };
  const borrowed: Record<string, string> = {};
  for (const node of nodes) {
    if (node.children.length === 0 || has(node.id)) continue;
    const source = shownBy(node.id, new Set());
    if (source) borrowed[node.id] = source;
  }
  return borrowed;
}

/**
 * Per state, the failed tests whose paths go through it: those written to reach it first, at most
 * three named and the others counted, so a setup that failed every test does not list them all.
 */
function failedTitlesByState(failures: readonly FailedRun[]): Map<string, string> {
  const byState = new Map<string, FailedRun[]>();
  for (const failure of failures)
    for (const stateId of new Set(failure.stateIds))
      byState.set(stateId, [...(byState.get(stateId) ?? []), failure]);
  const details = new Map<string, string>();
  for (const [stateId, runs] of byState) {
    const titles = [
      ...new Set(
        [
          ...runs.filter((run) => run.target === stateId),
          ...runs.filter((run) => run.target !== stateId),
        ].map((run) => run.title),
      ),
    ];
    const shown = titles.slice(0, TITLES_SHOWN).join('; ');
    const more = titles.length - TITLES_SHOWN;
    details.set(stateId, more > 0 ? `${shown}; and ${more} more` : shown);
  }
  return details;
}

/**
 * The manifest: one entry per chart state, in the chart's order. The UI map's word that a state has no
 * screen of its own wins over any file found (such a file would show another state's screen); a state
 * with neither is not reached, with the titles of the failed tests that were on their way to it.
 */
export function screensManifest(input: ManifestInput): FlowScreensManifest {
  const nodeIds = input.nodes.map((node) => node.id);
  const screenless = new Map<string, string>();
  for (const [name, reason] of Object.entries(input.screenless)) {
    const id = resolveStateId(name, nodeIds);
    if (id) screenless.set(id, reason);
  }
  const failed = failedTitlesByState(input.failures ?? []);
  const states: Record<string, FlowScreenState> = {};
  for (const id of nodeIds) {
    const reason = screenless.get(id);
    const variants = orderedVariants(input.shots[id] ?? []);
    if (reason !== undefined)
      states[id] = { reason: 'no-screen', ...(reason.trim() ? { detail: reason.trim() } : {}) };
    else if (variants.length > 0) states[id] = { variants };
    else {
      const detail = failed.get(id);
      states[id] = { reason: 'not-reached', ...(detail ? { detail } : {}) };
    }
  }
  return { machine: input.machine, version: input.version, takenAt: input.takenAt, states };
}

/**
 * The fewest paths (in report order where it is a tie) that together pass through every state any
 * path does: a screenshot needs a state reached once, not once per path. Greedy set cover, which
 * the path reports' sizes (under a hundred paths) make instant.
 */
export function coveringPaths(paths: ReadonlyMap<string, { stateIds: readonly string[] }>): string[] {
  const uncovered = new Set([...paths.values()].flatMap(({ stateIds }) => stateIds));
  const chosen: string[] = [];
  while (uncovered.size) {
    let best: { id: string; gain: number } | undefined;
    for (const [id, { stateIds }] of paths) {
      const gain = new Set(stateIds.filter((state) => uncovered.has(state))).size;
      if (gain > (best?.gain ?? 0)) best = { id, gain };
    }
    if (!best) break;
    chosen.push(best.id);
    for (const state of paths.get(best.id)?.stateIds ?? []) uncovered.delete(state);
  }
  return chosen;
}
