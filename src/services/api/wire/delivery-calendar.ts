import * as z from 'zod/mini';
import type { DeliveryCalendar, DeliveryRoute, IsoWeekday } from '../../../domain/delivery-calendar';
import type { MinimumOrderRule } from '../../../domain/minimum-order';
import { decimalAnswer, id, idRef, isoDate, singleLine } from './primitives';

// The supplier's delivery calendar on the wire (docs/api.md, "Delivery calendar"). The supplier's
// API takes and answers `deliveryCalendarWire`; the portal reads `portalDeliveryCalendarWire`, the
// part that applies to the caller's company, and turns it into the domain's DeliveryCalendar.

/** An IANA zone this runtime knows: the same zones the portal's Intl will read cut-offs in. */
function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const timeZone = z
  .string()
  .check(
    z.minLength(1),
    z.refine(isKnownTimeZone, 'Not a time zone this server knows (e.g. Europe/Berlin).'),
  );

const weekday = z
  .int('Expected an ISO weekday from 1 (Monday) to 7 (Sunday).')
  .check(
    z.gte(1, 'Expected an ISO weekday from 1 (Monday) to 7 (Sunday).'),
    z.lte(7, 'Expected an ISO weekday from 1 (Monday) to 7 (Sunday).'),
  );

const dayCount = (max: number, what: string) =>
  z
    .int(`Expected a whole number of days from 0 to ${max}.`)
    .check(
      z.gte(0, `Expected a whole number of days from 0 to ${max}.`),
      z.lte(max, `${what} is at most ${max}.`),
    );

/** A region code of ISO 3166 ('DE', 'DE-HH'): a closure holds for addresses in it only. */
const region = z
  .string()
  .check(z.regex(/^[A-Z]{2}(-[A-Z0-9]{1,3})?$/, 'Expected a region code such as DE-HH.'));

/** A positive amount of money as text with at most two decimals ("150", "150.00"). */
const positiveMoney = z.string('Expected an amount of money as text, e.g. "150.00".').check(
  z.regex(
    /^\d{1,10}(\.\d{1,2})?$/,
    'Expected an amount of money as text with at most 2 decimals, e.g. "150.00".',
  ),
  z.refine((text) => /[1-9]/.test(text), 'The amount must be above 0.'),
);

/**
 * A drop's minimum order value as the supplier sets it: below `value` an order is refused ('block')
 * or carries `fee` ('fee'; then required, and only then allowed).
 */
export const minimumOrderRuleWire = z
  .object({
    value: positiveMoney,
    mode: z.enum(['block', 'fee']),
    fee: z.optional(z.nullable(positiveMoney)),
  })
  .check(
    z.superRefine((rule, ctx) => {
      if (rule.mode === 'fee' && (rule.fee === undefined || rule.fee === null))
        ctx.addIssue({ code: 'custom', message: 'The mode "fee" needs a fee.', path: ['fee'], input: rule });
      if (rule.mode === 'block' && rule.fee !== undefined && rule.fee !== null)
        ctx.addIssue({
          code: 'custom',
          message: 'A fee is only allowed with the mode "fee".',
          path: ['fee'],
          input: rule,
        });
    }),
  );
export type MinimumOrderRuleWire = z.infer<typeof minimumOrderRuleWire>;

/** PUT (and GET) supplier/companies/{id}/minimum-order/: the company's own rule; null removes it. */
export const companyMinimumOrderWire = z.object({ minimum_order: z.nullable(minimumOrderRuleWire) });

/** A minimum order rule in an answer: fee null unless the mode is 'fee'. */
const minimumOrderAnswer = z.object({
  value: decimalAnswer,
  mode: z.enum(['block', 'fee']),
  fee: z.nullable(decimalAnswer),
});

/** A rule of the wire in the domain's terms. */
export const toMinimumOrderRule = (
  rule: { value: string; mode: 'block' | 'fee'; fee?: string | null | undefined } | null | undefined,
): MinimumOrderRule | null =>
  rule ? { value: rule.value, mode: rule.mode, fee: rule.mode === 'fee' ? (rule.fee ?? null) : null } : null;

const routeWire = z.object({
  /** the supplier's own route number */
  id: idRef,
  name: z.string().check(z.trim(), z.minLength(1, 'A route needs a name.'), z.maxLength(100), singleLine()),
  weekdays: z.array(weekday).check(
    z.minLength(1, 'A route needs at least one weekday.'),
    z.refine((days) => new Set(days).size === days.length, 'A weekday is listed twice.'),
  ),
  cutoff: z.object({
    days_before: dayCount(7, 'days_before'),
    time: z
      .string()
      .check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Expected a time of day as HH:MM (00:00 to 23:59).')),
  }),
  lead_days: dayCount(60, 'lead_days'),
  /** absent or null: no minimum on this route */
  minimum_order: z.optional(z.nullable(minimumOrderRuleWire)),
});

const closureWire = z.object({
  date: isoDate,
  kind: z.enum(['publicHoliday', 'closure']),
  name: z.string().check(z.trim(), z.minLength(1, 'A closure needs a name.'), z.maxLength(200), singleLine()),
  /** absent or null: everywhere */
  region: z.optional(z.nullable(region)),
});

