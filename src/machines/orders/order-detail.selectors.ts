import type { SnapshotFrom } from 'xstate';
import type { Order, OrderFinanceDocument } from '../../domain/types';
import type { ErrorInfo } from '../kernel/errorInfo';
import type { orderDetailMachine } from './order-detail.machine';

export type OrderDetailSnapshot = SnapshotFrom<typeof orderDetailMachine>;

export const selectOrder = (s: OrderDetailSnapshot): Order | null => s.context.order;
const noDocuments: readonly OrderFinanceDocument[] = [];
/** The ERP's invoices and credit notes for the order; none from a backend without them. */
export const selectOrderDocuments = (s: OrderDetailSnapshot): readonly OrderFinanceDocument[] =>
  s.context.order?.documents ?? noDocuments;
export const selectIsOrderLoading = (s: OrderDetailSnapshot): boolean =>
  s.matches('loading') || s.matches('findingInList');
export const selectIsOrderNotFound = (s: OrderDetailSnapshot): boolean => s.matches('notFound');
export const selectOrderError = (s: OrderDetailSnapshot): ErrorInfo | null =>
  s.matches('failed') ? s.context.error : null;
export const selectIsInvoiceOpening = (s: OrderDetailSnapshot): boolean =>
  s.matches({ loaded: 'openingInvoice' });
/** "Failed to view invoice. Please try again later." */
export const selectInvoiceFailed = (s: OrderDetailSnapshot): boolean =>
  s.matches({ loaded: 'invoiceFailed' });
/** The backend turned out to have no invoice call: View invoice hides. */
export const selectInvoiceNotOffered = (s: OrderDetailSnapshot): boolean =>
  s.matches({ loaded: 'invoiceNotOffered' });
