export { bindOrderDetail, orderDetailMachine } from './order-detail.machine';
export {
  selectInvoiceFailed,
  selectInvoiceNotOffered,
  selectIsInvoiceOpening,
  selectIsOrderLoading,
  selectIsOrderNotFound,
  selectOrder,
  selectOrderError,
} from './order-detail.selectors';
export { orderInvoiceDocument } from './order-invoice-document';
export { bindOrdersResource, ordersResource } from './orders.machine';
export {
  type OrdersSnapshot,
  selectAreOrdersLoading,
  selectClosedOrders,
  selectHasOrdersList,
  selectLatestOrders,
  selectOpenOrders,
  selectOrders,
  selectOrdersRejected,
} from './orders.selectors';
export { bindReorder, reorderMachine } from './reorder.machine';
export {
  selectIsReorderDone,
  selectIsReordering,
  selectReorderAdded,
  selectReorderChanged,
  selectReorderError,
  selectReorderMode,
  selectReorderUnavailable,
} from './reorder.selectors';
