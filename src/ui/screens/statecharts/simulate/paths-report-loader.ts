import { useEffect, useState } from 'react';
import type { PathsReport } from '../../../../studio/paths-report';

/**
 * docs/paths/<machine>.json (written by `npm run paths`), each its own lazy chunk: only the machine
 * being simulated is fetched, and a machine without a report yet simply has none.
 */
const reports = import.meta.glob<PathsReport>('/docs/paths/*.json', { import: 'default' });

export type ReportState =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'loaded'; report: PathsReport };

function loadPathsReport(name: string): Promise<PathsReport | null> {
  const load = reports[`/docs/paths/${name}.json`];
  return load ? load() : Promise.resolve(null);
}

/** The machine's path report, once its chunk has arrived. */
export function usePathsReport(name: string): ReportState {
  const [state, setState] = useState<ReportState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadPathsReport(name).then(
      (report) => current && setState(report ? { status: 'loaded', report } : { status: 'none' }),
      () => current && setState({ status: 'none' }),
    );
    return () => {
      current = false;
    };
  }, [name]);
  return state;
}
