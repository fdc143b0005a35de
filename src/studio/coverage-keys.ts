import type { AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { guardLabel } from './chart-labels';
import type { ChartEdge, ChartGraph } from './chart-model';
import { transitionKey } from './flow-version';

/**
 * A transition a machine took, as the coverage overlay counts it: the machine's id, the chart's
 * source id (`<machine>.(any)` for the machine's own `on`), the event type, the target ids and the
 * transition's key (flow-version.ts), which finds it on the chart of any version that still has it.
 * Names and ids only: never context, never an event's payload.
 */
interface TakenTransition {
  machine: string;
  source: string;
  event: string;
  targets: string[];
  key: string;
}

/** The transition as the chart draws it, or null for one without a target (listed in its state, not drawn). */
export function takenTransition(t: AnyTransitionDefinition): TakenTransition | null {
  if (!t.target?.length) return null;
  const root: AnyStateNode = t.source.machine.root;
  const source = t.source === root ? `${root.id}.(any)` : t.source.id;
  const targets = t.target.map((node) => node.id);
  const event = t.eventType ?? '';
  const guard = guardLabel(t.guard);
  const label: ChartEdge['label'] = {
    kind: 'event',
    eventType: event,
    event,
    text: event,
    ...(guard ? { guard } : {}),
  };
  return {
    machine: t.source.machine.id,
    source,
    event,
    targets,
    key: transitionKey({ source, targets, label }),
  };
}

/** The chart's edge ids by transition key (a key names one edge; two alike would share it). */
export function edgeIdsByKey(graph: ChartGraph): ReadonlyMap<string, readonly string[]> {
  const byKey = new Map<string, string[]>();
  for (const edge of graph.edges) {
    const key = transitionKey(edge);
    byKey.set(key, [...(byKey.get(key) ?? []), edge.id]);
  }
  return byKey;
}

/**
 * A key recorded under another machine id onto `machineId`'s chart: the generic resource runs as
 * `orders`, `configuration`, `languages`…, whose ids start every state id of the key.
 */
export function renameKey(key: string, from: string, to: string): string {
  return key
    .split(/( --.*--> )/)
    .map((part, i) =>
      i === 1
        ? part
        : part
            .split(',')
            .map((id) => (id === from || id.startsWith(`${from}.`) ? `${to}${id.slice(from.length)}` : id))
            .join(','),
    )
    .join('');
}
