import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { RetryButton } from './retry-button';

/** Spec point 8: most failures show the generic unknown-error message; each offers a way to try again. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-md border border-danger/40 bg-danger-soft px-4 py-3 text-danger"
    >
      <CircleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p className="min-w-0 flex-1">{message ?? t('errors.unknown')}</p>
      <RetryButton label={t('common.retry')} onClick={onRetry} />
    </div>
  );
}
