import type { HttpClient } from './client';
import { idSegment } from './id-segment';
import {
  fromOccurrenceLines,
  fromStandingOrderCreate,
  fromStandingOrderUpdate,
  type Occurrence,
  occurrencesAnswerWire,
  occurrenceWire,
  type StandingOrder,
  type StandingOrderCreate,
  type StandingOrderUpdate,
  standingOrdersAnswerWire,
  standingOrderWire,
  toOccurrence,
  toStandingOrder,
} from './wire/standing-orders';

type CallOptions = { signal?: AbortSignal | undefined };

/** One line as a write sends it ("every delivery" or "this delivery only"). */
export interface StandingOrderLineWrite {
  productId: number;
  quantity: string;
  unit: number;
  /** a delivery's line only: the product this one was taken instead of */
  substituteFor?: number | null;
}

/** What a buyer does to one occurrence before its cut-off (409 `past_cutoff` after it). */
export type OccurrenceAction = 'skip' | 'unskip' | 'approve';

/**
 * Standing orders (docs/api.md "Standing orders", capability `standingOrders`): series that deliver
 * the same lines every week or every second week, and their occurrences, addressed by delivery date.
 */
export interface StandingOrdersApi {
  /** GET /netb2b/standing-orders/: the caller's series, each with its next occurrences */
  standingOrders(options?: CallOptions): Promise<StandingOrder[]>;
  /** GET /netb2b/standing-orders/{id}/occurrences/: recent occurrences and the next ones */
  standingOrderOccurrences(seriesId: number, options?: CallOptions): Promise<Occurrence[]>;
  /** POST /netb2b/standing-orders/: the lines are copied from the source */
  createStandingOrder(create: StandingOrderCreate, options?: CallOptions): Promise<StandingOrder>;
  /** PATCH /netb2b/standing-orders/{id}/: rename, "every delivery" lines, end date, pause or resume */
  updateStandingOrder(
    seriesId: number,
    update: StandingOrderUpdate,
    options?: CallOptions,
  ): Promise<StandingOrder>;
  /** DELETE /netb2b/standing-orders/{id}/: the series ends, no further occurrences */
  endStandingOrder(seriesId: number, options?: CallOptions): Promise<void>;
  /** PUT …/occurrences/{date}/lines: "this delivery only" */
  setOccurrenceLines(
    seriesId: number,
    deliveryDate: string,
    lines: StandingOrderLineWrite[],
    options?: CallOptions,
  ): Promise<Occurrence>;
  /** POST …/occurrences/{date}/skip, unskip or approve */
  actOnOccurrence(
    seriesId: number,
    deliveryDate: string,
    action: OccurrenceAction,
    options?: CallOptions,
  ): Promise<Occurrence>;
}

const seriesPath = (id: number) => `netb2b/standing-orders/${idSegment(id)}/`;
// the date is validated by the wire schema on the way in; encoding keeps a stray one inside its segment
const occurrencePath = (id: number, date: string) =>
  `${seriesPath(id)}occurrences/${encodeURIComponent(date)}/`;

export function standingOrdersApi(http: HttpClient): StandingOrdersApi {
  return {
    standingOrders: (options = {}) =>
      http.call(
        { method: 'get', path: 'netb2b/standing-orders/', signal: options.signal },
        standingOrdersAnswerWire,
        (answer) => answer.standing_orders.map(toStandingOrder),
      ),
    standingOrderOccurrences: (seriesId, options = {}) =>
      http.call(
        { method: 'get', path: `${seriesPath(seriesId)}occurrences/`, signal: options.signal },
        occurrencesAnswerWire,
        (answer) => answer.occurrences.map(toOccurrence),
      ),
    createStandingOrder: (create, options = {}) =>
      http.call(
        {
          method: 'post',
          path: 'netb2b/standing-orders/',
          json: fromStandingOrderCreate(create),
          signal: options.signal,
        },
        standingOrderWire,
        toStandingOrder,
      ),
    updateStandingOrder: (seriesId, update, options = {}) =>
      http.call(
        {
          method: 'patch',
          path: seriesPath(seriesId),
          json: fromStandingOrderUpdate(update),
          signal: options.signal,
        },
        standingOrderWire,
        toStandingOrder,
      ),
    endStandingOrder: (seriesId, options = {}) =>
      http.send({ method: 'delete', path: seriesPath(seriesId), signal: options.signal }),
    setOccurrenceLines: (seriesId, deliveryDate, lines, options = {}) =>
      http.call(
        {
          method: 'put',
          path: `${occurrencePath(seriesId, deliveryDate)}lines`,
          json: fromOccurrenceLines(lines),
          signal: options.signal,
        },
        occurrenceWire,
        toOccurrence,
      ),
    actOnOccurrence: (seriesId, deliveryDate, action, options = {}) =>
      http.call(
        {
          method: 'post',
          path: `${occurrencePath(seriesId, deliveryDate)}${action}`,
          signal: options.signal,
        },
        occurrenceWire,
        toOccurrence,
      ),
  };
}
