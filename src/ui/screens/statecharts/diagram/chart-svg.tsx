import type { CSSProperties, KeyboardEvent, MouseEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ChartDecorations,
  type ChartMark,
  type MarkTone,
  strongestMark,
} from '../../../../studio/chart-decorations';
import {
  chartText,
  type LaidOutChart,
  type LaidOutEdge,
  type LaidOutNode,
  type Point,
} from '../../../../studio/chart-layout';

export interface Viewport {
  x: number;
  y: number;
  k: number;
}

interface ChartSvgProps {
  chart: LaidOutChart;
  /** state ids drawn as active (the view adds their ancestors) */
  active: ReadonlySet<string>;
  viewport: Viewport;
  /** unique per view: the arrow markers' ids */
  idPrefix: string;
  label: string;
  ref?: Ref<SVGSVGElement>;
  /** marks on states and transitions (version comparison, coverage) */
  decorations?: ChartDecorations | undefined;
  /** the state chosen on the diagram (its screen and description are shown beside it) */
  selected?: string | undefined;
  /** makes states choosable with a click (or Enter on the focused state) */
  onSelectState?: ((stateId: string) => void) | undefined;
}

// Colours are the theme's CSS variables (light and dark follow the `dark` class); the export
// replaces them with their values.
const colour = {
  fg: 'var(--fg)',
  muted: 'var(--fg-muted)',
  line: 'var(--line)',
  surface: 'var(--surface)',
  raised: 'var(--surface-raised)',
  sunken: 'var(--surface-sunken)',
  brand: 'var(--brand)',
  danger: 'var(--danger)',
};

/** A mark's colour, legible on the light and the dark theme alike. */
export const markColour: Record<MarkTone, string> = {
  added: 'oklch(0.62 0.16 150)',
  removed: 'var(--danger)',
  changed: 'oklch(0.72 0.16 70)',
  covered: 'oklch(0.62 0.16 150)',
  untested: 'oklch(0.72 0.16 70)',
  hot: 'var(--danger)',
};

/** Orthogonal route with slightly rounded corners. */
function pathOf(points: readonly Point[]): string {
  if (points.length < 2) return '';
  const [first, ...rest] = points as [Point, ...Point[]];
  let d = `M${first.x},${first.y}`;
  for (let i = 0; i < rest.length; i++) {
    const here = rest[i] as Point;
    const next = rest[i + 1];
    const previous = (i === 0 ? first : rest[i - 1]) as Point;
    if (!next) {
      d += ` L${here.x},${here.y}`;
      continue;
    }
    const r = Math.min(
      6,
      Math.hypot(here.x - previous.x, here.y - previous.y) / 2,
      Math.hypot(next.x - here.x, next.y - here.y) / 2,
    );
    const inX = here.x - Math.sign(here.x - previous.x) * r;
    const inY = here.y - Math.sign(here.y - previous.y) * r;
    const outX = here.x + Math.sign(next.x - here.x) * r;
    const outY = here.y + Math.sign(next.y - here.y) * r;
    d += ` L${inX},${inY} Q${here.x},${here.y} ${outX},${outY}`;
  }
  return d;
}

const edgeStyle = (edge: LaidOutEdge, mark: ChartMark | undefined): CSSProperties => ({
  fill: 'none',
  stroke: mark ? markColour[mark.tone] : edge.kind === 'error' ? colour.danger : colour.muted,
  strokeWidth: mark ? 'var(--edge-width, 2.6)' : 'var(--edge-width, 1.4)',
  ...(mark?.tone === 'removed' || mark?.tone === 'untested'
    ? { strokeDasharray: '7 4' }
    : edge.kind === 'always'
      ? { strokeDasharray: '5 3' }
      : edge.kind === 'after'
        ? { strokeDasharray: '2 3' }
        : {}),
});

interface StateNodeProps {
  node: LaidOutNode;
  active: boolean;
  anyLabel: string;
  mark?: ChartMark | undefined;
  selected: boolean;
  onSelect?: ((stateId: string) => void) | undefined;
}

