import type { Kysely } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../server/db/schema';
import { addDays, toIsoDate } from '../../../src/domain/dates';
import { orderCreatedWire } from '../../../src/services/api/wire/orders';
import type { Caller } from './signed-in-calls';
import type { TestServer } from './test-server';

/** The seed's unit id of a piece. */
export const PIECE = 1;

/** The first seeded product sold by the piece with more than `minStock` in stock: small orders never run out. */
export async function pieceProductInStock(db: Kysely<Database>, minStock = 100): Promise<number> {
  const product = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', PIECE)
    .where('p.quantity_in_stock', '>', minStock)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  return product.id;
}

/** Places an order of `quantity` pieces of one product for delivery in nine days; answers its id. */
export async function placePieceOrder(
  server: TestServer,
  call: Caller,
  productId: number,
  { quantity = '1', note = '' }: { quantity?: string; note?: string } = {},
): Promise<number> {
  const placed = await call('POST', '/api/netb2b/orders/', {
    items: [{ product: productId, quantity, unit: PIECE }],
    expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
    is_preorder: false,
    customer_note: note,
  });
  expect(placed.status).toBe(201);
  return orderCreatedWire.parse(placed.body).id;
}
