import type { CompanyDeliveryCalendar } from '../../../src/services/api/wire/delivery-calendar';

/**
 * One route, Altona, driven on Tuesdays and Thursdays, orders in by 18:00 (Berlin) the day before;
 * the company's one delivery address is on it. From Friday 20 November 2026 noon the earliest
 * served day is Tuesday 24 November (cut-off Monday 23 November 18:00 CET = 17:00 UTC).
 */
export const altonaCalendar: CompanyDeliveryCalendar = {
  timeZone: 'Europe/Berlin',
  routes: [
    { id: 1, name: 'Altona', weekdays: [2, 4], cutoff: { daysBefore: 1, time: '18:00' }, leadDays: 0 },
  ],
  warehouses: [],
  closures: [{ date: '2026-12-24', kind: 'closure', name: 'Stocktaking' }],
  addresses: [{ id: 2, routeId: 1, region: 'DE-HH' }],
};

/**
 * Two routes: Altona (Tuesdays and Thursdays, address 2) and Ottensen (Wednesdays and Fridays,
 * address 3), both closing 18:00 (Berlin) the day before. From Friday 20 November 2026 noon the
 * earliest served day is Tuesday 24 November at address 2 and Wednesday 25 November at address 3.
 */
export const twoRouteCalendar: CompanyDeliveryCalendar = {
  ...altonaCalendar,
  routes: [
    ...altonaCalendar.routes,
    { id: 4, name: 'Ottensen', weekdays: [3, 5], cutoff: { daysBefore: 1, time: '18:00' }, leadDays: 0 },
  ],
  addresses: [
    { id: 2, routeId: 1, region: 'DE-HH' },
    { id: 3, routeId: 4, region: 'DE-HH' },
  ],
};