function StateNode({ node, active, anyLabel, mark, selected, onSelect }: StateNodeProps) {
  const container = node.kind === 'compound' || node.kind === 'parallel';
  const stroke = mark
    ? markColour[mark.tone]
    : active
      ? colour.brand
      : node.kind === 'any'
        ? colour.muted
        : colour.line;
  const strokeWidth = active || mark || selected ? 3 : node.kind === 'any' ? 1.2 : 1.5;
  const fill = active
    ? 'color-mix(in oklab, var(--brand) 14%, var(--surface-raised))'
    : container
      ? colour.surface
      : colour.raised;
  const common = {
    'data-active': String(active),
    ...(mark ? { 'data-mark': mark.tone } : {}),
    ...(selected ? { 'data-selected': 'true' } : {}),
    ...(onSelect
      ? {
          role: 'button',
          tabIndex: 0,
          'aria-pressed': selected,
          style: { cursor: 'pointer' },
          onClick: (event: MouseEvent) => {
            event.stopPropagation();
            onSelect(node.id);
          },
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key !== 'Enter' && event.key !== ' ') return;
            event.preventDefault();
            event.stopPropagation();
            onSelect(node.id);
          },
        }
      : {}),
  };
  const tooltip = mark?.note ? `${node.id}: ${mark.note}` : node.id;
  if (node.kind === 'history') {
    const r = node.width / 2;
    return (
      <g data-state-id={node.id} {...common}>
        <title>{tooltip}</title>
        <circle cx={node.x + r} cy={node.y + r} r={r} style={{ fill, stroke, strokeWidth }} />
        <text
          x={node.x + r}
          y={node.y + r + 4.5}
          textAnchor="middle"
          style={{ fill: colour.fg, fontSize: chartText.nameSize, fontWeight: 600 }}
        >
          {node.history === 'deep' ? 'H*' : 'H'}
        </text>
      </g>
    );
  }
  const name = node.kind === 'any' ? anyLabel : node.key;
  const { padX, nameBand, lineHeight, lineSize, nameSize } = chartText;
  return (
    <g
      {...(node.kind === 'any' ? { 'data-any-state': node.id } : { 'data-state-id': node.id, ...common })}
      data-kind={node.kind}
    >
      <title>{node.kind === 'any' ? anyLabel : tooltip}</title>
      <rect
        x={node.x}
        y={node.y}
        width={node.width}
        height={node.height}
        rx={container ? 10 : 8}
        style={{
          fill,
          stroke,
          strokeWidth,
          ...(node.kind === 'any' || mark?.tone === 'removed' ? { strokeDasharray: '4 3' } : {}),
        }}
      />
      {node.kind === 'final' && (
        <rect
          x={node.x + 4}
          y={node.y + 4}
          width={node.width - 8}
          height={node.height - 8}
          rx={5}
          style={{ fill: 'none', stroke, strokeWidth: active ? 2 : 1.2 }}
        />
      )}
      <text
        x={node.x + padX}
        y={node.y + (node.kind === 'final' ? 4 : 0) + 19}
        style={{
          fill: colour.fg,
          fontSize: nameSize,
          fontWeight: 600,
          fontStyle: node.kind === 'any' ? 'italic' : 'normal',
        }}
      >
        {name}
        {node.kind === 'parallel' && (
          <tspan style={{ fill: colour.muted, fontWeight: 400, fontSize: lineSize }}> ∥</tspan>
        )}
      </text>
      {node.lines.map((line, index) => (
        <text
          key={`${line.kind}-${line.text}`}
          x={node.x + padX}
          y={node.y + (node.kind === 'final' ? 4 : 0) + nameBand + index * lineHeight + 8}
          style={{
            fill: line.kind === 'internal' ? colour.fg : colour.muted,
            fontSize: lineSize,
            fontStyle: line.kind === 'internal' ? 'normal' : 'italic',
          }}
        >
          {line.kind === 'internal' ? `↻ ${line.text}` : line.text}
        </text>
      ))}
      {container && (
        <line
          x1={node.x}
          x2={node.x + node.width}
          y1={node.y + node.header}
          y2={node.y + node.header}
          style={{ stroke: colour.line, strokeWidth: 1 }}
        />
      )}
    </g>
  );
}

