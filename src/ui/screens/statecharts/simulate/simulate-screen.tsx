import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import {
  selectAppliedEvents,
  selectCanReopenInput,
  selectCanReplayNext,
  selectCanStepBack,
  selectIsAwaitingInput,
  selectIsReplaying,
  selectReplay,
  selectReplayIndex,
  selectSimulation,
  statechartSimulationMachine,
} from '../../../../machines/studio';
import type { JsonEvent } from '../../../../studio/event-json';
import { type CatalogEntry, catalogEntry, type MachineName } from '../../../../studio/machine-catalog';
import {
  acceptedEvents,
  activeStateIds,
  eventProblem,
  exampleEvents,
  needsInput,
  simulatedContext,
  startError,
} from '../../../../studio/simulation';
import { EmptyState } from '../../../components/empty-state';
import { PageTitle } from '../../../components/page-title';
import { StatechartView } from '../diagram/statechart-view';
import { StateScreenPanel } from '../screens/state-screen-panel';
import { studioPaths } from '../studio-paths';
import { AcceptedEvents } from './accepted-events';
import { ContextTree } from './context-tree';
import { EventHistory } from './event-history';
import { InputEditor } from './input-editor';
import { usePathsReport } from './paths-report-loader';
import { ReplayPanel } from './replay-panel';
import { buttonClass } from './simulate-classes';
import { SimulateSection } from './simulate-section';
import { StandIns } from './stand-in-actors';
import { StateSummary } from './state-summary';

/** /statecharts/<machine>/simulate/: run the machine by hand, with stand-in actors, or replay a test path. */
export function SimulateScreen({ name }: { name: string }) {
  const { t } = useTranslation('studio');
  const entry = catalogEntry(name);
  if (!entry) return <EmptyState>{t('machine.notFound', { name })}</EmptyState>;
  return <Simulator key={entry.name} entry={entry} />;
}

function Simulator({ entry }: { entry: CatalogEntry }) {
  const { t } = useTranslation('studio');
  const { name, machine } = entry;
  const needs = useMemo(() => needsInput(machine), [machine]);
  const actor = useActorRef(statechartSimulationMachine, { input: { name, needsInput: needs } });
  const report = usePathsReport(name);
  const examples = useMemo(() => exampleEvents(report.status === 'loaded' ? report.report : null), [report]);
  const awaitingInput = useSelector(actor, selectIsAwaitingInput);
  const { snapshot, error, failedAt } = useSelector(actor, (s) => selectSimulation(s, machine));
  const history = useSelector(actor, selectAppliedEvents);
  const replaying = useSelector(actor, selectIsReplaying);
  const replay = useSelector(actor, selectReplay);
  const replayIndex = useSelector(actor, selectReplayIndex);
  const canStepBack = useSelector(actor, selectCanStepBack);
  const canReplayNext = useSelector(actor, selectCanReplayNext);
  const canReopenInput = useSelector(actor, selectCanReopenInput);

  const activeKey = activeStateIds(snapshot).join(' ');
  // the ids' text is their identity: the diagram sees a new list only when the states change
  const activeIds = useMemo(
    () => (awaitingInput ? [] : activeKey.split(' ').filter(Boolean)),
    [activeKey, awaitingInput],
  );
  const accepted = useMemo(() => acceptedEvents(machine, snapshot), [machine, snapshot]);
  const problemOf = (event: JsonEvent) => eventProblem(machine, snapshot, event);
  const send = (event: JsonEvent) => actor.send({ type: 'simulation.eventSent', event });

  // A button that vanished with the step it took leaves focus nowhere: put it on the current state.
  const stateRef = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each step
  useEffect(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) stateRef.current?.focus();
  }, [history.length, awaitingInput]);

  const asideId = useId();
  const stopped = startError(snapshot);

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <div className="min-w-0">
          <PageTitle>{t('simulate.title', { name })}</PageTitle>
          <p className="-mt-3 text-sm text-fg-muted">{t(`machines.${name as MachineName}`)}</p>
        </div>
        <Link
          href={studioPaths.machine(name)}
          className="text-sm text-brand underline-offset-2 hover:underline"
        >
          {t('simulate.toDiagram')}
        </Link>
      </header>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_26rem]">
        <div className="min-w-0 overflow-auto rounded-md border border-line bg-surface-raised p-2 lg:sticky lg:top-4 lg:max-h-[calc(100vh-2rem)] lg:self-start">
          <StatechartView name={name} machine={machine} activeStateIds={activeIds} />
        </div>
        <aside aria-labelledby={asideId} className="flex min-w-0 flex-col gap-5">
          <h2 id={asideId} className="sr-only">
            {t('simulate.panel')}
          </h2>
          {awaitingInput ? (
            <InputEditor
              initial={report.status === 'loaded' ? report.report.input : undefined}
              onStart={(input) => actor.send({ type: 'simulation.started', input })}
            />
          ) : (
            <>
              <StateSummary
                ref={stateRef}
                snapshot={snapshot}
                stopped={stopped}
                error={error}
                failedAt={failedAt}
              />
              <div className="flex flex-wrap gap-2">
                <button
                  type="button"
                  className={buttonClass}
                  disabled={!canStepBack}
                  onClick={() => actor.send({ type: 'simulation.steppedBack' })}
                >
                  {t('simulate.back')}
                </button>
                <button
                  type="button"
                  className={buttonClass}
                  onClick={() => actor.send({ type: 'simulation.restarted' })}
                >
                  {t('simulate.restart')}
                </button>
                {canReopenInput && (
                  <button
                    type="button"
                    className={buttonClass}
                    onClick={() => actor.send({ type: 'simulation.inputReopened' })}
                  >
                    {t('simulate.changeInput')}
                  </button>
                )}
              </div>
              <StateScreenPanel name={name} stateId={activeIds[0]} />
              {snapshot.status === 'active' && (
                <>
                  <AcceptedEvents
                    types={accepted.events}
                    snapshot={snapshot}
                    examples={examples}
                    problemOf={problemOf}
                    onSend={send}
                  />
                  <StandIns
                    actors={accepted.actors}
                    delays={accepted.delays}
                    examples={examples}
                    problemOf={problemOf}
                    onSend={send}
                  />
                </>
              )}
            </>
          )}
          <ReplayPanel
            report={report}
            replay={replaying && replay ? { pathId: replay.pathId, index: replayIndex } : null}
            snapshot={snapshot}
            canNext={canReplayNext}
            canPrevious={canStepBack}
            onChoose={(chosen, path) =>
              actor.send({
                type: 'simulation.pathChosen',
                pathId: path.id,
                steps: path.steps.map((step) => step.event),
                input: path.input === undefined ? chosen.input : path.input,
              })
            }
            onNext={() => actor.send({ type: 'simulation.replayStepped' })}
            onPrevious={() => actor.send({ type: 'simulation.steppedBack' })}
            onLeave={() => actor.send({ type: 'simulation.replayLeft' })}
          />
          {!awaitingInput && (
            <>
              <EventHistory events={history} failedAt={failedAt} />
              <SimulateSection title={t('simulate.tree.heading')}>
                <ContextTree value={simulatedContext(snapshot)} label={t('simulate.tree.heading')} />
              </SimulateSection>
            </>
          )}
        </aside>
      </div>
    </div>
  );
}
