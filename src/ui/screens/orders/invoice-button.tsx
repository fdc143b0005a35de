import { useSelector } from '@xstate/react';
import { FileText } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  selectInvoiceFailed,
  selectInvoiceNotOffered,
  selectIsInvoiceOpening,
} from '../../../machines/orders';
import { Spinner } from '../../components/spinner';
import { useCapability } from '../../hooks/use-capability';
import { usePendingTab } from '../../hooks/use-pending-tab';
import type { OrderDetailRef } from './use-order-detail';

/**
 * "View invoice": the server's printable page needs the bearer token, so the machine fetches it and
 * hands over an object URL. The tab is opened during the click (a later window.open would be
 * blocked as a pop-up) and pointed at the invoice once it is there. A backend without the invoice call
 * (capability `invoices`) has no button.
 */
export function InvoiceButton({ detail }: { detail: OrderDetailRef }) {
  const { t } = useTranslation();
  const opening = useSelector(detail, selectIsInvoiceOpening);
  const failed = useSelector(detail, selectInvoiceFailed);
  const notOffered = useSelector(detail, selectInvoiceNotOffered);
  const offered = useCapability('invoices') && !notOffered;
  // the tab opened during the click closes when the call turns out to be missing, as on a failure
  const tab = usePendingTab(failed || notOffered);

  useEffect(() => {
    const ready = detail.on('orderDetail.invoiceReady', ({ url }) => tab.show(url));
    return () => ready.unsubscribe();
  }, [detail, tab]);

  function request() {
    tab.open();
    detail.send({ type: 'orderDetail.invoiceRequested' });
  }

  if (!offered) return null;
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={request}
        disabled={opening}
        className="tap-target inline-flex items-center gap-2 rounded-md border border-line px-3 font-medium hover:bg-surface-sunken disabled:opacity-60"
      >
        {opening ? <Spinner className="size-4" /> : <FileText aria-hidden="true" className="size-4" />}
        {t('orders.viewInvoice')}
      </button>
      {failed && (
        <p role="alert" className="text-danger">
          {t('orders.invoiceFailed')}
        </p>
      )}
    </div>
  );
}
