import { type ReactNode, useMemo, useState } from 'react';
import type { ChartDecorations } from '../../../../studio/chart-decorations';
import { type ChartGraph, chartModel } from '../../../../studio/chart-model';
import { unionGraph } from '../../../../studio/flow-diff';
import { flowVersion } from '../../../../studio/flow-version';
import { catalogEntry, type MachineName } from '../../../../studio/machine-catalog';
import { SignOffPanel } from './sign-off-panel';
import { useFlowSnapshots } from './use-flow-snapshots';
import { useNoteTexts } from './use-note-texts';
import { useSignOffActor } from './use-sign-off-actor';
import { VersionChanges, VersionLegend } from './version-changes';
import { VersionChooser } from './version-chooser';

export interface VersionCompare {
  /** "Compare with": the stored versions, for the diagram's toolbar */
  toolbar: ReactNode;
  /** both versions in one chart while comparing, else undefined (draw the machine itself) */
  graph: ChartGraph | undefined;
  decorations: ChartDecorations | undefined;
  /** the legend and the changes in words while comparing, and the sign-off history and form */
  panel: ReactNode;
}

/**
 * Versions and sign-off on a machine's screen: compare the machine as it is with a stored version
 * (docs/flows/versions/), drawn as one chart with the added, removed and changed parts marked, and
 * sign the current version off (reviewers on a backend with the studio's calls only).
 */
export function useVersionCompare(name: MachineName): VersionCompare {
  const entry = catalogEntry(name);
  const current = useMemo(() => (entry ? chartModel(entry.machine) : undefined), [entry]);
  const version = useMemo(() => (current ? flowVersion(current) : ''), [current]);
  const snapshots = useFlowSnapshots(name);
  const signOff = useSignOffActor(name, version);
  // the choice belongs to one machine: another machine's screen starts without a comparison
  const [choice, setChoice] = useState<{ name: string; version: string } | null>(null);
  const chosen = choice?.name === name ? choice.version : null;
  const older =
    snapshots.status === 'loaded'
      ? snapshots.file.versions.find((each) => each.version === chosen)
      : undefined;

  const notes = useNoteTexts();
  const union = useMemo(
    () => (older && current ? unionGraph(older.graph, current, notes) : undefined),
    [older, current, notes],
  );

  const toolbar = (
    <VersionChooser
      snapshots={snapshots}
      current={version}
      chosen={chosen}
      onChoose={(picked) => setChoice(picked ? { name, version: picked } : null)}
      signOff={signOff}
    />
  );
  const panel =
    union || signOff ? (
      <div className="flex flex-col gap-4">
        {union && older && current && (
          <>
            <VersionLegend release={older.release} />
            <VersionChanges diff={union.diff} older={older.graph} newer={current} release={older.release} />
          </>
        )}
        {signOff && <SignOffPanel signOff={signOff} />}
      </div>
    ) : null;
  return { toolbar, graph: union?.graph, decorations: union?.decorations, panel };
}
