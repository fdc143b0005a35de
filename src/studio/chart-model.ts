import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { eventLabel, guardLabel } from './chart-labels';

/**
 * A machine as a plain graph a diagram can draw: its states (nesting, kinds, initial children,
 * invoked and spawned actors) and its transitions (source, targets and the parts of the label).
 * Plain data only, so it can cross to a layout worker and be tested without a browser.
 */
export type ChartNodeKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export type ChartEdgeKind = 'event' | 'after' | 'always' | 'done' | 'error' | 'onDone';

interface ChartInvoke {
  id: string;
  src: string;
}

/** What a transition's label says, in parts: `event [guard]`, `after name (250ms)`, `always [guard]`. */
interface ChartLabel {
  kind: ChartEdgeKind;
  /** the event type as the machine has it (`checkout.submitted`, `xstate.after.settle.cartQuote.settling`), '' for always */
  eventType: string;
  /** the event as shown: `checkout.submitted`, `after settle`, `done loadUser`, `always`, `onDone` */
  event: string;
  guard?: string;
  /** a delayed transition's delay: its name in setup() (if any) and its milliseconds (if fixed) */
  delay?: { name?: string; ms?: number };
  /** the whole label on one line: `checkout.submitted [canSubmit]`, `after settle (300ms)` */
  text: string;
}

export interface ChartNode {
  /** the full state id, `checkout.editing` (what `data-state-id` carries) */
  id: string;
  key: string;
  kind: ChartNodeKind;
  /** shallow or deep, for history states */
  history?: 'shallow' | 'deep';
  /** null for the machine's top-level states */
  parentId: string | null;
  /** the initial child's id, for compound states */
  initialId?: string;
  invokes: ChartInvoke[];
  /** ids of the actors spawned while this state is active (from the path report) */
  spawns: string[];
  /** ids of the child states, in document order */
  children: string[];
  /** transitions without a target (actions only): listed in the state rather than drawn */
  internal: ChartLabel[];
  description?: string;
}

export interface ChartEdge {
  /** unique within the graph: `<source id>:<n>` */
  id: string;
  /** a state id, or the graph's `anyStateId` for the machine's own `on` transitions */
  source: string;
  targets: string[];
  label: ChartLabel;
}

export interface ChartGraph {
  /** the machine's id (its root state id) */
  machineId: string;
  /** the root's initial child id */
  initialId?: string;
  /** the machine's invokes for its whole life (the app's children) */
  invokes: ChartInvoke[];
  spawns: string[];
  /** every state below the root, in document order (parents before their children) */
  nodes: ChartNode[];
  edges: ChartEdge[];
  /** the "from any state" box: present when the machine itself has `on` transitions */
  anyState?: { id: string; internal: ChartLabel[] };
}

/** Spawned actors by state id, as the path report lists them (`spawned` in docs/paths/<machine>.json). */
export type SpawnedByState = Readonly<Record<string, readonly string[]>>;

const AFTER = 'xstate.after.';

function edgeKind(eventType: string): ChartEdgeKind {
  if (!eventType) return 'always';
  if (eventType.startsWith(AFTER)) return 'after';
  if (eventType.startsWith('xstate.done.actor.')) return 'done';
  if (eventType.startsWith('xstate.error.actor.')) return 'error';
  if (eventType.startsWith('xstate.done.state.')) return 'onDone';
  return 'event';
}

function delayOf(machine: AnyStateMachine, eventType: string): ChartLabel['delay'] {
  const part = eventType.slice(AFTER.length).split('.')[0] ?? '';
  if (/^\d+$/.test(part)) return { ms: Number(part) };
  const implementation = (machine.implementations.delays as Record<string, unknown>)[part];
  return typeof implementation === 'number' ? { name: part, ms: implementation } : { name: part };
}

function transitionLabel(machine: AnyStateMachine, t: AnyTransitionDefinition): ChartLabel {
  const eventType = t.eventType ?? '';
  const kind = edgeKind(eventType);
  const guard = guardLabel(t.guard);
  const delay = kind === 'after' ? delayOf(machine, eventType) : undefined;
  let event = eventLabel(t);
  if (delay?.name && delay.ms !== undefined) event = `after ${delay.name} (${delay.ms}ms)`;
  const text = guard ? `${event} [${guard}]` : event;
  return { kind, eventType, event, ...(guard ? { guard } : {}), ...(delay ? { delay } : {}), text };
}

const invokesOf = (node: AnyStateNode): ChartInvoke[] =>
  node.invoke.map((inv) => ({ id: inv.id, src: typeof inv.src === 'string' ? inv.src : inv.id }));

const transitionsOf = (node: AnyStateNode): AnyTransitionDefinition[] => [
  ...[...node.transitions.values()].flat(),
  ...(node.always ?? []),
];

function kindOf(node: AnyStateNode): ChartNodeKind {
  return node.type;
}

/** The machine as a chart: every state, every transition (targetless ones listed in their state). */
export function chartModel(machine: AnyStateMachine, spawned: SpawnedByState = {}): ChartGraph {
  const nodes: ChartNode[] = [];
  const edges: ChartEdge[] = [];
  const root = machine.root;
  const anyStateId = `${root.id}.(any)`;
  const rootInternal: ChartLabel[] = [];

  const addEdges = (source: AnyStateNode, sourceId: string, internal: ChartLabel[]) => {
    transitionsOf(source).forEach((t) => {
      const label = transitionLabel(machine, t);
      if (!t.target?.length) {
        internal.push(label);
        return;
      }
      edges.push({
        id: `${sourceId}:${edges.filter((edge) => edge.source === sourceId).length}`,
        source: sourceId,
        targets: t.target.map((target: AnyStateNode) => target.id),
        label,
      });
    });
  };

  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      const kind = kindOf(child);
      const chartNode: ChartNode = {
        id: child.id,
        key: child.key,
        kind,
        ...(kind === 'history' && child.history ? { history: child.history } : {}),
        parentId: node === root ? null : node.id,
        ...(child.type === 'compound' && child.initial?.target[0]
          ? { initialId: child.initial.target[0].id }
          : {}),
        invokes: invokesOf(child),
        spawns: [...(spawned[child.id] ?? [])],
        children: (Object.values(child.states) as AnyStateNode[]).map((grandchild) => grandchild.id),
        internal: [],
        ...(child.description ? { description: child.description } : {}),
      };
      nodes.push(chartNode);
      addEdges(child, child.id, chartNode.internal);
      walk(child);
    }
  };
  walk(root);
  addEdges(root, anyStateId, rootInternal);
  const hasAny = rootInternal.length > 0 || edges.some((edge) => edge.source === anyStateId);
  return {
    machineId: root.id,
    ...(root.initial?.target[0] ? { initialId: root.initial.target[0].id } : {}),
    invokes: invokesOf(root),
    spawns: [...(spawned[root.id] ?? [])],
    nodes,
    edges,
    ...(hasAny ? { anyState: { id: anyStateId, internal: rootInternal } } : {}),
  };
}
