import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyMachineSnapshot } from 'xstate';
import { useStateDescriptions } from '../../../../studio/flow-texts';
import { type MachineName, machineCatalog } from '../../../../studio/machine-catalog';
import { leafStateIds, stateValueText } from '../../../../studio/simulation';

interface StateSummaryProps {
  ref?: Ref<HTMLDivElement>;
  /** the simulated machine; found from the snapshot's machine when left out */
  name?: MachineName;
  snapshot: AnyMachineSnapshot;
  /** why the machine could not start (a missing or wrong input) */
  stopped: string | null;
  /** a step of the history that could not be applied */
  error: string | null;
  failedAt: number | null;
}

/** A catalog machine's name by its root id (unique across the catalog). */
const nameOf = (snapshot: AnyMachineSnapshot): MachineName | undefined =>
  machineCatalog.find((entry) => entry.machine.id === snapshot.machine.id)?.name;

/**
 * The simulated machine's state value and status, with what each active state means in the
 * product owner's words (one text per parallel region), announced as it changes.
 */
export function StateSummary({ ref, name, snapshot, stopped, error, failedAt }: StateSummaryProps) {
  const { t } = useTranslation('studio');
  const describeState = useStateDescriptions(name ?? nameOf(snapshot));
  const descriptions = leafStateIds(snapshot).flatMap((id) => {
    const text = describeState(id);
    return text ? [{ id, text }] : [];
  });
  const status =
    snapshot.status === 'done'
      ? t('simulate.status.done')
      : snapshot.status === 'error'
        ? t('simulate.status.error')
        : t('simulate.status.active');
  return (
    <div
      ref={ref}
      tabIndex={-1}
      className="flex flex-col gap-1 rounded-md focus-visible:outline-2 focus-visible:outline-brand"
    >
      <div aria-live="polite" className="flex flex-col gap-1">
        <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
          <span className="text-xs font-medium uppercase tracking-wide text-fg-muted">
            {t('simulate.state')}
          </span>
          <output className="font-mono text-base font-semibold break-all" data-testid="simulated-state">
            {stateValueText(snapshot.value)}
          </output>
          <span
            className={`rounded-full px-2 py-0.5 text-xs ${snapshot.status === 'error' ? 'bg-surface-sunken text-danger' : 'bg-surface-sunken text-fg-muted'}`}
            data-testid="simulated-status"
          >
            {status}
          </span>
        </div>
        {descriptions.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm text-fg" data-testid="simulated-state-description">
            {descriptions.map(({ id, text }) => (
              <li key={id}>{text}</li>
            ))}
          </ul>
        )}
      </div>
      {stopped && (
        <p role="alert" className="text-sm text-danger">
          {t('simulate.stopped', { detail: stopped })}
        </p>
      )}
      {error && failedAt !== null && (
        <p role="alert" className="text-sm text-danger">
          {t('simulate.stepFailed', { step: failedAt + 1, detail: error })}
        </p>
      )}
    </div>
  );
}
