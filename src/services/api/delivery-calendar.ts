import type { MinimumOrderRule } from '../../domain/minimum-order';
import type { HttpClient } from './client';
import {
  type CompanyDeliveryCalendar,
  portalDeliveryCalendarWire,
  toCompanyDeliveryCalendar,
  toCompanyMinimumOrder,
} from './wire/delivery-calendar';

type CallOptions = { signal?: AbortSignal | undefined };

/** What the supplier's delivery terms are for the caller's company: its calendar and its own minimum. */
export interface CompanyDeliveryTerms {
  /** null: the specification's date rule holds */
  calendar: CompanyDeliveryCalendar | null;
  /** the company's own minimum order value (it wins over its routes'); null: none */
  minimumOrder: MinimumOrderRule | null;
}

/** /delivery-calendar/ (docs/api.md "Delivery calendar"): the days the supplier's trucks serve. */
export interface DeliveryCalendarApi {
  /**
   * GET /netb2b/delivery-calendar/: the calendar that applies to the caller's company with its
   * delivery addresses' routes; null when the specification's date rule holds (capability `deliveryCalendar`).
   */
  deliveryCalendar(options?: CallOptions): Promise<CompanyDeliveryCalendar | null>;
  /**
   * The same call read whole: the calendar and the company's own minimum order value, which is
   * answered next to the calendar (so also when no calendar is configured).
   */
  deliveryTerms(options?: CallOptions): Promise<CompanyDeliveryTerms>;
}

export function deliveryCalendarApi(http: HttpClient): DeliveryCalendarApi {
  return {
    deliveryCalendar: (options = {}) =>
      http.call(
        { method: 'get', path: 'netb2b/delivery-calendar/', signal: options.signal },
        portalDeliveryCalendarWire,
        toCompanyDeliveryCalendar,
      ),
    deliveryTerms: (options = {}) =>
      http.call(
        { method: 'get', path: 'netb2b/delivery-calendar/', signal: options.signal },
        portalDeliveryCalendarWire,
        (answer) => ({
          calendar: toCompanyDeliveryCalendar(answer),
          minimumOrder: toCompanyMinimumOrder(answer),
        }),
      ),
  };
}
