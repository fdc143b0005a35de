import { useSelector } from '@xstate/react';
import { FileText } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { selectInvoiceFailed, selectIsInvoiceOpening } from '../../../machines/order-detail.selectors';
import { Spinner } from '../../components/spinner';
import type { OrderDetailRef } from './use-order-detail';

/** How long the invoice's object URL lives: long enough for the new tab to read it. */
const INVOICE_URL_LIFETIME_MS = 60_000;

/**
 * "View invoice": the server's printable page needs the bearer token, so the machine fetches it and
 * hands over an object URL. The tab is opened during the click (a later window.open would be
 * blocked as a pop-up) and pointed at the invoice once it is there.
 */
export function InvoiceButton({ detail }: { detail: OrderDetailRef }) {
  const { t } = useTranslation();
  const opening = useSelector(detail, selectIsInvoiceOpening);
  const failed = useSelector(detail, selectInvoiceFailed);
  const pendingTab = useRef<Window | null>(null);

  useEffect(() => {
    const ready = detail.on('orderDetail.invoiceReady', ({ url }) => {
      const tab = pendingTab.current;
      pendingTab.current = null;
      if (tab && !tab.closed) tab.location.href = url;
      else window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), INVOICE_URL_LIFETIME_MS);
    });
    return () => ready.unsubscribe();
  }, [detail]);

  useEffect(() => {
    if (failed) {
      pendingTab.current?.close();
      pendingTab.current = null;
    }
  }, [failed]);

  function request() {
    pendingTab.current = window.open('', '_blank');
    if (pendingTab.current) pendingTab.current.opener = null;
    detail.send({ type: 'orderDetail.invoiceRequested' });
  }

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
