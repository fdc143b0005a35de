import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { QuickOrderRefusal } from '../../../machines/quick-order';

/** Why nothing could be read from the file (SPEC point 8: errorFormat, unknownError; the limits). */
export function RefusalMessage({ refusal }: { refusal: QuickOrderRefusal }) {
  const { t } = useTranslation();
  const text =
    refusal === 'incorrectFormat'
      ? `${t('quickOrder.errorFormat')} ${t('quickOrder.formatHint')}`
      : t(`quickOrder.${refusal}`);
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-danger/40 bg-danger-soft px-4 py-3 text-danger"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {text}
    </p>
  );
}
