import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { labelClass } from '../../components/field-classes';
import { secondaryButton } from './button-classes';

/** Lines pasted from anywhere: "stock code; quantity; unit", each line with tab, comma, semicolon or spaces. */
export function PasteBox({ onSubmit }: { onSubmit: (text: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== '') onSubmit(text);
      }}
    >
      <label htmlFor={id} className={labelClass}>
        {t('quickOrder.pasteLabel')}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => setText(event.target.value)}
        rows={4}
        dir="ltr"
        spellCheck={false}
        aria-describedby={`${id}-hint`}
        placeholder={'DAI-00001;2;box\nDRI-00012\t5'}
        className="block w-full rounded-md border border-line bg-surface-raised px-3 py-2 font-mono text-fg placeholder:text-fg-muted focus:border-brand focus:outline-2 focus:outline-brand/40"
      />
      <p id={`${id}-hint`} className="text-fg-muted">
        {t('quickOrder.pasteHint')}
      </p>
      <button type="submit" disabled={text.trim() === ''} className={`${secondaryButton} self-start`}>
        {t('quickOrder.checkLines')}
      </button>
    </form>
  );
}
