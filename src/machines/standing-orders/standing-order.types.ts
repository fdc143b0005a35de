// The wire's domain terms the standing-order screens read, so src/ui reaches them through this feature.
export type {
  Occurrence,
  OccurrenceStatus,
  ReviewReason,
  SeriesStatus,
  StandingOrder,
  StandingOrderSource,
} from '../../services/api/wire/standing-orders';
export {
  bindStandingOrder,
  isPositiveQuantity,
  type SeriesDraftLine,
  type StandingOrderForm,
  standingOrderMachine,
} from './standing-order.machine';
export { isoWeekdayOf } from './standing-order.schedule';
export {
  type StandingOrderView,
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
  selectStandingOrderError,
  selectStandingOrderForm,
  selectStandingOrderRefusal,
  selectStandingOrderView,
} from './standing-order.selectors';
export { bindOccurrence, occurrenceMachine } from './standing-order-occurrence.machine';
export {
  type OccurrenceView,
  selectIsOccurrenceBusy,
  selectOccurrence,
  selectOccurrenceDraft,
  selectOccurrencePendingWrite,
  selectOccurrenceView,
} from './standing-order-occurrence.selectors';
export { bindStandingOrders, standingOrdersResource } from './standing-orders.resource';
export {
  type StandingOrdersStatus,
  selectStandingOrders,
  selectStandingOrdersStatus,
} from './standing-orders.selectors';