function EdgeLabel({ label, note }: { label: NonNullable<LaidOutEdge['label']>; note?: string | undefined }) {
  return (
    <>
      <rect
        x={label.x - 2}
        y={label.y}
        width={label.width + 4}
        height={label.height}
        rx={3}
        style={{ fill: colour.surface, fillOpacity: 0.88 }}
      />
      {label.lines.map((line, index) => (
        <text
          // biome-ignore lint/suspicious/noArrayIndexKey: two transitions may read alike (guarded alternatives)
          key={index}
          x={label.x}
          y={label.y + 13 + index * chartText.lineHeight}
          dx={4}
          style={{
            fill: label.lineKinds[index] === 'error' ? colour.danger : colour.fg,
            fontSize: chartText.labelSize,
            fontWeight: line.startsWith('[') ? 'var(--label-weight, 400)' : 'var(--label-weight, 500)',
          }}
        >
          {line}
        </text>
      ))}
      {note && (
        <text
          data-mark-note=""
          x={label.x}
          y={label.y + label.height + 11}
          dx={4}
          style={{ fill: colour.muted, fontSize: chartText.labelSize - 1, fontStyle: 'italic' }}
        >
          {note}
        </text>
      )}
    </>
  );
}

/** The laid-out chart as SVG: containers first, then states, edges and their labels on top. */
export function ChartSvg({
  chart,
  active,
  viewport,
  idPrefix,
  label,
  ref,
  decorations,
  selected,
  onSelectState,
}: ChartSvgProps) {
  const { t } = useTranslation('studio');
  const arrow = `${idPrefix}-arrow`;
  const arrowDanger = `${idPrefix}-arrow-danger`;
  return (
    <svg
      ref={ref}
      role="img"
      aria-label={label}
      data-testid="statechart-svg"
      data-machine={chart.machineId}
      className="block size-full select-none"
      // state and event names are code, laid out left to right: an Arabic page must not flip the labels' anchors
      style={{ fontFamily: 'inherit', direction: 'ltr' }}
    >
      <defs>
        <ArrowHead id={arrow} fill={colour.muted} />
        <ArrowHead id={arrowDanger} fill={colour.danger} />
      </defs>
      <g data-viewport="" transform={`translate(${viewport.x} ${viewport.y}) scale(${viewport.k})`}>
        {chart.nodes.map((node) => (
          <StateNode
            key={node.id}
            node={node}
            active={active.has(node.id)}
            anyLabel={t('diagram.fromAnyState')}
            mark={decorations?.states?.[node.id]}
            selected={selected === node.id}
            onSelect={onSelectState}
          />
        ))}
        {chart.separators.map((separator) => (
          <line
            key={`${separator.parentId}-${separator.from.x}-${separator.from.y}`}
            x1={separator.from.x}
            y1={separator.from.y}
            x2={separator.to.x}
            y2={separator.to.y}
            style={{ stroke: colour.muted, strokeWidth: 1.2, strokeDasharray: '6 4' }}
          />
        ))}
        {chart.initials.map((initial) => (
          <circle
            key={initial.parentId}
            data-initial-of={initial.parentId}
            cx={initial.x}
            cy={initial.y}
            r={initial.r}
            style={{ fill: colour.fg }}
          />
        ))}
        {chart.edges.map((edge) => {
          const mark = strongestMark(edge.chartEdgeIds.map((id) => decorations?.transitions?.[id]));
          return (
            <g
              key={edge.id}
              data-edge-id={edge.id}
              data-source={edge.source}
              data-target={edge.target}
              {...(mark ? { 'data-mark': mark.tone } : {})}
              className="hover:[--edge-width:2.8] hover:[--label-weight:700]"
            >
              {mark?.note && <title>{mark.note}</title>}
              <path
                d={pathOf(edge.points)}
                style={edgeStyle(edge, mark)}
                markerEnd={`url(#${edge.kind === 'error' ? arrowDanger : arrow})`}
              />
              {edge.label && <EdgeLabel label={edge.label} note={mark?.note} />}
            </g>
          );
        })}
      </g>
    </svg>
  );
}

/** The head drawn at a transition's end (SVG marker), in the colour of its line. */
function ArrowHead({ id, fill }: { id: string; fill: string }) {
  return (
    <marker
      id={id}
      viewBox="0 0 10 10"
      refX="9"
      refY="5"
      markerWidth="8"
      markerHeight="8"
      orient="auto-start-reverse"
    >
      <path d="M0,1 L9,5 L0,9 z" style={{ fill }} />
    </marker>
  );
}
