import { useEffect, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { type JourneysCoverage, modelCoverage } from '../../../../studio/coverage';
import type { PathsReport } from '../../../../studio/paths-report';

/**
 * What the repository says about a machine's coverage, each file its own lazy chunk fetched only
 * when the overlay is first turned on: the path report (docs/paths/<machine>.json, `npm run paths`),
 * whose executed paths give the model tests' transitions, and the journeys' transitions
 * (docs/flows/coverage/journeys.json, `npm run flows:coverage`).
 */
const reports = import.meta.glob<PathsReport>('/docs/paths/*.json', { import: 'default' });
const journeyFiles = import.meta.glob<JourneysCoverage>('/docs/flows/coverage/journeys.json', {
  import: 'default',
});

export interface StaticCoverage {
  loading: boolean;
  /** keys the model tests take; undefined without a path report */
  model: ReadonlySet<string> | undefined;
  /** key → journeys that took it; undefined when no journey run was collected or none ran the machine */
  journeys: Readonly<Record<string, number>> | undefined;
  /** a journey run was collected (so a machine without journey figures was not seen in it) */
  journeysRun: boolean;
}

const NOTHING: StaticCoverage = { loading: false, model: undefined, journeys: undefined, journeysRun: false };

async function loadStatic(name: string, machine: AnyStateMachine): Promise<StaticCoverage> {
  const [report, journeys] = await Promise.all([
    reports[`/docs/paths/${name}.json`]?.().catch(() => undefined),
    journeyFiles['/docs/flows/coverage/journeys.json']?.().catch(() => undefined),
  ]);
  // the replay takes a moment on a large chart: after the loading state has been drawn
  await new Promise((resolve) => setTimeout(resolve, 0));
  return {
    loading: false,
    model: report ? modelCoverage(machine, report) : undefined,
    journeys: journeys?.machines[name],
    journeysRun: journeys !== undefined,
  };
}

/** The machine's static coverage, from the first time `wanted` is true (kept while the screen stays). */
export function useStaticCoverage(name: string, machine: AnyStateMachine, wanted: boolean): StaticCoverage {
  const [state, setState] = useState<{ name: string; coverage: StaticCoverage } | undefined>(undefined);
  const known = state?.name === name ? state.coverage : undefined;
  useEffect(() => {
    if (!wanted || known) return;
    let current = true;
    loadStatic(name, machine).then(
      (coverage) => current && setState({ name, coverage }),
      () => current && setState({ name, coverage: NOTHING }),
    );
    return () => {
      current = false;
    };
  }, [name, machine, wanted, known]);
  return known ?? { ...NOTHING, loading: wanted };
}
