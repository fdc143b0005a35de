import { useActorRef, useSelector } from '@xstate/react';
import { Maximize, Minus, Plus } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyStateMachine } from 'xstate';
import { selectResourceStatus, selectResourceValue } from '../../../../machines/kernel/resource.selectors';
import type { ChartDecorations } from '../../../../studio/chart-decorations';
import type { GuardWords } from '../../../../studio/chart-labels';
import { type ElkLayout, fitViewport, focusBox, type LaidOutChart } from '../../../../studio/chart-layout';
import { bindChartLayout } from '../../../../studio/chart-layout.resource';
import type { ChartGraph } from '../../../../studio/chart-model';
import { browserElkLayout } from '../../../../studio/elk-browser';
import { ErrorState } from '../../../components/error-state';
import { LoadingState } from '../../../components/loading-state';
import { ChartSvg } from './chart-svg';
import { ExportMenu } from './export-menu';
import { usePanZoom } from './use-pan-zoom';

export interface StatechartViewProps {
  /** the catalog name, used in ids and file names */
  name: string;
  machine: AnyStateMachine;
  /** draws this graph instead of the machine's own chart (a stored version, a comparison) */
  graph?: ChartGraph | undefined;
  /** marks on states and transitions (version comparison, coverage) */
  decorations?: ChartDecorations | undefined;
  /** the state chosen on the diagram */
  selectedStateId?: string | undefined;
  /** makes the states choosable */
  onSelectState?: ((stateId: string) => void) | undefined;
  /** state ids to highlight (the simulator's and the live view's current states), e.g. `checkout.editing` */
  activeStateIds?: readonly string[];
  /** more toolbar items after the zoom buttons (the machine screen's Simulate link) */
  toolbar?: ReactNode;
  /** offer the Export menu (Stately JSON, SVG, PNG) */
  exportable?: boolean;
  /** runs ELK; a web worker unless given (tests pass the bundled build) */
  elk?: ElkLayout;
  /** the drawing area's most height in CSS (default: the window's height less a header) */
  maxHeight?: string;
}

/**
 * The machine drawn as a statechart (SVG, laid out by elkjs) with zoom, pan and fit. Each state is a
 * `<g data-state-id="<id>" data-active="true|false">`. The layout is a lazy resource per machine:
 * loading, then the diagram, or the failure with Try again.
 */
export function StatechartView(props: StatechartViewProps) {
  // guards read in the reader's language, and their width is laid out: another language, another layout
  const { i18n } = useTranslation('studio');
  return <LaidOutStatechart key={`${props.name}:${graphKey(props.graph)}:${i18n.language}`} {...props} />;
}

/** A new graph (another version, another comparison) is a new layout. */
const graphKeys = new WeakMap<ChartGraph, number>();
let graphsSeen = 0;
function graphKey(graph: ChartGraph | undefined): string {
  if (!graph) return 'machine';
  if (!graphKeys.has(graph)) graphKeys.set(graph, ++graphsSeen);
  return `graph-${graphKeys.get(graph)}`;
}

function LaidOutStatechart({ name, machine, graph, elk = browserElkLayout, ...rest }: StatechartViewProps) {
  const { t } = useTranslation('studio');
  // the machine (or graph), the runner and the language are fixed for this view's life (it is keyed by them)
  const words = useMemo<GuardWords>(
    () => ({ and: t('labels.and'), or: t('labels.or'), not: (guard) => t('labels.not', { guard }) }),
    [t],
  );
  const layout = useActorRef(
    useMemo(
      () => bindChartLayout(name, graph ?? machine, elk, { words }),
      [name, graph, machine, elk, words],
    ),
  );
  const status = useSelector(layout, selectResourceStatus<LaidOutChart>);
  const chart = useSelector(layout, selectResourceValue<LaidOutChart>);
  useEffect(() => {
    layout.send({ type: 'resource.load' });
  }, [layout]);

  if (status === 'rejected')
    return (
      <ErrorState message={t('diagram.failed')} onRetry={() => layout.send({ type: 'resource.load' })} />
    );
  if (!chart) return <LoadingState label={t('diagram.loading')} />;
  return <ChartCanvas name={name} machine={machine} chart={chart} {...rest} />;
}

const toolButton =
  'tap-target inline-flex items-center justify-center gap-1 rounded-md border border-line bg-surface-raised px-2 text-sm font-medium text-fg hover:bg-surface-sunken';

