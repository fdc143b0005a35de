import type { ChartEdge, ChartGraph, ChartNode } from './chart-model';

/**
 * A machine's flow as it is versioned, signed off and compared: its states, transitions and guards,
 * without the texts around them (descriptions, spawned actors found by the tests), so rewording a
 * description is not a new version. The version is a hash of that shape, the same in Node (the
 * snapshot script, the screenshot runs) and in the browser (the studio).
 */
export type FlowGraph = ChartGraph;

const stripNode = ({ description: _description, spawns: _spawns, ...node }: ChartNode): ChartNode => ({
  ...node,
  spawns: [],
});

/** The chart without descriptions and spawned actors: what a version is made of. */
export function flowGraph(graph: ChartGraph): FlowGraph {
  return { ...graph, spawns: [], nodes: graph.nodes.map(stripNode) };
}

/**
 * A transition as it is recognised across versions (edge ids are positions and move when a
 * transition is added before another): `source --event [guard]--> target,target`.
 */
export function transitionKey(edge: Pick<ChartEdge, 'source' | 'targets' | 'label'>): string {
  const guard = edge.label.guard ? ` [${edge.label.guard}]` : '';
  return `${edge.source} --${edge.label.eventType || 'always'}${guard}--> ${edge.targets.join(',')}`;
}

/** cyrb53: a fast 53-bit string hash, plenty to tell versions of one machine apart. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The version of a flow: 12 hex digits of a hash of its shape (states, transitions, guards). */
export function flowVersion(graph: ChartGraph): string {
  return hash53(JSON.stringify(flowGraph(graph)))
    .toString(16)
    .padStart(14, '0')
    .slice(-12);
}
