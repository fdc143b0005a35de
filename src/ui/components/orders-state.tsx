import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state';
import { Spinner } from './spinner';

interface OrdersStateProps {
  loading: boolean;
  failed: boolean;
  empty: boolean;
  onRetry: () => void;
  children: ReactNode;
}

/** Loading, the errors.unknown message with a retry (spec point 8), "no orders", or the content. */
export function OrdersState({ loading, failed, empty, onRetry, children }: OrdersStateProps) {
  const { t } = useTranslation();
  if (failed)
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center gap-2 rounded-md bg-danger-soft px-3 py-2 text-danger"
      >
        <span className="flex-1">{t('errors.unknown')}</span>
        <button type="button" onClick={onRetry} className="tap-target rounded-md px-2 font-medium underline">
          {t('common.tryAgain')}
        </button>
      </div>
    );
  if (loading)
    return (
      <p role="status" className="flex items-center gap-2 py-4 text-fg-muted">
        <Spinner />
        {t('orders.loading')}
      </p>
    );
  if (empty) return <EmptyState>{t('orders.empty')}</EmptyState>;
  return children;
}
