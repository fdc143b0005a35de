import { useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { selectPasteText } from '../../../machines/quick-order';
import { labelClass } from '../../components/field-classes';
import { secondaryButton } from './button-classes';
import type { QuickOrderRef } from './quick-order-ref';

/**
 * Lines pasted from anywhere: "stock code; quantity; unit", each line with tab, comma, semicolon or spaces.
 * The text lives in the quick order's machine, which keeps it across a reload until its lines are in the cart.
 */
export function PasteBox({ quickOrder }: { quickOrder: QuickOrderRef }) {
  const { t } = useTranslation();
  const id = useId();
  const text = useSelector(quickOrder, selectPasteText);
  const form = useRef<HTMLFormElement>(null);
  // Text the box did not get from typing here (kept across a reload, or back from a cancelled preview)
  // opens the fold-out once, so what was typed is in view; afterwards the fold-out is the customer's.
  const settled = useRef(false);
  useEffect(() => {
    if (settled.current || text === '') return;
    settled.current = true;
    form.current?.closest('details')?.setAttribute('open', '');
  }, [text]);
  return (
    <form
      ref={form}
      className="flex flex-col gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() !== '') quickOrder.send({ type: 'quickOrder.textSubmitted', text });
      }}
    >
      <label htmlFor={id} className={labelClass}>
        {t('quickOrder.pasteLabel')}
      </label>
      <textarea
        id={id}
        value={text}
        onChange={(event) => {
          settled.current = true;
          quickOrder.send({ type: 'quickOrder.pasteChanged', text: event.target.value });
        }}
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
