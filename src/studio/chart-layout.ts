import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { englishGuardWords, type GuardWords, guardInWords } from './chart-labels';
import type { ChartEdge, ChartEdgeKind, ChartGraph, ChartNode, ChartNodeKind } from './chart-model';

/**
 * A chart graph laid out by ELK (layered, orthogonal edges, nested states included in one run),
 * turned into absolute coordinates a view draws as SVG without further computation. The ELK call
 * is injected: a worker in the browser, the bundled build in tests.
 */
export type ElkLayout = (graph: ElkNode) => Promise<ElkNode>;

export interface Point {
  x: number;
  y: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A line listed on a state under its name. */
interface NodeLine {
  kind: 'invoke' | 'spawn' | 'internal' | 'note';
  text: string;
}

export interface LaidOutNode extends Box {
  id: string;
  key: string;
  /** `any` is the "from any state" box for the machine's own transitions */
  kind: ChartNodeKind | 'any';
  history?: 'shallow' | 'deep';
  parentId: string | null;
  depth: number;
  /** containers: the height of the band holding the name and the lines */
  header: number;
  lines: NodeLine[];
}

interface LaidOutLabel extends Box {
  lines: string[];
  /** what each line's transition is (an error line is drawn in the danger colour) */
  lineKinds: ChartEdgeKind[];
}

export interface LaidOutEdge {
  id: string;
  /**
   * the chart edges drawn here: the transitions between these two states (a transition with two
   * targets is in two drawn edges); none for the arrow from an initial dot
   */
  chartEdgeIds: string[];
  source: string;
  target: string;
  kind: ChartEdgeKind | 'initial';
  /** start, bend points, end */
  points: Point[];
  label?: LaidOutLabel;
}

interface InitialMarker {
  /** the state whose initial child this points at (the machine id for the top level) */
  parentId: string;
  targetId: string;
  x: number;
  y: number;
  r: number;
}

interface Separator {
  parentId: string;
  from: Point;
  to: Point;
}

export interface LaidOutChart {
  machineId: string;
  width: number;
  height: number;
  /** parents before their children (draw order) */
  nodes: LaidOutNode[];
  edges: LaidOutEdge[];
  initials: InitialMarker[];
  /** dashed lines between the regions of parallel states */
  separators: Separator[];
}

// Text metrics the view uses (estimated from the length: ELK needs sizes before anything is drawn).
export const chartText = {
  nameSize: 13,
  lineSize: 11,
  labelSize: 11,
  lineHeight: 15,
  nameBand: 28,
  padX: 12,
};
const NAME_CHAR = 7.6;
const LINE_CHAR = 6.3;
const INITIAL_SIZE = 12;
const HISTORY_SIZE = 34;
const MAX_LABEL_CHARS = 28;
/** a guard in words longer than this wraps at a space */
const MAX_GUARD_CHARS = 36;

const textWidth = (text: string, perChar: number) => Math.ceil(text.length * perChar);

type LabelParts = Pick<ChartEdge['label'], 'event' | 'guard'>;

/**
 * A label as it is drawn: the event and the guard in words (`checkout.submitted [has items and
 * not saves pending]`). Sizes are estimated from these very strings, so what ELK makes room for
 * is what the view draws.
 */
const drawnLabel = (label: LabelParts, words: GuardWords) =>
  label.guard ? `${label.event} [${guardInWords(label.guard, words)}]` : label.event;

function nodeLines(node: Pick<ChartNode, 'invokes' | 'spawns' | 'internal'>, words: GuardWords): NodeLine[] {
  return [
    ...node.invokes.map((inv) => ({
      kind: 'invoke' as const,
      text: `invoke ${inv.id === inv.src ? inv.src : `${inv.id} (${inv.src})`}`,
    })),
    ...node.spawns.map((id) => ({ kind: 'spawn' as const, text: `spawns ${id}` })),
    ...node.internal.map((label) => ({ kind: 'internal' as const, text: drawnLabel(label, words) })),
  ];
}

/** A long guard in lines of at most MAX_GUARD_CHARS, broken at spaces (one long word stays whole). */
function wrapGuard(guard: string): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of guard.split(' ')) {
    if (line && line.length + 1 + word.length > MAX_GUARD_CHARS) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** An edge label broken into lines: the event, then the guard on its own lines when long. */
function labelLines(label: LabelParts, words: GuardWords): string[] {
  const text = drawnLabel(label, words);
  if (text.length <= MAX_LABEL_CHARS || !label.guard) return [text];
  return [label.event, ...wrapGuard(`[${guardInWords(label.guard, words)}]`)];
}

function labelSize(lines: string[]) {
  return {
    width: Math.max(...lines.map((line) => textWidth(line, LINE_CHAR))) + 8,
    height: lines.length * chartText.lineHeight + 4,
  };
}

function headerHeight(lines: NodeLine[]) {
  return chartText.nameBand + lines.length * chartText.lineHeight + (lines.length ? 6 : 0);
}

function contentWidth(name: string, lines: NodeLine[]) {
  return (
    Math.max(
      textWidth(name, NAME_CHAR),
      ...lines.map((line) => textWidth(line.text, LINE_CHAR) + (line.kind === 'internal' ? 14 : 0)),
    ) +
    2 * chartText.padX
  );
}

const initialId = (parentId: string) => `${parentId}/initial`;

const rootOptions: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  // a label just after its source: near the state it leaves, and the layer of long edges stays narrow
  'elk.layered.edgeLabels.centerLabelPlacementStrategy': 'TAIL_LAYER',
  'elk.spacing.nodeNode': '32',
  'elk.spacing.edgeNode': '18',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.labelNode': '6',
  'elk.layered.spacing.nodeNodeBetweenLayers': '48',
  'elk.layered.spacing.edgeNodeBetweenLayers': '18',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '12',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  // measured with `npm run bench:charts` on the six largest charts against model-order cycle
  // breaking and network-simplex layering: a tenth fewer crossings, less edge length and canvas.
  // Depth-first cycle breaking walks from the first state, so the flow still starts at the top;
  // greedy would cross less but start some charts halfway down, where nobody looks for a start.
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.layered.layering.strategy': 'LONGEST_PATH',
  'elk.layered.compaction.postCompaction.strategy': 'EDGE_LENGTH',
  'elk.padding': '[top=24,left=24,bottom=24,right=24]',
  'org.eclipse.elk.json.edgeCoords': 'ROOT',
  'org.eclipse.elk.json.shapeCoords': 'ROOT',
};

