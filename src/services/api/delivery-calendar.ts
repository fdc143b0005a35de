import type { HttpClient } from './client';
import {
  type CompanyDeliveryCalendar,
  portalDeliveryCalendarWire,
  toCompanyDeliveryCalendar,
} from './wire/delivery-calendar';

type CallOptions = { signal?: AbortSignal | undefined };

/** /delivery-calendar/ (docs/api.md "Delivery calendar"): the days the supplier's trucks serve. */
export interface DeliveryCalendarApi {
  /**
   * GET /netb2b/delivery-calendar/: the calendar that applies to the caller's company with its
   * delivery addresses' routes; null when the specification's date rule holds (capability `deliveryCalendar`).
   */
  deliveryCalendar(options?: CallOptions): Promise<CompanyDeliveryCalendar | null>;
}

export function deliveryCalendarApi(http: HttpClient): DeliveryCalendarApi {
  return {
    deliveryCalendar: (options = {}) =>
      http.call(
        { method: 'get', path: 'netb2b/delivery-calendar/', signal: options.signal },
        portalDeliveryCalendarWire,
        toCompanyDeliveryCalendar,
      ),
  };
}
