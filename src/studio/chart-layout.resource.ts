import type { AnyStateMachine } from 'xstate';
import { bindResource, createResourceMachine } from '../machines/kernel/resource.machine';
import { type ElkLayout, type LaidOutChart, layoutChart } from './chart-layout';
import { chartModel } from './chart-model';
import { loadSpawned } from './spawned-actors';

/**
 * One diagram's layout: the generic lazy resource (new → loading → resolved | rejected, Try again
 * loads anew), its value the laid-out chart (plain data). Created by the diagram view per machine.
 */
const chartLayoutResource = createResourceMachine<LaidOutChart>('chartLayout');

type ChartLayoutResource = typeof chartLayoutResource;

/** Reads the path report's spawned actors, builds the chart and lays it out with `elk`. */
async function loadChartLayout(
  name: string,
  machine: AnyStateMachine,
  elk: ElkLayout,
): Promise<LaidOutChart> {
  const spawned = await loadSpawned(name);
  return layoutChart(chartModel(machine, spawned), elk);
}

export const bindChartLayout = (
  name: string,
  machine: AnyStateMachine,
  elk: ElkLayout,
): ChartLayoutResource => bindResource(chartLayoutResource, () => loadChartLayout(name, machine, elk));
