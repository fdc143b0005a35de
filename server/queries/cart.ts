import type { Kysely } from 'kysely';
import type { CartItemWire } from '../../src/services/api/wire/orders';
import type { Database } from '../db/schema';
import { campaignPriceKey, loadCatalogueSnapshot } from '../orders/catalogue-snapshot';
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
 * The user's cart, oldest line first, each with the full product; a line added in a campaign
 * shows the campaign product while the campaign runs and the plain product after it ends.
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
    const newPrice =
      row.campaign_id === null
        ? undefined
        : catalogue.campaignPrices.get(campaignPriceKey(row.campaign_id, row.product_id));
    return [
      {
        id: row.id,
        product:
          row.campaign_id !== null && newPrice !== undefined
            ? { ...entry.wire, campaign_id: row.campaign_id, new_price: newPrice }
            : entry.wire,
        quantity: quantityText(row.quantity),
        unit: row.unit_id,
      },
    ];
  });
}
