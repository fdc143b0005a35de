import { useCallback, useEffect, useState } from 'react';
import type { TraceReport } from '../../../../studio/traceability';

/**
 * docs/flows/traceability.json (written by `npm run flows:trace`), its own lazy chunk: only this
 * page fetches it, and a checkout where it was never written simply has none.
 */
const reports = import.meta.glob<TraceReport>('/docs/flows/traceability.json', { import: 'default' });

export function loadTraceReport(): Promise<TraceReport | null> {
  const load = reports['/docs/flows/traceability.json'];
  return load ? load() : Promise.resolve(null);
}

export type TraceReportState =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'failed' }
  | { status: 'loaded'; report: TraceReport };

/** The table once its chunk has arrived; `retry` loads it again after a failure. */
export function useTraceReport(load: () => Promise<TraceReport | null>): {
  state: TraceReportState;
  retry: () => void;
} {
  const [state, setState] = useState<TraceReportState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    // `attempt` only asks for another try
    void attempt;
    load().then(
      (report) => current && setState(report ? { status: 'loaded', report } : { status: 'none' }),
      () => current && setState({ status: 'failed' }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
