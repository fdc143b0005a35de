import type { AnyStateMachine } from 'xstate';
import { bindResource, createResourceMachine } from '../machines/kernel/resource.machine';
import { type ElkLayout, type LaidOutChart, type LayoutOptions, layoutChart } from './chart-layout';
import { type ChartGraph, chartModel } from './chart-model';
import { loadSpawned } from './spawned-actors';

/**
 * One diagram's layout: the generic lazy resource (new → loading → resolved | rejected, Try again
 * loads anew), its value the laid-out chart (plain data). Created by the diagram view per machine.
 */
const chartLayoutResource = createResourceMachine<LaidOutChart>('chartLayout');

type ChartLayoutResource = typeof chartLayoutResource;

/**
 * Lays out a ready graph (a stored version, a comparison of two), or the machine's own chart with
 * the path report's spawned actors.
 */
async function loadChartLayout(
  name: string,
  source: AnyStateMachine | ChartGraph,
  elk: ElkLayout,
  options: LayoutOptions,
): Promise<LaidOutChart> {
  if ('nodes' in source) return layoutChart(source, elk, options);
  const spawned = await loadSpawned(name);
  return layoutChart(chartModel(source, spawned), elk, options);
}

export const bindChartLayout = (
  name: string,
  source: AnyStateMachine | ChartGraph,
  elk: ElkLayout,
  options: LayoutOptions = {},
): ChartLayoutResource =>
  bindResource(chartLayoutResource, () => loadChartLayout(name, source, elk, options));
