import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyMachineSnapshot } from 'xstate';
import type { PathsReport, ReportPath } from '../../../../studio/paths-report';
import { leafStateIds, matchesStep, pathGroups } from '../../../../studio/simulation';
import type { ReportState } from './paths-report-loader';
import { buttonClass, primaryButtonClass, selectClass } from './simulate-classes';
import { SimulateSection } from './simulate-section';

interface ReplayPanelProps {
  report: ReportState;
  /** the path being replayed and how many of its steps are taken, or null */
  replay: { pathId: string; index: number } | null;
  snapshot: AnyMachineSnapshot;
  canNext: boolean;
  canPrevious: boolean;
  onChoose: (report: PathsReport, path: ReportPath) => void;
  onNext: () => void;
  onPrevious: () => void;
  onLeave: () => void;
}

/** A path of `npm run paths` replayed step by step, each step's expected state checked against the simulation. */
export function ReplayPanel(props: ReplayPanelProps) {
  const { report, replay, snapshot } = props;
  const { t } = useTranslation('studio');
  const selectId = useId();
  if (report.status === 'loading') return null;
  if (report.status === 'none')
    return (
      <SimulateSection title={t('simulate.replay.heading')}>
        <p className="text-sm text-fg-muted">{t('simulate.replay.noReport')}</p>
      </SimulateSection>
    );
  const groups = pathGroups(report.report);
  const path = replay ? report.report.paths.find((candidate) => candidate.id === replay.pathId) : undefined;
  const index = replay?.index ?? 0;
  // the expected state where the replay stands: the report's start before the first step
  const step = path ? (index > 0 ? path.steps[index - 1] : report.report.initial) : undefined;
  const mismatch = step && !matchesStep(snapshot, step);
  return (
    <SimulateSection title={t('simulate.replay.heading')} className="flex flex-col gap-2">
      <label htmlFor={selectId} className="text-xs font-medium">
        {t('simulate.replay.choose')}
      </label>
      <select
        id={selectId}
        className={selectClass}
        value={replay?.pathId ?? ''}
        onChange={(event) => {
          const chosen = report.report.paths.find((candidate) => candidate.id === event.target.value);
          if (chosen) props.onChoose(report.report, chosen);
        }}
      >
        <option value="" disabled>
          {t('simulate.replay.placeholder')}
        </option>
        {groups.map((group) => (
          <optgroup key={group.kind} label={t(`simulate.replay.kind.${group.kind}`)}>
            {group.paths.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {t('simulate.replay.option', {
                  target: candidate.target,
                  steps: candidate.steps.length,
                  executed: candidate.executed
                    ? t('simulate.replay.executed')
                    : t('simulate.replay.notExecuted'),
                })}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      {path && (
        <>
          <div className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={buttonClass}
              disabled={!props.canPrevious}
              onClick={props.onPrevious}
            >
              {t('simulate.replay.previous')}
            </button>
            <button
              type="button"
              className={primaryButtonClass}
              disabled={!props.canNext}
              onClick={props.onNext}
            >
              {t('simulate.replay.next')}
            </button>
            <button type="button" className={buttonClass} onClick={props.onLeave}>
              {t('simulate.replay.leave')}
            </button>
            <span className="text-xs text-fg-muted" aria-live="polite">
              {t('simulate.replay.position', { index, total: path.steps.length })}
            </span>
          </div>
          {mismatch && (
            <p role="alert" className="rounded-md border border-danger px-2 py-1 text-sm text-danger">
              {t('simulate.replay.mismatch', {
                expected: step.stateIds.join(', '),
                actual: leafStateIds(snapshot).join(', '),
              })}
            </p>
          )}
          <ol className="flex flex-col gap-1 text-sm" aria-label={t('simulate.replay.steps')}>
            {path.steps.map((candidate, i) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: the steps of one path, in order
                key={i}
                aria-current={i === index - 1 ? 'step' : undefined}
                className={`rounded-md border px-2 py-1 ${i === index - 1 ? 'border-brand bg-surface-sunken' : 'border-line'} ${i >= index ? 'text-fg-muted' : ''}`}
              >
                <span className="me-1 font-mono text-xs">{i + 1}.</span>
                <Words text={candidate.words} />
                <span className="block text-xs text-fg-muted">
                  {t('simulate.replay.expected', { state: candidate.stateIds.join(', ') })}
                </span>
              </li>
            ))}
          </ol>
        </>
      )}
    </SimulateSection>
  );
}

/** A step's words, with `code` spans as the Markdown report writes them. */
function Words({ text }: { text: string }) {
  return (
    <>
      {text.split('`').map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, in order
          <code key={i} className="font-mono text-xs">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </>
  );
}