/** Zooms the diagram out or in by a step; the icon's name is also its tooltip. */
function ZoomButton({ zoom, onClick }: { zoom: 'out' | 'in'; onClick: () => void }) {
  const { t } = useTranslation('studio');
  const label = t(zoom === 'out' ? 'diagram.zoomOut' : 'diagram.zoomIn');
  const Icon = zoom === 'out' ? Minus : Plus;
  return (
    <button type="button" className={toolButton} onClick={onClick} aria-label={label} title={label}>
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}

function ChartCanvas({
  name,
  machine,
  chart,
  activeStateIds = [],
  toolbar,
  exportable = false,
  maxHeight = 'calc(100vh - 8rem)',
  decorations,
  selectedStateId,
  onSelectState,
}: Omit<StatechartViewProps, 'elk' | 'graph'> & { chart: LaidOutChart }) {
  const { t } = useTranslation('studio');
  const idPrefix = `chart-${useId().replace(/[^\w-]/g, '')}`;
  const hintId = `${idPrefix}-hint`;
  const svgRef = useRef<SVGSVGElement>(null);
  const size = useMemo(() => ({ width: chart.width, height: chart.height }), [chart]);
  // a state chosen in the address (`?state=`) is where the view opens; choosing another later does not move it
  const [openedOn] = useState(selectedStateId);
  const focusIds = activeStateIds.length || !openedOn ? activeStateIds : [openedOn];
  const focusKey = focusIds.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the ids' text is the dependency (a new array each render is the same focus)
  const focus = useMemo(() => focusBox(chart, focusIds), [chart, focusKey]);
  const view = usePanZoom(size, focus);
  const active = useMemo(() => activeWithAncestors(chart, activeStateIds), [chart, activeStateIds]);
  // as tall as the chart at the zoom it opens with across the width (legible at least), within bounds
  const widthScale = view.width
    ? Math.min(1, fitViewport(size, { width: view.width, height: Number.MAX_VALUE }).k)
    : 1;
  const height = Math.max(320, Math.ceil(chart.height * widthScale) + 16);
  const label = t('diagram.canvas', { name });

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <ZoomButton zoom="out" onClick={view.zoomOut} />
        <ZoomButton zoom="in" onClick={view.zoomIn} />
        <button type="button" className={toolButton} onClick={view.fitToView} title={t('diagram.fit')}>
          <Maximize aria-hidden="true" className="size-4" />
          <span>{t('diagram.fit')}</span>
        </button>
        <button
          type="button"
          className={toolButton}
          onClick={view.actualSize}
          aria-label={t('diagram.actualSize')}
          title={t('diagram.actualSize')}
        >
          <span aria-hidden="true">100 %</span>
        </button>
        <span className="text-xs text-fg-muted tabular-nums" aria-live="polite" aria-atomic="true">
          {t('diagram.zoomLevel', { percent: Math.round(view.viewport.k * 100) })}
        </span>
        <span className="ms-auto flex min-w-0 max-w-full flex-wrap items-center gap-2">
          {toolbar}
          {exportable && <ExportMenu name={name} machine={machine} svgRef={svgRef} size={size} />}
        </span>
      </div>
      <div
        ref={view.containerRef}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the canvas is a widget: the keyboard pans and zooms it
        tabIndex={0}
        role="application"
        aria-label={label}
        aria-describedby={hintId}
        data-testid="statechart-canvas"
        className="relative cursor-grab touch-none overflow-hidden rounded-lg border border-line bg-surface active:cursor-grabbing"
        style={{ height: `min(${maxHeight}, ${height}px)` }}
        {...view.handlers}
      >
        <ChartSvg
          ref={svgRef}
          chart={chart}
          active={active}
          viewport={view.viewport}
          idPrefix={idPrefix}
          label={label}
          decorations={decorations}
          selected={selectedStateId}
          onSelectState={onSelectState}
        />
      </div>
      <p id={hintId} className="text-xs text-fg-muted">
        {t('diagram.hint')}
      </p>
    </div>
  );
}

/** A state is active with its ancestors (the simulator may list only the leaves). */
function activeWithAncestors(chart: LaidOutChart, ids: readonly string[]): Set<string> {
  const parents = new Map(chart.nodes.map((node) => [node.id, node.parentId]));
  const active = new Set<string>();
  for (const id of ids) {
    let current: string | null | undefined = id;
    while (current && !active.has(current)) {
      active.add(current);
      current = parents.get(current);
    }
  }
  return active;
}
