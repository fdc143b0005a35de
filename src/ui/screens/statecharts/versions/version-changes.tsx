import { useTranslation } from 'react-i18next';
import type { ChartEdge, ChartGraph } from '../../../../studio/chart-model';
import {
  type FlowDiff,
  type StateChange,
  stateNote,
  type TransitionChange,
  transitionNote,
} from '../../../../studio/flow-diff';
import { markColour } from '../diagram/chart-svg';
import { useNoteTexts } from './use-note-texts';

/** A state's id as a reader names it: without the machine's own id in front. */
const stateName = (graph: ChartGraph, id: string) =>
  id.startsWith(`${graph.machineId}.`) ? id.slice(graph.machineId.length + 1) : id;

/** What the diagram's colours mean while comparing. */
export function VersionLegend({ release }: { release: string }) {
  const { t } = useTranslation('studio');
  const tones = ['added', 'removed', 'changed'] as const;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
      <span className="font-medium">{t('versions.legend.title', { release })}</span>
      {tones.map((tone) => (
        <span key={tone} className="inline-flex items-center gap-1" data-legend={tone}>
          <svg aria-hidden="true" width="24" height="8" className="shrink-0">
            <line
              x1="0"
              y1="4"
              x2="24"
              y2="4"
              stroke={markColour[tone]}
              strokeWidth="3"
              {...(tone === 'removed' ? { strokeDasharray: '4 3' } : {})}
            />
          </svg>
          {t(`versions.legend.${tone}`)}
        </span>
      ))}
    </div>
  );
}

interface VersionChangesProps {
  diff: FlowDiff;
  older: ChartGraph;
  newer: ChartGraph;
  release: string;
}

/** The changes since the chosen version, in words: one line per state and transition. */
export function VersionChanges({ diff, older, newer, release }: VersionChangesProps) {
  const { t } = useTranslation('studio');
  const notes = useNoteTexts();
  const place = (id: string) => {
    if (id === newer.anyState?.id || id === older.anyState?.id) return t('versions.changes.anyState');
    return stateName(newer.nodes.some((node) => node.id === id) ? newer : older, id);
  };
  const stateLine = (change: StateChange) =>
    change.change === 'changed'
      ? t('versions.changes.stateChanged', { state: place(change.id), what: stateNote(change, notes) })
      : t(change.change === 'added' ? 'versions.changes.stateAdded' : 'versions.changes.stateRemoved', {
          state: place(change.id),
        });
  const transitionLine = (change: TransitionChange) => {
    const edge = (change.after ?? change.before) as ChartEdge;
    const values = {
      event: edge.label.event,
      from: place(edge.source),
      to: edge.targets.map(place).join(', '),
    };
    if (change.change === 'changed')
      return t('versions.changes.transitionChanged', { ...values, what: transitionNote(change, notes) });
    return t(
      change.change === 'added' ? 'versions.changes.transitionAdded' : 'versions.changes.transitionRemoved',
      values,
    );
  };
  const machineLine = diff.machine.length
    ? t('versions.changes.machine', {
        what: diff.machine
          .map((aspect) =>
            aspect === 'initial'
              ? t('versions.aspect.initial', {
                  before: place(older.initialId ?? '—'),
                  after: place(newer.initialId ?? '—'),
                })
              : t(`versions.aspect.${aspect}`),
          )
          .join('; '),
      })
    : null;
  const lines = [
    ...(machineLine ? [{ key: 'machine', tone: 'changed' as const, text: machineLine }] : []),
    ...diff.states.map((change) => ({ key: `s:${change.id}`, tone: change.change, text: stateLine(change) })),
    ...diff.transitions.map((change, index) => ({
      key: `t:${index}`,
      tone: change.change,
      text: transitionLine(change),
    })),
  ];
  return (
    <section aria-labelledby="version-changes-heading" className="flex flex-col gap-2">
      <h2 id="version-changes-heading" className="text-lg font-semibold">
        {t('versions.changes.heading', { release })}
        <span className="ms-2 text-sm font-normal text-fg-muted">
          {t('versions.changes.count', { count: lines.length })}
        </span>
      </h2>
      {lines.length === 0 ? (
        <p className="text-fg-muted">{t('versions.changes.none')}</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {lines.map((line) => (
            <li key={line.key} data-change={line.tone} className="flex items-start gap-2">
              <span
                aria-hidden="true"
                className="mt-1.5 size-2.5 shrink-0 rounded-full"
                style={{ background: markColour[line.tone] }}
              />
              <span className="min-w-0 break-words">{line.text}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
