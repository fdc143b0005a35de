import type { Insertable } from 'kysely';
import type { ProductSubstitutesTable, ProductsTable } from '../db/schema';

/** What makes two seeded products the same item: the description's "item, size" before ", from". */
const itemOf = (product: Insertable<ProductsTable>) =>
  `${product.category_id}:${(product.description ?? '').split(', from ')[0]}`;

/**
 * The demo supplier's substitutes, as a products import's `substitutes` column would bring them: each
 * out-of-stock product gets up to two in-stock products of the same item and size from other lines or
 * brands, nearest first, so the demo offers substitutes wherever a line runs out.
 */
export function buildSubstitutes(
  products: readonly Insertable<ProductsTable>[],
): Insertable<ProductSubstitutesTable>[] {
  const byItem = new Map<string, Insertable<ProductsTable>[]>();
  for (const product of products)
    byItem.set(itemOf(product), [...(byItem.get(itemOf(product)) ?? []), product]);
  return products.flatMap((product) => {
    if (Number(product.quantity_in_stock) > 0 || product.id === undefined) return [];
    const primaryId = product.id;
    const alternatives = (byItem.get(itemOf(product)) ?? [])
      .filter((other) => other.id !== primaryId && Number(other.quantity_in_stock) > 0)
      .sort((a, b) => Math.abs(Number(a.id) - primaryId) - Math.abs(Number(b.id) - primaryId))
      .slice(0, 2);
    return alternatives.map((other, index) => ({
      product_id: primaryId,
      substitute_id: Number(other.id),
      rank: index + 1,
      reason: index === 0 ? 'Same item and size, another line' : 'Same item and size',
    }));
  });
}