interface Built {
  elk: ElkNode;
  /** ELK node id → what it was made from */
  meta: Map<string, { node?: ChartNode; any?: true; initialOf?: string; target?: string }>;
}

/** The chart graph as an ELK graph (exported for tests of the graph handed to ELK). */
export function toElkGraph(graph: ChartGraph, words: GuardWords = englishGuardWords): Built {
  const meta: Built['meta'] = new Map();
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const elkById = new Map<string, ElkNode>();
  const rootElk: ElkNode = { id: graph.machineId, layoutOptions: rootOptions, children: [], edges: [] };
  elkById.set(graph.machineId, rootElk);

  const parentOf = (id: string): string => {
    if (graph.anyState && id === graph.anyState.id) return graph.machineId;
    if (id.endsWith('/initial')) return id.slice(0, -'/initial'.length);
    return byId.get(id)?.parentId ?? graph.machineId;
  };
  const ancestors = (id: string): string[] => {
    const chain: string[] = [];
    let current = id;
    while (current !== graph.machineId) {
      current = parentOf(current);
      chain.push(current);
    }
    return chain;
  };
  /** ELK wants an edge in the lowest node containing both ends (or the source when it contains the target) */
  const containerOf = (source: string, target: string): string => {
    const targetChain = new Set([target, ...ancestors(target)]);
    if (targetChain.has(source) && source !== target) return source;
    return ancestors(source).find((id) => targetChain.has(id)) ?? graph.machineId;
  };
  const addEdge = (edge: ElkExtendedEdge) => {
    const source = edge.sources[0] as string;
    const target = edge.targets[0] as string;
    const container = elkById.get(containerOf(source, target)) ?? rootElk;
    container.edges = [...(container.edges ?? []), edge];
  };

  const addInitial = (parent: ElkNode, parentId: string, targetId: string) => {
    const id = initialId(parentId);
    parent.children?.push({ id, width: INITIAL_SIZE, height: INITIAL_SIZE });
    meta.set(id, { initialOf: parentId, target: targetId });
  };

  if (graph.initialId) addInitial(rootElk, graph.machineId, graph.initialId);
  // first in the model order, so the box sits above the states like a note
  if (graph.anyState) {
    const lines = anyStateLines(graph.anyState, words);
    rootElk.children?.push({
      id: graph.anyState.id,
      width: Math.max(120, contentWidth('from any state', lines)),
      height: headerHeight(lines) + 6,
    });
    meta.set(graph.anyState.id, { any: true });
  }
  for (const node of graph.nodes) {
    const parent = elkById.get(node.parentId ?? graph.machineId) ?? rootElk;
    const lines = nodeLines(node, words);
    let elkNode: ElkNode;
    if (node.kind === 'history') {
      elkNode = { id: node.id, width: HISTORY_SIZE, height: HISTORY_SIZE };
    } else if (node.children.length) {
      const header = headerHeight(lines);
      elkNode = {
        id: node.id,
        children: [],
        edges: [],
        layoutOptions: {
          'elk.padding': `[top=${header + 12},left=16,bottom=16,right=16]`,
          'elk.nodeSize.constraints': '[MINIMUM_SIZE]',
          'elk.nodeSize.minimum': `(${contentWidth(node.key, lines)}, ${header + 40})`,
          ...(node.kind === 'parallel' ? { 'elk.direction': 'DOWN', 'elk.spacing.nodeNode': '40' } : {}),
        },
      };
    } else {
      const extra = node.kind === 'final' ? 8 : 0;
      elkNode = {
        id: node.id,
        width: Math.max(96, contentWidth(node.key, lines) + extra),
        height: headerHeight(lines) + 6 + extra,
      };
    }
    parent.children?.push(elkNode);
    elkById.set(node.id, elkNode);
    meta.set(node.id, { node });
    if (node.initialId) addInitial(elkNode, node.id, node.initialId);
  }
  for (const [id, info] of meta)
    if (info.initialOf && info.target)
      addEdge({ id: `${id}->${info.target}`, sources: [id], targets: [info.target] });
  // transitions between the same two states share one drawn edge, their labels stacked
  for (const [id, group] of drawnEdges(graph)) {
    const lines = group.edges.flatMap((edge) => labelLines(edge.label, words));
    addEdge({
      id,
      sources: [group.source],
      targets: [group.target],
      labels: [{ id: `${id}/label`, text: lines.join('\n'), ...labelSize(lines) }],
    });
  }
  return { elk: rootElk, meta };
}

