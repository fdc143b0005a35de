import type { Selectable } from 'kysely';
import * as z from 'zod/mini';
import type { OrderEventsTable } from '../db/schema';
import { type OrderEventPayload, orderEventPayloadWire } from './order-event-payload';

// The pull's query and answer: the route validates with these and the OpenAPI document is made of them.

/** The largest `seq` the column holds (a PostgreSQL integer): a cursor beyond it has nothing after it. */
export const LAST_POSSIBLE_SEQ = 2_147_483_647;

export const eventPullQuery = z.object({
  after: z._default(
    z
      .string()
      .check(
        z.regex(/^(0|[1-9][0-9]{0,17})$/, 'A cursor is the `cursor` or `next_cursor` of an earlier answer.'),
        z.describe('the events after this cursor (`next_cursor` of the last answer); 0: from the first'),
      ),
    '0',
  ),
  limit: z._default(
    z.coerce.number().check(z.int(), z.minimum(1), z.maximum(500), z.describe('at most this many events')),
    100,
  ),
});

export const pulledEventWire = z.object({
  cursor: z.string().check(z.describe("the event's place in the order of all events (digits)")),
  id: z.string().check(z.describe('"evt_…": the same id as the webhook\'s `webhook-id`')),
  type: orderEventPayloadWire.shape.type,
  created_at: z.string(),
  order_id: z.int(),
  payload: orderEventPayloadWire,
});

export const eventPageWire = z.object({
  events: z.array(pulledEventWire).check(z.describe('in the order they were committed')),
  next_cursor: z
    .string()
    .check(z.describe('pass as `after` for the next events: the last cursor here, else the one given')),
  has_more: z.boolean().check(z.describe('more events follow right away')),
});

type PulledEventWire = z.infer<typeof pulledEventWire>;

export const toPulledEventWire = (row: Selectable<OrderEventsTable>): PulledEventWire => ({
  cursor: String(row.seq),
  id: row.id,
  type: row.type,
  created_at: row.created_at,
  order_id: row.order_id,
  payload: JSON.parse(row.payload) as OrderEventPayload,
});