/** Reports a list's entries whose key an earlier entry had, at `<index>.<field>`. */
const noRepeats = <T>(keyOf: (entry: T) => string, field: string, message: (entry: T) => string) =>
  z.superRefine<T[]>((entries, ctx) => {
    const seen = new Set<string>();
    entries.forEach((entry, index) => {
      const key = keyOf(entry);
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', message: message(entry), path: [index, field], input: entry });
      seen.add(key);
    });
  });

/** The whole calendar as the supplier's API takes it (PUT) and answers it (GET). */
export const deliveryCalendarWire = z.object({
  /** Europe/Berlin when left out (the supplier this portal was built for) */
  time_zone: z._default(timeZone, 'Europe/Berlin'),
  routes: z.array(routeWire).check(
    z.maxLength(200, 'At most 200 routes.'),
    noRepeats(
      (route) => String(route.id),
      'id',
      (route) => `The route ${route.id} is listed twice.`,
    ),
  ),
  /** every warehouse's own lead days; a warehouse left out has none */
  warehouses: z
    .array(z.object({ id: idRef, name: z.optional(z.string()), lead_days: dayCount(60, 'lead_days') }))
    .check(
      z.maxLength(1000, 'At most 1,000 warehouses.'),
      noRepeats(
        (w) => String(w.id),
        'id',
        (w) => `The warehouse ${w.id} is listed twice.`,
      ),
    ),
  closures: z.array(closureWire).check(
    z.maxLength(2000, 'At most 2,000 closures.'),
    noRepeats(
      (closure) => `${closure.date} ${closure.region ?? ''}`,
      'date',
      (closure) => `${closure.date} is closed twice${closure.region ? ` in ${closure.region}` : ''}.`,
    ),
  ),
});
export type DeliveryCalendarWire = z.infer<typeof deliveryCalendarWire>;

/** PUT supplier/delivery-calendar/addresses/{id}/route/: null takes the address off its route. */
export const addressRouteWire = z.object({ route_id: z.nullable(idRef) });

/** The calendar that applies to the caller's company; null: the specification's date rule holds. */
export const portalDeliveryCalendarWire = z.object({
  calendar: z.nullable(
    z.object({
      time_zone: z.string(),
      routes: z.array(
        z.object({
          id,
          name: z.string(),
          weekdays: z.array(weekday),
          cutoff: z.object({ days_before: z.int(), time: z.string() }),
          lead_days: z.int(),
          /** absent (an older server) or null: no minimum on this route */
          minimum_order: z.optional(z.nullable(minimumOrderAnswer)),
        }),
      ),
      warehouses: z.array(z.object({ id, lead_days: z.int() })),
      closures: z.array(
        z.object({
          date: isoDate,
          kind: z.enum(['publicHoliday', 'closure']),
          name: z.string(),
          region: z.optional(z.nullable(z.string())),
        }),
      ),
      /** the company's delivery addresses: the route serving each (null: none) and its region */
      addresses: z.array(z.object({ id, route_id: z.nullable(id), region: z.nullable(z.string()) })),
    }),
  ),
  /** the company's own minimum order value, which wins over its routes'; absent or null: none */
  minimum_order: z.optional(z.nullable(minimumOrderAnswer)),
});
export type PortalDeliveryCalendarWire = z.infer<typeof portalDeliveryCalendarWire>;

/** A delivery address of the caller's company: the route serving it (null: none) and its region. */
export interface DeliveryAddressRoute {
  id: number;
  routeId: number | null;
  region: string | null;
}

/** A route of the company's calendar with its minimum order value (absent or null: none). */
export interface CompanyDeliveryRoute extends DeliveryRoute {
  minimumOrder?: MinimumOrderRule | null;
}

/** The domain's calendar with the company's delivery addresses, so the portal can pick the route. */
export interface CompanyDeliveryCalendar extends DeliveryCalendar {
  routes: CompanyDeliveryRoute[];
  addresses: DeliveryAddressRoute[];
}

/** The portal's answer in the domain's terms: null keeps the specification's date rule. */
export const toCompanyDeliveryCalendar = (
  answer: PortalDeliveryCalendarWire,
): CompanyDeliveryCalendar | null => {
  const { calendar } = answer;
  if (calendar === null) return null;
  return {
    timeZone: calendar.time_zone,
    routes: calendar.routes.map((route) => ({
      id: route.id,
      name: route.name,
      weekdays: route.weekdays as IsoWeekday[],
      cutoff: { daysBefore: route.cutoff.days_before, time: route.cutoff.time },
      leadDays: route.lead_days,
      ...(route.minimum_order === undefined ? {} : { minimumOrder: toMinimumOrderRule(route.minimum_order) }),
    })),
    warehouses: calendar.warehouses.map((w) => ({ id: w.id, leadDays: w.lead_days })),
    // the domain reads a closure without a region as one for every address
    closures: calendar.closures.map(({ region: closureRegion, ...closure }) =>
      closureRegion ? { ...closure, region: closureRegion } : closure,
    ),
    addresses: calendar.addresses.map((a) => ({ id: a.id, routeId: a.route_id, region: a.region })),
  };
};

/**
 * The company's own minimum order value from the portal's answer (null: none, or an older server):
 * it wins over the route's (applicableMinimumOrder), and holds even when no calendar is configured.
 */
export const toCompanyMinimumOrder = (answer: PortalDeliveryCalendarWire): MinimumOrderRule | null =>
  toMinimumOrderRule(answer.minimum_order);
