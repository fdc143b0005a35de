export { bindDeliverySubstituteChoice } from './delivery-substitute-choice';
export { isPositiveQuantity, isSavableDraft, type SeriesDraftLine } from './draft-lines';
export { bindStandingOrder, standingOrderMachine } from './standing-order.machine';
export {
  selectCreateFailed,
  selectFirstDateOptions,
  selectIsConfirmingEnd,
  selectIsEditingSeriesLines,
  selectIsStandingOrderBusy,
  selectSeriesDraft,
  selectSeriesPendingWrite,
  selectSeriesWriteFailed,
  selectServedWeekdays,
  selectStandingOrder,
  selectStandingOrderForm,
  selectStandingOrderRefusal,
  selectStandingOrderView,
} from './standing-order.selectors';
export type {
  Occurrence,
  OccurrenceStatus,
  ReviewReason,
  SeriesStatus,
  StandingOrder,
  StandingOrderSource,
} from './standing-order.types';
export { bindOccurrence, occurrenceMachine } from './standing-order-occurrence.machine';
export {
  selectIsOccurrenceBusy,
  selectOccurrence,
  selectOccurrenceDraft,
  selectOccurrencePendingWrite,
  selectOccurrenceView,
} from './standing-order-occurrence.selectors';
export { bindStandingOrders } from './standing-orders.resource';
export {
  selectStandingOrders,
  selectStandingOrdersStatus,
} from './standing-orders.selectors';
