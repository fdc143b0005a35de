import { useTranslation } from 'react-i18next';
import { secondaryButton } from './button-classes';

/** Reading, validating or adding: a labelled progress bar, determinate once the row count is known. */
export function BusyProgress({
  phase,
  progress,
  onCancel,
}: {
  phase: 'reading' | 'validating' | 'adding';
  progress: { done: number; total: number } | null;
  onCancel: (() => void) | undefined;
}) {
  const { t } = useTranslation();
  const label =
    phase === 'reading'
      ? progress
        ? t('quickOrder.readingRows', { done: progress.done, total: progress.total })
        : t('quickOrder.reading')
      : phase === 'validating'
        ? t('quickOrder.validating')
        : t('quickOrder.adding');
  const percent = progress ? Math.round((progress.done / Math.max(progress.total, 1)) * 100) : null;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line bg-surface-raised p-4">
      <p aria-live="polite">{label}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        {...(percent === null ? {} : { 'aria-valuenow': percent })}
        className="h-2 overflow-hidden rounded-full bg-surface-sunken"
      >
        <div
          className={`h-full rounded-full bg-brand ${percent === null ? 'w-1/3 animate-pulse motion-reduce:animate-none' : 'transition-[width]'}`}
          style={percent === null ? undefined : { inlineSize: `${percent}%` }}
        />
      </div>
      {onCancel && (
        <button type="button" onClick={onCancel} className={`${secondaryButton} self-start`}>
          {t('quickOrder.cancel')}
        </button>
      )}
    </div>
  );
}
