import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseJsonText } from '../../../../studio/simulation';
import { JsonTextarea } from './json-textarea';
import { ProblemAlert } from './problem-alert';
import { primaryButtonClass } from './simulate-classes';
import { SimulateSection } from './simulate-section';

/** A machine that needs an input gets it as JSON before it starts (prefilled from its path report). */
export function InputEditor({ initial, onStart }: { initial: unknown; onStart: (input: unknown) => void }) {
  const { t } = useTranslation('studio');
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const editorId = useId();
  const problemId = useId();
  const current = text ?? (initial === undefined || initial === null ? '' : JSON.stringify(initial, null, 2));
  const start = () => {
    const parsed = parseJsonText(current);
    if (!parsed.ok) return setProblem(t('simulate.json.invalid', { detail: parsed.detail }));
    setProblem(null);
    onStart(parsed.value ?? null);
  };
  return (
    <SimulateSection title={t('simulate.input.heading')} className="flex flex-col gap-2">
      <p className="text-sm text-fg-muted">{t('simulate.input.intro')}</p>
      <label htmlFor={editorId} className="text-xs font-medium">
        {t('simulate.input.label')}
      </label>
      <JsonTextarea
        id={editorId}
        rows={Math.max(6, Math.min(16, current.split('\n').length + 1))}
        value={current}
        invalid={Boolean(problem)}
        describedBy={problem ? problemId : undefined}
        onEdit={(edited) => {
          setText(edited);
          setProblem(null);
        }}
      />
      <ProblemAlert id={problemId} problem={problem} size="text-sm" />
      <div>
        <button type="button" className={primaryButtonClass} onClick={start}>
          {t('simulate.input.start')}
        </button>
      </div>
    </SimulateSection>
  );
}
