import { type Kysely, sql } from 'kysely';
import type { ProductWire } from '../../src/services/api/wire/catalog';
import type { CartItemWire } from '../../src/services/api/wire/orders';
import type { Database } from '../db/schema';
import { chunked } from '../orders/catalogue-snapshot';
import type { PriceViewer } from './contract-prices';
import { quantityText } from './decimals';
import { PRODUCT_NOT_AVAILABLE, visibleToViewer } from './product-visibility';
import { selectProducts, toProductWires } from './products';

export const cartItemColumns = ['id', 'product_id', 'campaign_id', 'quantity', 'unit_id'] as const;

/** One of the user's cart lines, or undefined (also for anyone else's line). */
export function ownCartItem(db: Kysely<Database>, userId: number, itemId: number) {
  return db
    .selectFrom('cart_items')
    .select(cartItemColumns)
    .where('user_id', '=', userId)
    .where('id', '=', itemId)
    .executeTakeFirst();
}

/** Removes one of the user's cart lines; answers whether there was one (anyone else's is not). */
export async function deleteOwnCartItem(db: Kysely<Database>, userId: number, itemId: number) {
  const deleted = await db
    .deleteFrom('cart_items')
    .where('user_id', '=', userId)
    .where('id', '=', itemId)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/**
 * Why a line's price moved since it was last written: the campaign stored with the line (the one it
 * was last priced at) is not the one pricing the product today. A different campaign taking over
 * counts as a campaign that started.
 */
export function priceChangeOf(
  storedCampaignId: number | null,
  todaysCampaignId: number | null,
): 'campaign_started' | 'campaign_ended' | undefined {
  if (storedCampaignId === todaysCampaignId) return undefined;
  return todaysCampaignId === null ? 'campaign_ended' : 'campaign_started';
}

/**
 * The user's cart, oldest line first, each with the full product at today's price: the campaign
 * product while a campaign runs for it (the best one), the plain product otherwise, whatever the
 * line was added at. A line whose stored campaign differs from today's says so in `price_change`.
 * The lines come with their products in one query (a product that no longer exists drops its
 * line), and nothing else is read: the cart is fetched on every cart screen, so it stays at three
 * queries (lines with products, campaign prices, unit amounts) up to 500 lines.
 */
export async function cartItemsOf(
  db: Kysely<Database>,
  userId: number,
  now: Date,
  viewer: PriceViewer,
): Promise<CartItemWire[]> {
  const rows = await selectProducts(db)
    .innerJoin('cart_items as ci', 'ci.product_id', 'p.id')
    .select([
      'ci.id as item_id',
      'ci.campaign_id as item_campaign_id',
      'ci.quantity as item_quantity',
      'ci.unit_id as item_unit_id',
      // In the same statement: a line the customer may no longer order stays, marked, so it can be
      // seen and removed (the preview and the order refuse it).
      sql<number>`case when ${visibleToViewer(viewer)} then 1 else 0 end`.as('item_visible'),
    ])
    .where('ci.user_id', '=', userId)
    .orderBy('ci.created_at')
    .orderBy('ci.id')
    .execute();
  // In chunks as everywhere else, so that no statement's id list exceeds the parameter limits.
  const wires: ProductWire[] = [];
  for (const chunk of chunked(rows)) wires.push(...(await toProductWires(db, chunk, now, viewer)));
  return rows.flatMap((row, index) => {
    const wire = wires[index];
    if (!wire) return [];
    const priceChange = priceChangeOf(row.item_campaign_id, wire.campaign_id ?? null);
    return [
      {
        id: row.item_id,
        product: wire,
        quantity: quantityText(row.item_quantity),
        unit: row.item_unit_id,
        ...(priceChange === undefined ? {} : { price_change: priceChange }),
        ...(Number(row.item_visible) === 1 ? {} : { unavailable: PRODUCT_NOT_AVAILABLE }),
      },
    ];
  });
}
