import type { PortalDocument } from '../../domain/types';
import { invoicePath } from '../../services/api/orders';

/**
 * An order's invoice as a document, so the document-file machine fetches and opens it the way it
 * opens any document (the order list, the invoice notification): a PDF, the order's one Factur-X
 * invoice or, when it was invoiced per warehouse, every invoice in one file.
 */
export const orderInvoiceDocument = (orderId: number): PortalDocument => ({
  id: `invoice-${orderId}`,
  type: 'invoice',
  name: `#${orderId}`,
  createdAt: '',
  size: null,
  contentType: 'application/pdf',
  file: invoicePath(orderId),
  fileName: `invoice-order-${orderId}.pdf`,
});
