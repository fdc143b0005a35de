import type { ChartDecorations, ChartMark } from './chart-decorations';
import type { ChartEdge, ChartGraph, ChartNode } from './chart-model';
import { transitionKey } from './flow-version';

/**
 * What changed in a flow between two versions, as a product owner reviews it: states added,
 * removed or changed (kind, initial child, invoked actors, the transitions listed inside it), and
 * transitions added, removed or changed. A transition is the same across versions when it leaves
 * the same state on the same event for the same targets (edge ids are positions, see transitionKey);
 * a new guard or delay on it makes it changed, not a new one.
 */
export type StateAspect = 'kind' | 'initial' | 'invokes' | 'internal';
export type TransitionAspect = 'guard' | 'delay';

export interface StateChange {
  id: string;
  change: 'added' | 'removed' | 'changed';
  /** for a changed state: what about it changed */
  aspects: StateAspect[];
  before?: ChartNode;
  after?: ChartNode;
}

export interface TransitionChange {
  change: 'added' | 'removed' | 'changed';
  /** for a changed transition: what about it changed */
  aspects: TransitionAspect[];
  /** the transition as it was (removed, changed) */
  before?: ChartEdge;
  /** the transition as it is (added, changed) */
  after?: ChartEdge;
}

export interface FlowDiff {
  states: StateChange[];
  transitions: TransitionChange[];
  /** what changed of the machine itself: its initial state, its own invokes, its targetless `on` */
  machine: StateAspect[];
}

// Stored versions have their keys sorted (flow-snapshots.ts): compare values, never JSON texts of objects.
const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

const invokeKeys = (invokes: readonly { id: string; src: string }[]) =>
  invokes.map((invoke) => `${invoke.id}:${invoke.src}`);

const delayKey = (edge: ChartEdge) => `${edge.label.delay?.name ?? ''}:${edge.label.delay?.ms ?? ''}`;

const internalKeys = (node: Pick<ChartNode, 'internal'>) =>
  node.internal.map((label) => `${label.eventType}${label.guard ? ` [${label.guard}]` : ''}`);

function stateAspects(before: ChartNode, after: ChartNode): StateAspect[] {
  const aspects: StateAspect[] = [];
  if (before.kind !== after.kind || before.history !== after.history) aspects.push('kind');
  if (before.initialId !== after.initialId) aspects.push('initial');
  if (!sameList(invokeKeys(before.invokes), invokeKeys(after.invokes))) aspects.push('invokes');
  if (!sameList(internalKeys(before), internalKeys(after))) aspects.push('internal');
  return aspects;
}

/** The part of a transition that says which one it is: source, event and targets, without the guard. */
const matchKey = (edge: ChartEdge) => `${edge.source} --${edge.label.eventType}--> ${edge.targets.join(',')}`;

function transitionAspects(before: ChartEdge, after: ChartEdge): TransitionAspect[] {
  const aspects: TransitionAspect[] = [];
  if ((before.label.guard ?? '') !== (after.label.guard ?? '')) aspects.push('guard');
  if (delayKey(before) !== delayKey(after)) aspects.push('delay');
  return aspects;
}

