// The wire's domain terms the standing-order screens read, so src/ui reaches them through this feature.
export type {
  Occurrence,
  OccurrenceStatus,
  ReviewReason,
  SeriesStatus,
  StandingOrder,
  StandingOrderSource,
} from '../../services/api/wire/standing-orders';
