export {
  type AmendmentDraft,
  type DraftLine,
  draftChanges,
  draftLineMax,
  type LineChange,
} from './order-amendment.draft';
export {
  bindOrderAmendment,
  type OrderAmendmentEmitted,
  orderAmendmentMachine,
} from './order-amendment.machine';
export { dayProblems, lineProblems, otherProblems } from './order-amendment.refusal';
export {
  type AmendmentCountdownRef,
  selectAmendedOrder,
  selectAmendmentCountdown,
  selectAmendmentDraft,
  selectAmendmentExpired,
  selectAmendmentFailed,
  selectAmendmentOperation,
  selectAmendmentRefusal,
  selectAmendmentRefused,
  selectCanAmend,
  selectCanReview,
  selectChangedElsewhere,
  selectCutoffPassed,
  selectHasUnsentChanges,
  selectIsAmending,
  selectIsCancelling,
  selectIsConfirmingCancel,
  selectIsConfirmingLeave,
  selectIsReloadingOrder,
  selectIsReviewing,
  selectIsSending,
  selectRefusedForCutoff,
} from './order-amendment.selectors';
export { bindOrderDetail, orderDetailMachine } from './order-detail.machine';
export {
  selectInvoiceFailed,
  selectInvoiceNotOffered,
  selectIsInvoiceOpening,
  selectIsOrderLoading,
  selectIsOrderNotFound,
  selectOrder,
  selectOrderDocuments,
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
export { isSuborderLifeState, suborderLifeStates, suborderReportTypes } from './suborder-life';
export { suborderLifeMachine } from './suborder-life.machine';
