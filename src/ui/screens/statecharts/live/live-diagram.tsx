import { useTranslation } from 'react-i18next';
import { type AnyStateMachine, getStateNodes } from 'xstate';
import { actorLabel, type LiveActor, type LiveStateValue, statePaths } from '../../../../machines/studio';
import { machineCatalog } from '../../../../studio/machine-catalog';
import { StatechartView } from '../diagram/statechart-view';

/** The catalog entry of a running machine, found by its machine id (`cartLine` → cart-line). */
const entryOf = (machineId: string | null) =>
  machineId ? machineCatalog.find((entry) => entry.machine.id === machineId) : undefined;

/** The ids of the states a value names (`session.resolved`, `session.resolved.active`). */
function activeStateIds(machine: AnyStateMachine, value: LiveStateValue | null): string[] {
  if (value === null) return [];
  try {
    return getStateNodes(machine.root, value).map((node) => node.id);
  } catch {
    // a value this build's chart does not know (the portal tab runs another version)
    return [];
  }
}

/** The chosen actor's machine drawn as a statechart with its current states highlighted. */
export function LiveDiagram({ actor }: { actor: LiveActor | null }) {
  const { t } = useTranslation('studio');
  const entry = entryOf(actor?.machine ?? null);
  return (
    <section
      aria-labelledby="live-diagram-heading"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface-raised p-4"
    >
      <h2 id="live-diagram-heading" className="flex flex-wrap items-baseline gap-x-2 font-semibold">
        {t('live.diagram.heading')}
        {actor && <span className="font-mono text-sm font-normal text-fg-muted">{actorLabel(actor)}</span>}
        {actor && (
          <span className="font-mono text-sm font-normal text-brand">
            {statePaths(actor.value).join(', ')}
          </span>
        )}
      </h2>
      {!actor ? (
        <p className="text-sm text-fg-muted">{t('live.diagram.none')}</p>
      ) : entry ? (
        <div className="min-h-80 min-w-0 overflow-hidden">
          <StatechartView
            name={entry.name}
            machine={entry.machine}
            activeStateIds={activeStateIds(entry.machine, actor.value)}
          />
        </div>
      ) : (
        <p className="text-sm text-fg-muted">
          {t('live.diagram.noDiagram', { machine: actor.machine ?? actor.name })}
        </p>
      )}
    </section>
  );
}
