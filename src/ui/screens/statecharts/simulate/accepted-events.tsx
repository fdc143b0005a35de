import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyMachineSnapshot } from 'xstate';
import { canTake, exampleText, parseEventText } from '../../../../studio/simulation';
import type { EventSender } from './event-sender';
import { JsonTextarea } from './json-textarea';
import { ProblemAlert } from './problem-alert';
import { buttonClass, smallButtonClass } from './simulate-classes';
import { SimulateSection } from './simulate-section';

interface AcceptedEventsProps extends EventSender {
  types: readonly string[];
  snapshot: AnyMachineSnapshot;
}

/** The machine's own events the active states take now: one button each, with an editable payload. */
export function AcceptedEvents({ types, snapshot, examples, problemOf, onSend }: AcceptedEventsProps) {
  const { t } = useTranslation('studio');
  return (
    <SimulateSection title={t('simulate.events.heading')}>
      {types.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('simulate.events.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {types.map((type) => (
            <EventRow
              key={type}
              type={type}
              snapshot={snapshot}
              example={exampleText(examples, type)}
              problemOf={problemOf}
              onSend={onSend}
            />
          ))}
        </ul>
      )}
    </SimulateSection>
  );
}

function EventRow({
  type,
  snapshot,
  example,
  problemOf,
  onSend,
}: Omit<EventSender, 'examples'> & {
  type: string;
  snapshot: AnyMachineSnapshot;
  example: string;
}) {
  const { t } = useTranslation('studio');
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const editorId = useId();
  const hintId = useId();
  const problemId = useId();
  const current = text ?? example;
  const parsed = parseEventText(current, type);
  const enabled = parsed.ok ? canTake(snapshot, parsed.event) : true;
  const carriesData = parsed.ok && Object.keys(parsed.event).length > 1;

  const edit = (edited: string) => {
    setText(edited);
    setProblem(null);
  };
  const send = () => {
    if (!parsed.ok) {
      setOpen(true);
      setProblem(
        parsed.problem === 'invalidJson'
          ? t('simulate.json.invalid', { detail: parsed.detail })
          : parsed.problem === 'notAnObject'
            ? t('simulate.json.notAnObject')
            : t('simulate.json.wrongType', { type, found: parsed.detail }),
      );
      return;
    }
    const refused = problemOf(parsed.event);
    if (refused) {
      setOpen(true);
      setProblem(t('simulate.events.failed', { detail: refused }));
      return;
    }
    setProblem(null);
    onSend(parsed.event);
  };

  return (
    <li className="rounded-md border border-line bg-surface-raised p-2">
      <div className="flex flex-wrap items-center gap-2">
        <button
          type="button"
          className={`${buttonClass} font-mono`}
          disabled={!enabled}
          aria-describedby={
            [enabled ? '' : hintId, problem ? problemId : ''].filter(Boolean).join(' ') || undefined
          }
          onClick={send}
        >
          {type}
        </button>
        <button
          type="button"
          className={smallButtonClass}
          aria-expanded={open}
          aria-controls={editorId}
          aria-label={t('simulate.events.editPayload', { type })}
          onClick={() => setOpen(!open)}
        >
          {carriesData ? t('simulate.events.payload') : t('simulate.events.addPayload')}
        </button>
      </div>
      {!enabled && (
        <p id={hintId} className="mt-1 text-xs text-fg-muted">
          {t('simulate.events.guarded')}
        </p>
      )}
      <div id={editorId} hidden={!open} className="mt-2">
        <label className="mb-1 block text-xs font-medium" htmlFor={`${editorId}-text`}>
          {t('simulate.events.payloadOf', { type })}
        </label>
        <JsonTextarea
          id={`${editorId}-text`}
          rows={Math.min(10, current.split('\n').length + 1)}
          value={current}
          invalid={Boolean(problem)}
          describedBy={problem ? problemId : undefined}
          onEdit={edit}
        />
      </div>
      <ProblemAlert id={problemId} problem={problem} />
    </li>
  );
}
