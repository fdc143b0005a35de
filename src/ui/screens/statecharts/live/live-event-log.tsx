import { useTranslation } from 'react-i18next';
import { eventsNewestFirst, LIVE_EVENT_LOG_SIZE, type LiveTab } from '../../../../machines/studio';
import { ColumnHeader } from '../../../components/column-header';

/** the log packs many rows: shorter header cells */
const compact = 'px-3 py-1.5';

/** hh:mm:ss.mmm in the reader's language */
function useTimeFormat() {
  const { i18n } = useTranslation('studio');
  return new Intl.DateTimeFormat(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hour12: false,
  });
}

/** The followed tab's last 50 events, newest first: time, the actor that received it, its type. */
export function LiveEventLog({ tab, onClear }: { tab: LiveTab; onClear: () => void }) {
  const { t } = useTranslation('studio');
  const time = useTimeFormat();
  const events = eventsNewestFirst(tab);
  return (
    <section
      aria-labelledby="live-events-heading"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-line bg-surface-raised p-4"
    >
      <div className="flex items-center gap-3">
        <h2 id="live-events-heading" className="font-semibold">
          {t('live.events.heading')}
        </h2>
        <span className="text-sm text-fg-muted">
          {t('live.events.count', { number: events.length, max: LIVE_EVENT_LOG_SIZE })}
        </span>
        <button
          type="button"
          onClick={onClear}
          disabled={events.length === 0}
          className="ms-auto rounded-md border border-line px-3 py-1 text-sm font-medium hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-50"
        >
          {t('live.events.clear')}
        </button>
      </div>
      {events.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('live.events.empty')}</p>
      ) : (
        <div className="max-h-[28rem] overflow-auto rounded-md border border-line">
          <table aria-labelledby="live-events-heading" className="w-full border-collapse text-sm">
            <thead className="sticky top-0 bg-surface-sunken text-start text-xs text-fg-muted">
              <tr>
                <ColumnHeader label={t('live.events.time')} padding={compact} />
                <ColumnHeader label={t('live.events.actor')} padding={compact} />
                <ColumnHeader label={t('live.events.event')} padding={compact} />
              </tr>
            </thead>
            <tbody>
              {events.map((event) => (
                <tr key={event.seq} className="border-t border-line">
                  <td className="px-3 py-1 font-mono text-xs whitespace-nowrap text-fg-muted tabular-nums">
                    {time.format(event.at)}
                  </td>
                  <td className="px-3 py-1 font-mono text-xs break-all">{event.actor}</td>
                  <td className="px-3 py-1 font-mono text-xs break-all">{event.type}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
