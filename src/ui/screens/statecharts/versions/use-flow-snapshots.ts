import { useEffect, useState } from 'react';
import { type FlowSnapshotFile, loadFlowSnapshots } from '../../../../studio/flow-snapshots';

export type SnapshotsState =
  | { status: 'loading' }
  | { status: 'none' }
  | { status: 'loaded'; file: FlowSnapshotFile };

/** The machine's stored versions (docs/flows/versions/<machine>.json), once its chunk has arrived. */
export function useFlowSnapshots(name: string): SnapshotsState {
  const [state, setState] = useState<SnapshotsState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    setState({ status: 'loading' });
    loadFlowSnapshots(name).then(
      (file) => current && setState(file?.versions.length ? { status: 'loaded', file } : { status: 'none' }),
      () => current && setState({ status: 'none' }),
    );
    return () => {
      current = false;
    };
  }, [name]);
  return state;
}