const groupBy = <T>(items: readonly T[], key: (item: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
};

/**
 * Pairs the transitions of two versions. Within one source, event and targets (several only when
 * guards tell them apart), identical transitions pair first, then the rest in order as changed.
 */
function diffTransitions(older: readonly ChartEdge[], newer: readonly ChartEdge[]): TransitionChange[] {
  const changes: TransitionChange[] = [];
  const olderGroups = groupBy(older, matchKey);
  const newerGroups = groupBy(newer, matchKey);
  const paired = new Set<ChartEdge>();
  for (const [key, afterEdges] of newerGroups) {
    const beforeLeft = [...(olderGroups.get(key) ?? [])];
    const afterLeft: ChartEdge[] = [];
    for (const after of afterEdges) {
      const same = beforeLeft.findIndex(
        (before) =>
          transitionKey(before) === transitionKey(after) && !transitionAspects(before, after).length,
      );
      if (same >= 0) paired.add(beforeLeft.splice(same, 1)[0] as ChartEdge);
      else afterLeft.push(after);
    }
    for (const after of afterLeft) {
      const before = beforeLeft.shift();
      if (before) {
        paired.add(before);
        changes.push({ change: 'changed', aspects: transitionAspects(before, after), before, after });
      } else changes.push({ change: 'added', aspects: [], after });
    }
  }
  for (const before of older)
    if (!paired.has(before)) changes.push({ change: 'removed', aspects: [], before });
  return changes;
}

/** The changes from `older` to `newer` (two versions of one machine's chart). */
export function diffFlows(older: ChartGraph, newer: ChartGraph): FlowDiff {
  const olderNodes = new Map(older.nodes.map((node) => [node.id, node]));
  const newerIds = new Set(newer.nodes.map((node) => node.id));
  const states: StateChange[] = [];
  for (const after of newer.nodes) {
    const before = olderNodes.get(after.id);
    if (!before) states.push({ id: after.id, change: 'added', aspects: [], after });
    else {
      const aspects = stateAspects(before, after);
      if (aspects.length) states.push({ id: after.id, change: 'changed', aspects, before, after });
    }
  }
  for (const before of older.nodes)
    if (!newerIds.has(before.id)) states.push({ id: before.id, change: 'removed', aspects: [], before });

  const machine: StateAspect[] = [];
  if (older.initialId !== newer.initialId) machine.push('initial');
  if (!sameList(invokeKeys(older.invokes), invokeKeys(newer.invokes))) machine.push('invokes');
  if (
    !sameList(
      internalKeys(older.anyState ?? { internal: [] }),
      internalKeys(newer.anyState ?? { internal: [] }),
    )
  )
    machine.push('internal');

  return { states, transitions: diffTransitions(older.edges, newer.edges), machine };
}

export const isUnchanged = (diff: FlowDiff) =>
  diff.states.length === 0 && diff.transitions.length === 0 && diff.machine.length === 0;

/** Translates a mark's note: `versions.mark.<tone>` and `versions.aspect.<aspect>` in the studio's texts. */
export type NoteTexts = (key: string, values?: Record<string, string>) => string;

export interface UnionGraph {
  /** both versions in one chart: the newer one, plus what it no longer has */
  graph: ChartGraph;
  decorations: ChartDecorations;
  diff: FlowDiff;
}

const shortId = (id: string | undefined) => (id ? (id.split('.').at(-1) ?? id) : '—');

/** What a state's mark says: added, removed, or what about it changed. */
export function stateNote(change: StateChange, t: NoteTexts): string {
  if (change.change !== 'changed') return t(`versions.mark.${change.change}`);
  const parts = change.aspects.map((aspect) =>
    aspect === 'initial'
      ? t('versions.aspect.initial', {
          before: shortId(change.before?.initialId),
          after: shortId(change.after?.initialId),
        })
      : t(`versions.aspect.${aspect}`),
  );
  return parts.join('; ');
}

/** What a transition's mark says: added, removed, or its new guard or delay. */
export function transitionNote(change: TransitionChange, t: NoteTexts): string {
  if (change.change !== 'changed') return t(`versions.mark.${change.change}`);
  return change.aspects
    .map((aspect) =>
      aspect === 'guard'
        ? t('versions.aspect.guard', {
            before: change.before?.label.guard ?? '—',
            after: change.after?.label.guard ?? '—',
          })
        : t('versions.aspect.delay'),
    )
    .join('; ');
}

/**
 * One chart holding both versions, for a diagram that shows the difference: the newer chart, the
 * states and transitions only the older one had put back (a removed state under its old parent),
 * and a mark with a translated note on everything added, removed or changed.
 */
export function unionGraph(older: ChartGraph, newer: ChartGraph, t: NoteTexts): UnionGraph {
  const diff = diffFlows(older, newer);
  const nodes = newer.nodes.map((node) => ({ ...node, children: [...node.children] }));
  const byId = new Map(nodes.map((node) => [node.id, node]));
  // the older order puts a parent before its children, so a removed parent is back before them
  for (const change of diff.states) {
    if (change.change !== 'removed' || !change.before) continue;
    const node = { ...change.before, children: [] };
    nodes.push(node);
    byId.set(node.id, node);
    const parent = node.parentId ? byId.get(node.parentId) : undefined;
    if (parent) {
      parent.children.push(node.id);
      // a state that lost all its children still has to draw the removed ones inside it
      if (parent.kind === 'atomic' || parent.kind === 'final') parent.kind = 'compound';
    }
  }

  const edges = [...newer.edges];
  const perSource = groupBy(newer.edges, (edge) => edge.source);
  const removedIds = new Map<ChartEdge, string>();
  for (const change of diff.transitions) {
    if (change.change !== 'removed' || !change.before) continue;
    const { source } = change.before;
    const taken = perSource.get(source) ?? [];
    const id = `${source}:${taken.length}`;
    perSource.set(source, [...taken, change.before]);
    removedIds.set(change.before, id);
    edges.push({ ...change.before, id });
  }

  const states: Record<string, ChartMark> = {};
  for (const change of diff.states) states[change.id] = { tone: change.change, note: stateNote(change, t) };
  const transitions: Record<string, ChartMark> = {};
  for (const change of diff.transitions) {
    const id = change.after?.id ?? (change.before && removedIds.get(change.before));
    if (id) transitions[id] = { tone: change.change, note: transitionNote(change, t) };
  }

  const anyState = newer.anyState ?? older.anyState;
  return {
    graph: {
      ...newer,
      nodes,
      edges,
      ...(anyState ? { anyState } : {}),
    },
    decorations: { states, transitions },
    diff,
  };
}
