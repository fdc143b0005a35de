import * as z from 'zod/mini';

/**
 * The staff console's suborder calls (/api/staff/suborders): an order's suborders and what the ERP
 * reported of each. Only the staff area's chunk reads these.
 */

export const staffSuborderWire = z.object({
  reference: z.string(),
  id: z.number(),
  order_id: z.number(),
  state: z.string(),
  company_name: z.nullable(z.string()),
  warehouse_name: z.nullable(z.string()),
  eta: z.nullable(z.string()),
  delivery_note_number: z.nullable(z.string()),
});
export type StaffSuborderWire = z.infer<typeof staffSuborderWire>;
export const staffSuborderListWire = z.object({ suborders: z.array(staffSuborderWire) });

export const suborderEventWire = z.object({
  id: z.number(),
  type: z.string(),
  state: z.string(),
  occurred_at: z.string(),
  recorded_at: z.string(),
  // the report's own fields as stored (previous_state, eta, delivery_note_number, lines, reason,
  // document…): read field by field, so a field this console does not know is shown as it came
  details: z.optional(z.unknown()),
});
export type SuborderEventWire = z.infer<typeof suborderEventWire>;
export const suborderHistoryWire = z.object({
  suborder: staffSuborderWire,
  events: z.array(suborderEventWire),
});

/** A delivered line as a report names it: the quantity that came and what was sent instead. */
export const reportedLineWire = z.object({
  line_id: z.number(),
  delivered_quantity: z.optional(z.nullable(z.union([z.string(), z.number()]))),
  substitute: z.optional(
    z.nullable(
      z.object({
        product: z.union([z.string(), z.number(), z.object({ name: z.string() })]),
        quantity: z.union([z.string(), z.number()]),
        unit: z.optional(z.nullable(z.union([z.string(), z.number(), z.object({ name: z.string() })]))),
      }),
    ),
  ),
});
