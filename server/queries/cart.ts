import type { Kysely } from 'kysely';
import type { CartItemWire } from '../../src/services/api/wire/orders';
import type { Database } from '../db/schema';
import { loadCatalogueSnapshot } from '../orders/catalogue-snapshot';
import { quantityText } from './decimals';

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
 */
export async function cartItemsOf(db: Kysely<Database>, userId: number, now: Date): Promise<CartItemWire[]> {
  const rows = await db
    .selectFrom('cart_items')
    .select(cartItemColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const catalogue = await loadCatalogueSnapshot(
    db,
    rows.map((row) => row.product_id),
    now,
  );
  return rows.flatMap((row) => {
    const entry = catalogue.products.get(row.product_id);
    if (!entry) return [];
    const priceChange = priceChangeOf(row.campaign_id, entry.campaign?.campaignId ?? null);
    return [
      {
        id: row.id,
        product: entry.wire,
        quantity: quantityText(row.quantity),
        unit: row.unit_id,
        ...(priceChange === undefined ? {} : { price_change: priceChange }),
      },
    ];
  });
}
