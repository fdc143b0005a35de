import { FileText } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { orderInvoiceDocument } from '../../../machines/orders';
import { Spinner } from '../../components/spinner';
import { useCapability } from '../../hooks/use-capability';
import { useDocumentFile } from '../documents/use-document-file';

/**
 * "View invoice" for one order outside its detail page (a row of the order list, the notification
 * that announces the invoice): the file needs the bearer token, so it is fetched and shown in a tab
 * opened during the click, as the documents page does. `named` gives the button the order number
 * for screen readers where several sit side by side. A backend without the invoice call (capability
 * `invoices`) has no button.
 */
export function OrderInvoiceAction(props: { orderId: number; named?: boolean }) {
  return useCapability('invoices') ? <InvoiceActionButton {...props} /> : null;
}

function InvoiceActionButton({ orderId, named = false }: { orderId: number; named?: boolean }) {
  const { t } = useTranslation();
  const document = useMemo(() => orderInvoiceDocument(orderId), [orderId]);
  const { busyMode, failed, request } = useDocumentFile(document);
  const busy = busyMode !== null;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <button
        type="button"
        onClick={(event) => {
          // in a table row that opens the order: the button opens the invoice only
          event.stopPropagation();
          request('open');
        }}
        disabled={busy}
        {...(named ? { 'aria-label': t('orders.viewInvoiceOf', { number: orderId }) } : {})}
        className="tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60"
      >
        {busy ? <Spinner className="size-4" /> : <FileText aria-hidden="true" className="size-4" />}
        {t('orders.viewInvoice')}
      </button>
      {failed && (
        <span role="alert" className="text-danger">
          {t('orders.invoiceFailed')}
        </span>
      )}
    </span>
  );
}
