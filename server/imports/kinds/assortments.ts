import type { Transaction } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema';
import type { ImportContext, ImportKindHandler, SourceRow } from '../import-kind';
import { bumpCatalogueVersion } from './catalogue-lookups';
import { decideRows, inChunks, namedKeys, productsNamed } from './decide-rows';
import { cellText, chunked, externalIdOf, refuse, requireExternalId, shown, textField } from './row-values';

export const assortmentRowSchema = z
  .object({
    id: z.string().describe("The assortment's own key; every row of one assortment repeats it."),
    name: z.string().optional().describe("The assortment's name (default: its id)."),
    product: z.string().describe("A product of the assortment, by the product's id."),
  })
  .describe('One product in one assortment. The report keys the row "<assortment id>/<product id>".');

export const assortmentColumns: Readonly<Record<string, readonly string[]>> = {
  id: [
    'id',
    'assortment',
    'assortment id',
    'sortiment',
    'sortiment id',
    'sortiment nr',
    'ürün yelpazesi',
    'çeşit',
    'assortiment',
    'assortimento',
    'surtido',
    'sortiment id',
    'التشكيلة',
  ],
  name: [
    'name',
    'assortment name',
    'sortimentsname',
    'bezeichnung',
    'ad',
    'adı',
    'nom',
    'nome',
    'nombre',
    'namn',
    'navn',
    'الاسم',
  ],
  product: [
    'product',
    'product id',
    'item',
    'item id',
    'produkt',
    'artikel',
    'artikelnummer',
    'ürün',
    'urun',
    'produit',
    'article',
    'prodotto',
    'articolo',
    'producto',
    'artículo',
    'vare',
    'vara',
    'المنتج',
  ],
};

/** The report's key of a membership row. */
export const membershipKey = (assortment: string, product: string) => `${assortment}/${product}`;

function keyOf(row: SourceRow): string | null {
  const assortment = externalIdOf(row.fields);
  if (assortment === null) return null;
  const product = cellText(row.fields.product);
  return product === '' ? assortment : membershipKey(assortment, product);
}

async function applyBatch(trx: Transaction<Database>, rows: readonly SourceRow[], _context: ImportContext) {
  const assortmentIds = rows.map((row) => externalIdOf(row.fields)).filter((id): id is string => id !== null);
  const [assortments, products] = await Promise.all([
    inChunks(assortmentIds, (chunk) =>
      trx
        .selectFrom('assortments')
        .select(['id', 'external_id', 'name', 'retired_at'])
        .where('external_id', 'in', chunk)
        .execute(),
    ),
    productsNamed(trx, rows),
  ]);
  const byExternalId = new Map(assortments.map((row) => [row.external_id, row]));
  const productIds = new Map(products.map((row) => [row.external_id as string, row.id]));
  const memberships = await inChunks(
    assortments.map((row) => row.id),
    (chunk) =>
      trx
        .selectFrom('assortment_products')
        .select(['assortment_id', 'product_id'])
        .where('assortment_id', 'in', chunk)
        .execute(),
  );
  const members = new Set(memberships.map((row) => `${row.assortment_id}:${row.product_id}`));
  let changed = false;

  const outcomes = await decideRows(
    rows,
    async (row) => {
      const id = requireExternalId(row.fields);
      const name = textField(row.fields, 'name', { maxLength: 200 }) || id;
      const product = textField(row.fields, 'product', { required: true, maxLength: 200 });
      const productId = productIds.get(product);
      if (productId === undefined)
        return refuse('product_unknown', `"product" names no product: ${shown(product)}.`);
      let outcome: 'applied' | 'unchanged' = 'unchanged';
      let assortment = byExternalId.get(id);
      if (!assortment) {
        const created = await trx
          .insertInto('assortments')
          .values({ external_id: id, name, retired_at: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        assortment = { id: created.id, external_id: id, name, retired_at: null };
        byExternalId.set(id, assortment);
        outcome = 'applied';
      } else if (assortment.name !== name || assortment.retired_at !== null) {
        await trx
          .updateTable('assortments')
          .set({ name, retired_at: null })
          .where('id', '=', assortment.id)
          .execute();
        assortment = { ...assortment, name, retired_at: null };
        byExternalId.set(id, assortment);
        outcome = 'applied';
      }
      const member = `${assortment.id}:${productId}`;
      if (!members.has(member)) {
        await trx
          .insertInto('assortment_products')
          .values({ assortment_id: assortment.id, product_id: productId })
          .execute();
        members.add(member);
        outcome = 'applied';
      }
      if (outcome === 'applied') changed = true;
      return outcome;
    },
    keyOf,
  );
  // what customers in an assortment see changed
  if (changed) await bumpCatalogueVersion(trx);
  return outcomes;
}

/**
 * Snapshot: removes the memberships this job did not name (nothing orders a membership, so removing
 * it is its retirement) and retires the assortments no row named at all.
 */
async function retireAbsent(trx: Transaction<Database>, context: ImportContext): Promise<string[]> {
  const named = await namedKeys(trx, context.jobId);
  // every assortment id a reported key can start with ("a/b/c" may be assortment "a" or "a/b")
  const namedAssortments = new Set<string>();
  for (const key of named) {
    namedAssortments.add(key);
    for (let at = key.indexOf('/'); at >= 0; at = key.indexOf('/', at + 1))
      namedAssortments.add(key.slice(0, at));
  }
  const memberships = await trx
    .selectFrom('assortment_products')
    .innerJoin('assortments', 'assortments.id', 'assortment_products.assortment_id')
    .innerJoin('products', 'products.id', 'assortment_products.product_id')
    .select([
      'assortment_products.assortment_id',
      'assortment_products.product_id',
      'assortments.external_id as assortment',
      'products.external_id as product',
    ])
    .execute();
  const retired: string[] = [];
  // removed per assortment, its products in IN lists
  const removed = new Map<number, number[]>();
  for (const membership of memberships) {
    const key = membershipKey(membership.assortment, membership.product ?? '');
    if (membership.product !== null && named.has(key)) continue;
    removed.set(membership.assortment_id, [
      ...(removed.get(membership.assortment_id) ?? []),
      membership.product_id,
    ]);
    if (membership.product !== null) retired.push(key);
  }
  for (const [assortmentId, productIds] of removed)
    for (const chunk of chunked(productIds))
      await trx
        .deleteFrom('assortment_products')
        .where('assortment_id', '=', assortmentId)
        .where('product_id', 'in', chunk)
        .execute();
  let changed = removed.size > 0;
  const active = await trx
    .selectFrom('assortments')
    .select(['id', 'external_id'])
    .where('retired_at', 'is', null)
    .execute();
  const absent = active.filter((row) => !namedAssortments.has(row.external_id));
  const now = context.now.toISOString();
  for (const chunk of chunked(absent.map((row) => row.id)))
    await trx.updateTable('assortments').set({ retired_at: now }).where('id', 'in', chunk).execute();
  if (absent.length > 0) changed = true;
  if (changed) await bumpCatalogueVersion(trx);
  return [...retired, ...absent.map((row) => row.external_id)];
}

export const assortmentsKind: ImportKindHandler = {
  kind: 'assortments',
  scope: 'assortments:write',
  rowSchema: assortmentRowSchema,
  columns: assortmentColumns,
  requiredColumns: ['id', 'product'],
  applyBatch,
  retireAbsent,
};
