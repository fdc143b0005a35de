import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { paths } from '../app/routes';

/** Spec point 4: the order number, a link to the order list and that operators will call. */
export function OrderSuccess({ orderId, onDone }: { orderId: number; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      data-view="order-success"
      className="flex flex-col items-center gap-3 px-4 py-8 text-center"
    >
      <CircleCheck aria-hidden="true" className="size-12 text-brand" />
      <h3 className="text-lg font-semibold">{t('orderSuccess.title')}</h3>
      <p className="text-base">
        {t('orderSuccess.orderNumber')} <strong className="tabular-nums">#{orderId}</strong>
      </p>
      <p className="max-w-xs text-fg-muted">{t('orderSuccess.operatorsWillCall')}</p>
      <div className="mt-2 flex flex-wrap justify-center gap-2">
        {/* shown in the cart drawer: its Back entry gives way to the orders page, or Back there would return to a closed drawer */}
        <Link
          href={paths.orders}
          replace
          onClick={onDone}
          className="tap-target inline-flex items-center rounded-md bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-strong"
        >
          {t('orderSuccess.viewOrders')}
        </Link>
        <button
          type="button"
          onClick={onDone}
          className="tap-target rounded-md border border-line px-4 font-medium hover:bg-surface-sunken"
        >
          {t('orderSuccess.continueShopping')}
        </button>
      </div>
    </div>
  );
}
