import type { ChartGraph } from './chart-model';

/**
 * The released versions of a machine's flow, one file per machine in docs/flows/versions/ (written
 * by `npm run flows:snapshot`, kept in the repository): oldest first, each version once, with the
 * release and the date it first appeared in and its chart without descriptions (flowGraph).
 * A stored graph's keys are sorted for stable files: compare it, never hash it again (the version
 * is the hash of the machine's own chart, as flowVersion computes it).
 */
export interface FlowSnapshot {
  version: string;
  release: string;
  /** yyyy-mm-dd, UTC */
  date: string;
  graph: ChartGraph;
}

export interface FlowSnapshotFile {
  machine: string;
  versions: FlowSnapshot[];
}

// Each file is its own lazy chunk: only the machine on screen is fetched.
const files = import.meta.glob<FlowSnapshotFile>('/docs/flows/versions/*.json', { import: 'default' });

/** The machine's snapshot file, or null when it has none yet. */
export function loadFlowSnapshots(name: string): Promise<FlowSnapshotFile | null> {
  const load = files[`/docs/flows/versions/${name}.json`];
  return load ? load() : Promise.resolve(null);
}
