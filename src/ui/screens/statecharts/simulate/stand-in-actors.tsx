import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JsonEvent } from '../../../../studio/event-json';
import {
  doneEvent,
  errorEvent,
  failureChoices,
  type PendingDelay,
  parseJsonText,
  type StandInActor,
  type StandInFailure,
} from '../../../../studio/simulation';
import type { EventSender } from './event-sender';
import { JsonTextarea } from './json-textarea';
import { ProblemAlert } from './problem-alert';
import { buttonClass, selectClass } from './simulate-classes';
import { SimulateSection } from './simulate-section';

interface StandInsProps extends EventSender {
  actors: readonly StandInActor[];
  delays: readonly PendingDelay[];
}

/**
 * Nothing runs in the simulator: the invoked actors are stand-ins the user answers for (done with an
 * output, or an error as the API client would throw it), and a delay passes when the user waits.
 */
export function StandIns({ actors, delays, examples, problemOf, onSend }: StandInsProps) {
  const { t } = useTranslation('studio');
  return (
    <>
      {actors.length > 0 && (
        <SimulateSection title={t('simulate.actors.heading')}>
          <p className="mb-2 text-xs text-fg-muted">{t('simulate.actors.intro')}</p>
          <ul className="flex flex-col gap-2">
            {actors.map((actor) => (
              <ActorRow
                key={actor.id}
                actor={actor}
                examples={examples}
                problemOf={problemOf}
                onSend={onSend}
              />
            ))}
          </ul>
        </SimulateSection>
      )}
      {delays.length > 0 && (
        <SimulateSection title={t('simulate.delays.heading')}>
          <ul className="flex flex-wrap gap-2">
            {delays.map((delay) => (
              <li key={delay.eventType}>
                <button
                  type="button"
                  className={buttonClass}
                  title={delay.eventType}
                  onClick={() => onSend({ type: delay.eventType })}
                >
                  {delay.ms === null
                    ? t('simulate.delays.waitNamed', { delay: delay.delay })
                    : /^\d+$/.test(delay.delay)
                      ? t('simulate.delays.wait', { ms: delay.ms })
                      : t('simulate.delays.waitMs', { ms: delay.ms, delay: delay.delay })}
                </button>
              </li>
            ))}
          </ul>
        </SimulateSection>
      )}
    </>
  );
}

function ActorRow({ actor, examples, problemOf, onSend }: EventSender & { actor: StandInActor }) {
  const { t } = useTranslation('studio');
  const example = examples.get(`xstate.done.actor.${actor.id}`);
  const [output, setOutput] = useState<string | null>(null);
  const [failure, setFailure] = useState<StandInFailure>(500);
  const [problem, setProblem] = useState<string | null>(null);
  const outputId = useId();
  const failureId = useId();
  const problemId = useId();
  const outputText = output ?? JSON.stringify(example?.output ?? null, null, 2);

  const send = (event: JsonEvent) => {
    const refused = problemOf(event);
    if (refused) return setProblem(t('simulate.events.failed', { detail: refused }));
    setProblem(null);
    onSend(event);
  };
  const sendDone = () => {
    const parsed = parseJsonText(outputText);
    if (!parsed.ok) return setProblem(t('simulate.json.invalid', { detail: parsed.detail }));
    send(doneEvent(actor.id, parsed.value));
  };

  return (
    <li className="rounded-md border border-line bg-surface-raised p-2">
      <p className="mb-2 font-mono text-sm font-medium">{actor.id}</p>
      <div className="grid gap-2 sm:grid-cols-2">
        {actor.done && (
          <div className="flex flex-col gap-1">
            <label className="text-xs font-medium" htmlFor={outputId}>
              {t('simulate.actors.output', { id: actor.id })}
            </label>
            <JsonTextarea
              id={outputId}
              rows={Math.min(8, outputText.split('\n').length + 1)}
              value={outputText}
              invalid={Boolean(problem)}
              onEdit={(edited) => {
                setOutput(edited);
                setProblem(null);
              }}
            />
            <button type="button" className={buttonClass} onClick={sendDone}>
              {t('simulate.actors.done', { id: actor.id })}
            </button>
          </div>
        )}
        {actor.error && (
          <div className="flex flex-col gap-1">
            <label className="text-xs font-medium" htmlFor={failureId}>
              {t('simulate.actors.failure', { id: actor.id })}
            </label>
            <select
              id={failureId}
              className={selectClass}
              value={String(failure)}
              onChange={(event) =>
                setFailure(event.target.value === 'network' ? 'network' : Number(event.target.value))
              }
            >
              {failureChoices.map((choice) => (
                <option key={choice} value={String(choice)}>
                  {choice === 'network'
                    ? t('simulate.actors.network')
                    : t('simulate.actors.http', { status: choice })}
                </option>
              ))}
            </select>
            <button type="button" className={buttonClass} onClick={() => send(errorEvent(actor.id, failure))}>
              {t('simulate.actors.error', { id: actor.id })}
            </button>
          </div>
        )}
      </div>
      <ProblemAlert id={problemId} problem={problem} />
    </li>
  );
}
