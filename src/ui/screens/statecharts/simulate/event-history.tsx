import { useTranslation } from 'react-i18next';
import type { JsonEvent } from '../../../../studio/event-json';
import { SimulateSection } from './simulate-section';

const payloadOf = (event: JsonEvent) => {
  const { type: _type, ...rest } = event;
  const text = JSON.stringify(rest);
  return text === '{}' ? '' : text.length > 120 ? `${text.slice(0, 119)}…` : text;
};

/** The events applied so far, numbered; one that could not be applied is marked. */
export function EventHistory({
  events,
  failedAt,
}: {
  events: readonly JsonEvent[];
  failedAt: number | null;
}) {
  const { t } = useTranslation('studio');
  return (
    <SimulateSection title={t('simulate.history.heading')}>
      {events.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('simulate.history.empty')}</p>
      ) : (
        <ol className="flex list-decimal flex-col gap-1 ps-6 text-xs marker:text-fg-muted">
          {events.map((event, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only, in order
            <li key={index} className={failedAt !== null && index >= failedAt ? 'text-danger' : ''}>
              <code className="font-mono font-medium">{event.type}</code>
              {payloadOf(event) && (
                <code className="ms-2 break-all font-mono text-fg-muted">{payloadOf(event)}</code>
              )}
              {failedAt === index && <span className="ms-2">{t('simulate.history.failed')}</span>}
            </li>
          ))}
        </ol>
      )}
    </SimulateSection>
  );
}
