/**
 * How readable the studio's largest diagrams are laid out (`npm run bench:charts`): for the six
 * charts with the most states and transitions, the total length of the drawn edges, how often
 * edges cross (segment intersections between different edges), the longest edge against the
 * canvas's half perimeter (an edge across the whole canvas is near 100 %), how far down the canvas
 * the flow starts (the machine's initial dot: a chart reads from the top) and the canvas size. Prints
 * figures; asserts nothing.
 *
 * To try ELK options without editing the layout, pass them as JSON to merge into the root's:
 *   npm run bench:charts -- '{"elk.layered.mergeEdges":"true"}'
 */
import ELK from 'elkjs/lib/elk.bundled.js';
import { type LaidOutChart, layoutChart, type Point } from '../src/studio/chart-layout';
import { chartModel } from '../src/studio/chart-model';
import { machineCatalog } from '../src/studio/machine-catalog';

const extra = JSON.parse(process.argv[2] ?? '{}') as Record<string, string>;
const elk = new ELK();

type Segment = [Point, Point];

const segmentsOf = (points: readonly Point[]): Segment[] =>
  points.slice(1).map((point, i) => [points[i] as Point, point]);

const length = (points: readonly Point[]) =>
  segmentsOf(points).reduce((sum, [a, b]) => sum + Math.hypot(b.x - a.x, b.y - a.y), 0);

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** A proper crossing: each segment's ends strictly on both sides of the other (touching is not one). */
function crosses([a, b]: Segment, [c, d]: Segment): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function crossings(chart: LaidOutChart): number {
  const edges = chart.edges.map((edge) => segmentsOf(edge.points));
  let count = 0;
  for (let i = 0; i < edges.length; i++)
    for (let j = i + 1; j < edges.length; j++)
      for (const s of edges[i] as Segment[])
        for (const t of edges[j] as Segment[]) if (crosses(s, t)) count++;
  return count;
}

const largest = machineCatalog
  .map((entry) => {
    const graph = chartModel(entry.machine);
    return { name: entry.name, graph, size: graph.nodes.length + graph.edges.length };
  })
  .sort((a, b) => b.size - a.size)
  .slice(0, 6);

const rows: string[][] = [
  ['machine', 'states+transitions', 'edge length', 'crossings', 'longest edge', 'start at', 'canvas', 'ms'],
];
const totals = { length: 0, crossings: 0, area: 0 };
for (const { name, graph, size } of largest) {
  const started = performance.now();
  const chart = await layoutChart(graph, (input) =>
    elk.layout({ ...input, layoutOptions: { ...input.layoutOptions, ...extra } }),
  );
  const ms = performance.now() - started;
  const edgeLength = chart.edges.reduce((sum, edge) => sum + length(edge.points), 0);
  const crossed = crossings(chart);
  const longest = Math.max(...chart.edges.map((edge) => length(edge.points)));
  const start = chart.initials.find((initial) => initial.parentId === chart.machineId);
  totals.length += edgeLength;
  totals.crossings += crossed;
  totals.area += chart.width * chart.height;
  rows.push([
    name,
    String(size),
    String(Math.round(edgeLength)),
    String(crossed),
    `${Math.round((100 * longest) / (chart.width + chart.height))} %`,
    start ? `${Math.round((100 * start.y) / chart.height)} %` : '',
    `${Math.round(chart.width)} × ${Math.round(chart.height)}`,
    String(Math.round(ms)),
  ]);
}
rows.push([
  'total',
  '',
  String(Math.round(totals.length)),
  String(totals.crossings),
  '',
  '',
  `${(totals.area / 1e6).toFixed(2)} Mpx²`,
  '',
]);

const widths = (rows[0] as string[]).map((_, column) =>
  Math.max(...rows.map((row) => (row[column] ?? '').length)),
);
for (const row of rows)
  console.log(
    row
      .map((cell, column) =>
        cell.padStart(column ? (widths[column] ?? 0) : 0).padEnd(column ? 0 : (widths[0] ?? 0)),
      )
      .join('  '),
  );
if (Object.keys(extra).length) console.log('with', JSON.stringify(extra));
