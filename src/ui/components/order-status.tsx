import { useTranslation } from 'react-i18next';

/** Spec point 4 "Order": the displayed states are open and closed (isFinalized). */
export function OrderStatus({ finalized }: { finalized: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ${
        finalized ? 'bg-surface-sunken text-fg-muted' : 'bg-brand-soft text-brand'
      }`}
    >
      {finalized ? t('orders.closed') : t('orders.open')}
    </span>
  );
}