const ANY_NAME = 'from any state';

const anyStateLines = (anyState: NonNullable<ChartGraph['anyState']>, words: GuardWords): NodeLine[] =>
  anyState.internal.map((label) => ({ kind: 'internal' as const, text: drawnLabel(label, words) }));

export interface LayoutOptions {
  /** the joining words of guards in the reader's language (English unless given) */
  words?: GuardWords;
}

/** The drawn edges by id (`<source>-><target>`): the chart's transitions between the same two states. */
function drawnEdges(graph: ChartGraph): Map<string, { source: string; target: string; edges: ChartEdge[] }> {
  const drawn = new Map<string, { source: string; target: string; edges: ChartEdge[] }>();
  for (const edge of graph.edges)
    for (const target of edge.targets) {
      const id = `${edge.source}->${target}`;
      const group = drawn.get(id) ?? { source: edge.source, target, edges: [] };
      group.edges.push(edge);
      drawn.set(id, group);
    }
  return drawn;
}

/** Lays the chart out and reads ELK's answer back as absolute boxes, paths and label boxes. */
export async function layoutChart(
  graph: ChartGraph,
  elk: ElkLayout,
  { words = englishGuardWords }: LayoutOptions = {},
): Promise<LaidOutChart> {
  const { elk: input, meta } = toElkGraph(graph, words);
  const laid = await elk(input);
  const nodes: LaidOutNode[] = [];
  const initials: InitialMarker[] = [];
  const edges: LaidOutEdge[] = [];
  const separators: Separator[] = [];
  const drawn = drawnEdges(graph);

  const visit = (elkNode: ElkNode, depth: number) => {
    for (const child of elkNode.children ?? []) {
      const info = meta.get(child.id);
      const box = { x: child.x ?? 0, y: child.y ?? 0, width: child.width ?? 0, height: child.height ?? 0 };
      if (info?.initialOf && info.target) {
        initials.push({
          parentId: info.initialOf,
          targetId: info.target,
          x: box.x + box.width / 2,
          y: box.y + box.height / 2,
          r: INITIAL_SIZE / 2,
        });
      } else if (info?.any && graph.anyState) {
        const lines = anyStateLines(graph.anyState, words);
        nodes.push({
          ...box,
          id: child.id,
          key: ANY_NAME,
          kind: 'any',
          parentId: null,
          depth,
          header: headerHeight(lines),
          lines,
        });
      } else if (info?.node) {
        const node = info.node;
        const lines = nodeLines(node, words);
        nodes.push({
          ...box,
          id: node.id,
          key: node.key,
          kind: node.kind,
          ...(node.history ? { history: node.history } : {}),
          parentId: node.parentId,
          depth,
          header: headerHeight(lines),
          lines,
        });
        if (node.kind === 'parallel')
          separators.push(...regionSeparators(node.id, box, headerHeight(lines), child.children ?? []));
      }
      visit(child, depth + 1);
    }
    for (const edge of elkNode.edges ?? []) {
      const points = (edge.sections ?? []).flatMap((section, index) => [
        ...(index === 0 ? [section.startPoint] : []),
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      const source = edge.sources[0] as string;
      const target = edge.targets[0] as string;
      const group = drawn.get(edge.id);
      const kinds = group ? group.edges.map((chartEdge) => chartEdge.label.kind) : [];
      const label = edge.labels?.[0];
      edges.push({
        id: edge.id,
        chartEdgeIds: group ? group.edges.map((chartEdge) => chartEdge.id) : [],
        source,
        target,
        kind: !group ? 'initial' : kinds.every((kind) => kind === kinds[0]) ? (kinds[0] ?? 'event') : 'event',
        points: points.map(({ x, y }) => ({ x, y })),
        ...(label
          ? {
              label: {
                x: label.x ?? 0,
                y: label.y ?? 0,
                width: label.width ?? 0,
                height: label.height ?? 0,
                lines: (label.text ?? '').split('\n'),
                lineKinds: (group?.edges ?? []).flatMap((chartEdge) =>
                  labelLines(chartEdge.label, words).map(() => chartEdge.label.kind),
                ),
              },
            }
          : {}),
      });
    }
  };
  visit(laid, 0);
  return {
    machineId: graph.machineId,
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    nodes,
    edges,
    initials,
    separators,
  };
}

/** Dashed lines between a parallel state's regions, wherever ELK put them (side by side or stacked). */
function regionSeparators(parentId: string, parent: Box, header: number, children: ElkNode[]): Separator[] {
  const regions = children
    .filter((child) => !child.id.endsWith('/initial'))
    .map((child) => ({
      x: child.x ?? 0,
      y: child.y ?? 0,
      width: child.width ?? 0,
      height: child.height ?? 0,
    }));
  const out: Separator[] = [];
  const byY = [...regions].sort((a, b) => a.y - b.y);
  const stacked = byY.every(
    (region, i) => i === 0 || region.y >= (byY[i - 1] as Box).y + (byY[i - 1] as Box).height,
  );
  if (stacked) {
    for (let i = 1; i < byY.length; i++) {
      const above = byY[i - 1] as Box;
      const below = byY[i] as Box;
      const y = (above.y + above.height + below.y) / 2;
      out.push({ parentId, from: { x: parent.x, y }, to: { x: parent.x + parent.width, y } });
    }
    return out;
  }
  const byX = [...regions].sort((a, b) => a.x - b.x);
  for (let i = 1; i < byX.length; i++) {
    const left = byX[i - 1] as Box;
    const right = byX[i] as Box;
    if (right.x < left.x + left.width) continue;
    const x = (left.x + left.width + right.x) / 2;
    out.push({ parentId, from: { x, y: parent.y + header }, to: { x, y: parent.y + parent.height } });
  }
  return out;
}

/** Where a view looks at a chart: shift in screen pixels, then scale. */
export interface ChartViewport {
  x: number;
  y: number;
  k: number;
}

/** The smallest zoom at which an edge label (11 px in the chart) is still 10 px on screen. */
export const LEGIBLE_ZOOM = 10 / chartText.labelSize;

/** Fitting never blows a small chart up beyond this. */
const FIT_MAX_ZOOM = 1.25;
/** room kept between a focused state and the view's border when the state is larger than the view */
const FOCUS_MARGIN = 16;

interface FitOptions {
  /** the zoom below which the chart is not shrunk (LEGIBLE_ZOOM unless given) */
  minZoom?: number;
  /** what to centre on when the whole chart does not fit: the current or the initial state */
  focus?: Box | undefined;
}

/**
 * Where a view of `view`'s size looks at a chart of `content`'s size: the whole chart centred
 * when it fits at `minZoom` or more; otherwise `minZoom`, centred on `focus` (its top start corner
 * when it is larger than the view), without showing empty space beyond the chart's edges.
 */
export function fitViewport(
  content: { width: number; height: number },
  view: { width: number; height: number },
  { minZoom = LEGIBLE_ZOOM, focus }: FitOptions = {},
): ChartViewport {
  if (!content.width || !content.height || !view.width || !view.height) return { x: 0, y: 0, k: 1 };
  const whole = Math.min(view.width / content.width, view.height / content.height, FIT_MAX_ZOOM);
  const k = Math.max(whole, minZoom);
  const axis = (viewSize: number, contentSize: number, from?: number, size?: number) => {
    const drawn = contentSize * k;
    if (drawn <= viewSize) return (viewSize - drawn) / 2;
    let offset = (viewSize - drawn) / 2;
    if (from !== undefined && size !== undefined)
      offset =
        size * k + 2 * FOCUS_MARGIN <= viewSize
          ? viewSize / 2 - (from + size / 2) * k
          : FOCUS_MARGIN - from * k;
    return Math.min(0, Math.max(viewSize - drawn, offset));
  };
  return {
    k,
    x: axis(view.width, content.width, focus?.x, focus?.width),
    y: axis(view.height, content.height, focus?.y, focus?.height),
  };
}

/** The box to open a chart on: around the given states (the current ones), else the initial state. */
export function focusBox(chart: LaidOutChart, stateIds: readonly string[]): Box | undefined {
  const byId = new Map(chart.nodes.map((node) => [node.id, node]));
  // the deepest states only: a parent of a current state would widen the box to the whole parent
  const deepest = stateIds.filter((id) => !stateIds.some((other) => other.startsWith(`${id}.`)));
  let boxes: Box[] = deepest.flatMap((id) => byId.get(id) ?? []);
  if (!boxes.length) {
    const start = chart.initials.find((initial) => initial.parentId === chart.machineId);
    const target = start && byId.get(start.targetId);
    if (!start || !target) return undefined;
    boxes = [target, { x: start.x - start.r, y: start.y - start.r, width: 2 * start.r, height: 2 * start.r }];
  }
  const x = Math.min(...boxes.map((box) => box.x));
  const y = Math.min(...boxes.map((box) => box.y));
  return {
    x,
    y,
    width: Math.max(...boxes.map((box) => box.x + box.width)) - x,
    height: Math.max(...boxes.map((box) => box.y + box.height)) - y,
  };
}
