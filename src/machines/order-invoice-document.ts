import type { PortalDocument } from '../domain/types';
import { invoicePath } from '../services/api/orders';

/**
 * An order's current invoice as the documents page lists it, so the document-file machine fetches
 * and opens it the way it opens any document (the order list, the invoice notification).
 */
export const orderInvoiceDocument = (orderId: number): PortalDocument => ({
  id: `invoice-${orderId}`,
  type: 'invoice',
  name: `#${orderId}`,
  createdAt: '',
  size: null,
  contentType: 'text/html',
  file: invoicePath(orderId),
  fileName: `invoice-${orderId}`,
});
