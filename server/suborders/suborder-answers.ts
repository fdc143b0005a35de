import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogueLanguage } from '../i18n/request-language';
import { inChunks } from '../orders/catalogue-snapshot';
import { suborderReference } from '../orders/suborder-reference';
import { quantityText } from '../queries/decimals';
import { translateRows } from '../queries/translations';

interface ReportedSuborder {
  id: number;
  external_id: string | null;
  eta: string | null;
  delivery_note_number: string | null;
}

interface ReportedItem {
  delivered_quantity: string | null;
  substitute_product_id: number | null;
  substitute_quantity: string | null;
  substitute_unit_id: number | null;
  /** the product the buyer asked for when they took this line as its substitute (migration 280) */
  substitute_for?: number | null;
}

/**
 * What the ERP reported of these suborders and their lines, read for a page of orders at once: the
 * timelines in one query per chunk of suborders, the substitutes' products and units in one each.
 * Answers the fields the order detail adds to a suborder and to an item (docs/api.md).
 */
export async function suborderReports(
  db: Kysely<Database>,
  suborderIds: readonly number[],
  items: readonly ReportedItem[],
  language: CatalogueLanguage,
) {
  const events = await inChunks([...suborderIds], (chunk) =>
    db
      .selectFrom('suborder_events')
      .select(['suborder_id', 'state', 'occurred_at'])
      .where('suborder_id', 'in', chunk)
      .orderBy('id')
      .execute(),
  );
  const timelines = new Map<number, { state: string; at: string }[]>();
  for (const event of events)
    timelines.set(event.suborder_id, [
      ...(timelines.get(event.suborder_id) ?? []),
      { state: event.state, at: event.occurred_at },
    ]);

  const substituted = items.filter((item) => item.substitute_product_id !== null);
  const productIds = [
    ...new Set([
      ...substituted.map((item) => item.substitute_product_id ?? 0),
      ...items.flatMap((item) => (item.substitute_for == null ? [] : [item.substitute_for])),
    ]),
  ];
  const unitIds = [...new Set(substituted.map((item) => item.substitute_unit_id ?? 0))];
  const products = new Map(
    (productIds.length === 0
      ? []
      : await db.selectFrom('products').select(['id', 'name']).where('id', 'in', productIds).execute()
    ).map((product) => [product.id, product.name] as const),
  );
  const units = new Map(
    (unitIds.length === 0
      ? []
      : await translateRows(
          db,
          'unit',
          await db.selectFrom('units').select(['id', 'name']).where('id', 'in', unitIds).execute(),
          ['name'],
          language,
        )
    ).map((unit) => [unit.id, unit.name] as const),
  );

  return {
    suborder: (suborder: ReportedSuborder) => ({
      reference: suborderReference(suborder),
      eta: suborder.eta,
      delivery_note_number: suborder.delivery_note_number,
      timeline: timelines.get(suborder.id) ?? [],
    }),
    item: (item: ReportedItem) => ({
      ...(item.substitute_for == null
        ? {}
        : { substitute_for: { id: item.substitute_for, name: products.get(item.substitute_for) ?? '' } }),
      delivered_quantity: item.delivered_quantity === null ? null : quantityText(item.delivered_quantity),
      substitute:
        item.substitute_product_id === null ||
        item.substitute_quantity === null ||
        item.substitute_unit_id === null
          ? null
          : {
              product: {
                id: item.substitute_product_id,
                name: products.get(item.substitute_product_id) ?? '',
              },
              quantity: quantityText(item.substitute_quantity),
              unit: { id: item.substitute_unit_id, name: units.get(item.substitute_unit_id) ?? '' },
            },
    }),
  };
}
