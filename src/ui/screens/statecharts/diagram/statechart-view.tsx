import type { AnyStateMachine } from 'xstate';
import { statesOf } from '../../../../studio/chart-counts';

export interface StatechartViewProps {
  /** the catalog name, used in ids and file names */
  name: string;
  machine: AnyStateMachine;
  /** state ids to highlight (the simulator's and the live view's current states), e.g. `checkout.editing` */
  activeStateIds?: readonly string[];
}

/**
 * The machine drawn as a statechart (SVG, laid out by elkjs) with zoom, pan and fit. Each state is a
 * `<g data-state-id="<id>" data-active="true|false">`. Placeholder until the diagram lands: a list.
 */
export function StatechartView({ machine, activeStateIds = [] }: StatechartViewProps) {
  return (
    <ul>
      {statesOf(machine).map((node) => (
        <li key={node.id} data-state-id={node.id} data-active={activeStateIds.includes(node.id)}>
          {node.key}
        </li>
      ))}
    </ul>
  );
}
