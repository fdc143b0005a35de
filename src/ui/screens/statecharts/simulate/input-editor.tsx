import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseJsonText } from '../../../../studio/simulation';
import { editorClass, primaryButtonClass, sectionHeadingClass } from './simulate-classes';

/** A machine that needs an input gets it as JSON before it starts (prefilled from its path report). */
export function InputEditor({ initial, onStart }: { initial: unknown; onStart: (input: unknown) => void }) {
  const { t } = useTranslation('studio');
  const [text, setText] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const headingId = useId();
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
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h2 id={headingId} className={sectionHeadingClass}>
        {t('simulate.input.heading')}
      </h2>
      <p className="text-sm text-fg-muted">{t('simulate.input.intro')}</p>
      <label htmlFor={editorId} className="text-xs font-medium">
        {t('simulate.input.label')}
      </label>
      <textarea
        id={editorId}
        className={editorClass}
        rows={Math.max(6, Math.min(16, current.split('\n').length + 1))}
        spellCheck={false}
        value={current}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
      />
      {problem && (
        <p id={problemId} role="alert" className="text-sm text-danger">
          {problem}
        </p>
      )}
      <div>
        <button type="button" className={primaryButtonClass} onClick={start}>
          {t('simulate.input.start')}
        </button>
      </div>
    </section>
  );
}
