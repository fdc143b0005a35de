import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveTab } from '../../../../machines/studio';
import { tabSummaries } from '../../../../machines/studio';
import { inputClass } from '../../../components/field-classes';

interface LiveTabChooserProps {
  tabs: LiveTab[];
  followed: string;
  gone: boolean;
  onChoose: (tab: string) => void;
}

/** Which portal tab is followed (a choice only when several answer), and whether it still answers. */
export function LiveTabChooser({ tabs, followed, gone, onChoose }: LiveTabChooserProps) {
  const { t } = useTranslation('studio');
  const selectId = useId();
  const summaries = tabSummaries(tabs);
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-lg border border-line bg-surface-raised px-4 py-3">
      <p role="status" className="flex items-center gap-2 font-medium">
        <span
          aria-hidden="true"
          className={`inline-block size-2.5 rounded-full ${gone ? 'bg-danger' : 'animate-pulse bg-brand'}`}
        />
        {gone ? t('live.status.quiet', { tab: followed }) : t('live.status.connected', { tab: followed })}
      </p>
      {summaries.length > 1 && (
        <label htmlFor={selectId} className="ms-auto flex items-center gap-2 text-sm font-medium">
          {t('live.tab.label')}
          <select
            id={selectId}
            value={followed}
            onChange={(event) => onChoose(event.target.value)}
            className={`${inputClass} w-auto`}
          >
            {summaries.map((tab) => (
              <option key={tab.id} value={tab.id}>
                {tab.gone
                  ? t('live.tab.gone', { tab: tab.id })
                  : t('live.tab.option', { tab: tab.id, actors: tab.actors })}
              </option>
            ))}
          </select>
        </label>
      )}
      {gone && <p className="basis-full text-sm text-fg-muted">{t('live.status.quietHint')}</p>}
    </div>
  );
}
