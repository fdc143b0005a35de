import type { Transaction } from 'kysely';
import { z } from 'zod';
import { ALLERGEN_CODES, isAllergenCode } from '../../../src/domain/allergens';
import type { Database } from '../../db/schema';
import { compactCode, nameKey, searchTokens } from '../../search/fold-text';
import type { ImportContext, ImportKindHandler, SourceRow } from '../import-kind';
import {
  brandIdFor,
  bumpCatalogueVersion,
  type CatalogueLookups,
  idByIdOrName,
  nameMatchKey,
  readCatalogueLookups,
} from './catalogue-lookups';
import { decideRows, inChunks, namedKeys } from './decide-rows';
import { FILE_UNIT_COUNT, productColumns, productRequiredColumns } from './product-columns';
import { ProductGtins } from './product-gtins';
import {
  decimalField,
  decimalValue,
  externalIdOf,
  flagField,
  gtinValue,
  has,
  integerField,
  listField,
  refuse,
  requireExternalId,
  sameDecimal,
  shown,
  textField,
  urlField,
} from './row-values';

const decimalText = (describe: string) =>
  z
    .union([z.string(), z.number()])
    .describe(`${describe} Decimal text such as "12.50" (a JSON number only when written exactly).`);

const unitSchema = z.object({
  unit: z
    .string()
    .describe('The unit\'s name as the portal knows it: "piece", "box", "pallet", "bottle", "crate".'),
  amount: decimalText('How many of the previous unit this unit holds; "1" for the first (primary) unit.'),
  gtin: z.string().optional().describe('The GTIN printed on this unit (8, 12, 13 or 14 digits).'),
});

export const productRowSchema = z
  .object({
    id: z.string().describe("The supplier's own key of the product."),
    name: z.string().describe('The product name customers see and search.'),
    description: z.string().optional().describe('A longer description.'),
    stock_code: z.string().optional().describe('The stock code (unique); the id when left out.'),
    barcode: z.string().optional().describe('The product barcode (a GTIN), searchable.'),
    brand: z.string().describe('The brand name; a new brand is created.'),
    category: z.union([z.string(), z.number()]).describe('A category id or its name.'),
    warehouse: z.union([z.string(), z.number()]).describe('The warehouse id or name.'),
    price: decimalText(
      'The net list price per primary unit, up to 2 decimal places (a negotiated price per piece with more places is a contract price).',
    ),
    old_price: decimalText('A previous price shown struck through; empty for none.').optional(),
    tax_rate_percent: decimalText('The VAT rate in percent, 0 to 100, up to 2 places.'),
    tax_included: z
      .union([z.boolean(), z.string()])
      .optional()
      .describe('Whether the price includes VAT (default false).'),
    deposit_price: decimalText('A deposit per primary unit, up to 2 places (default 0).').optional(),
    quantity_in_stock: z
      .union([z.number(), z.string()])
      .optional()
      .describe('Primary units in stock (default 0).'),
    is_featured: z.union([z.boolean(), z.string()]).optional().describe('Shown among the featured products.'),
    units: z
      .array(unitSchema)
      .optional()
      .describe(
        'The units sold, smallest first; the first has amount 1. Left out: an existing product keeps its units, a new one is sold by the piece. In a file: columns unit_1, unit_1_amount, unit_1_gtin … unit_3.',
      ),
    ingredients: z.string().optional().describe('The ingredients list as printed.'),
    allergens: z
      .union([z.array(z.enum(ALLERGEN_CODES)), z.string()])
      .optional()
      .describe(
        `Declared allergens (EU 1169/2011): ${ALLERGEN_CODES.join(', ')}; in a file "milk|eggs" or "milk, eggs".`,
      ),
    image_url: z.string().optional().describe('An http or https image URL, or empty.'),
    substitutes: z
      .union([z.array(z.object({ product: z.string(), reason: z.string().optional() })), z.string()])
      .optional()
      .describe(
        'The alternatives customers are offered when this product is out of stock or short, best first, by product id with a reason; in a file "SKU-2=Same cut, other farm|SKU-3=Smaller pack". Left out: the product keeps its alternatives; empty: it has none. An id the portal does not know (yet) is left out until a later import names it.',
      ),
  })
  .describe('One product of the catalogue, keyed by id.');

interface UnitValue {
  unitId: number;
  amount: string;
  gtin: string | null;
}

interface ProductValues {
  name: string;
  description: string;
  stock_code: string;
  barcode: string;
  brand: string;
  category_id: number;
  warehouse_id: number;
  price: string;
  old_price: string | null;
  tax_rate_percent: string;
  tax_included: number;
  deposit_price: string;
  quantity_in_stock: number;
  is_featured: number;
  ingredients: string;
  allergens: string;
  image_url: string;
  /** null: keep the units an existing product has (a new one gets a piece) */
  units: UnitValue[] | null;
}

function rowUnits(
  fields: Record<string, unknown>,
): { unit: unknown; amount: unknown; gtin: unknown; at: string }[] | null {
  if (has(fields, 'units')) {
    const units = fields.units;
    if (units === '' || units === null) return null;
    if (!Array.isArray(units) || units.length === 0)
      return refuse(
        'units_invalid',
        `"units" must be a list of { unit, amount, gtin }, not ${shown(units)}.`,
      );
    return units.map((unit, index) => {
      if (typeof unit !== 'object' || unit === null)
        return refuse(
          'units_invalid',
          `"units[${index}]" must be { unit, amount, gtin }, not ${shown(unit)}.`,
        );
      const { unit: name, amount, gtin } = unit as Record<string, unknown>;
      return { unit: name, amount, gtin, at: `units[${index}]` };
    });
  }
  const units: { unit: unknown; amount: unknown; gtin: unknown; at: string }[] = [];
  for (let n = 1; n <= FILE_UNIT_COUNT; n += 1) {
    const name = fields[`unit_${n}`];
    if (typeof name !== 'string' || name.trim() === '') break;
    units.push({
      unit: name,
      amount: fields[`unit_${n}_amount`],
      gtin: fields[`unit_${n}_gtin`],
      at: `unit_${n}`,
    });
  }
  return units.length > 0 ? units : null;
}

function readUnits(fields: Record<string, unknown>, lookups: CatalogueLookups): UnitValue[] | null {
  const given = rowUnits(fields);
  if (!given) return null;
  const units: UnitValue[] = [];
  let baseId: number | null = null;
  for (const [index, unit] of given.entries()) {
    const name = typeof unit.unit === 'string' ? unit.unit.trim() : '';
    const found = lookups.units.find(
      (candidate) => candidate.baseId === baseId && candidate.names.has(nameMatchKey(name)),
    );
    if (!found)
      return refuse(
        'unit_unknown',
        index === 0
          ? `"${unit.at}" names no base unit: ${shown(unit.unit)}.`
          : `"${unit.at}" names no unit made of the previous one: ${shown(unit.unit)}.`,
      );
    const amountText =
      index === 0 && (unit.amount === undefined || unit.amount === '' || unit.amount === null)
        ? '1'
        : unit.amount;
    const amount = decimalValue(amountText ?? '', `${unit.at}_amount`, { places: 3, positive: true });
    if (index === 0 && !sameDecimal(amount, '1'))
      refuse('unit_amount_invalid', `The first unit's amount must be 1, not ${shown(unit.amount)}.`);
    const gtin = gtinValue(unit.gtin, `${unit.at}_gtin`);
    units.push({ unitId: found.id, amount, gtin: gtin === '' ? null : gtin });
    baseId = found.id;
  }
  return units;
}

function readProduct(fields: Record<string, unknown>, lookups: CatalogueLookups, id: string): ProductValues {
  const name = textField(fields, 'name', { required: true, maxLength: 300 });
  const stockCode = textField(fields, 'stock_code', { maxLength: 100 }) || id;
  if (compactCode(stockCode) === '')
    refuse('stock_code_invalid', `"stock_code" must hold a letter or a digit: ${shown(stockCode)}.`);
  const barcode = gtinValue(fields.barcode, 'barcode', 'barcode_invalid');
  const brand = textField(fields, 'brand', { required: true, maxLength: 200 });
  const categoryText = textField(fields, 'category', { required: true });
  const categoryId = idByIdOrName(categoryText, lookups.categoryIds, lookups.categories);
  if (categoryId === undefined)
    refuse('category_unknown', `"category" names no category: ${shown(categoryText)}.`);
  const warehouseText = textField(fields, 'warehouse', { required: true });
  const warehouseId = idByIdOrName(warehouseText, lookups.warehouseIds, lookups.warehouses);
  if (warehouseId === undefined)
    refuse('warehouse_unknown', `"warehouse" names no warehouse: ${shown(warehouseText)}.`);
  const allergens = listField(fields, 'allergens').map((code) => code.toLowerCase());
  const unknownAllergen = allergens.find((code) => !isAllergenCode(code));
  if (unknownAllergen !== undefined)
    refuse(
      'allergens_invalid',
      `"allergens" holds ${shown(unknownAllergen)}, not one of ${ALLERGEN_CODES.join(', ')}.`,
    );
  return {
    name,
    description: textField(fields, 'description', { maxLength: 10_000 }),
    stock_code: stockCode,
    barcode,
    brand,
    category_id: categoryId as number,
    warehouse_id: warehouseId as number,
    price: decimalField(fields, 'price', { places: 2, nonNegative: true, required: true }) as string,
    old_price: decimalField(fields, 'old_price', { places: 2, nonNegative: true, fallback: null }),
    tax_rate_percent: decimalField(fields, 'tax_rate_percent', {
      places: 2,
      nonNegative: true,
      max: '100',
      required: true,
    }) as string,
    tax_included: flagField(fields, 'tax_included', 0),
    deposit_price: decimalField(fields, 'deposit_price', {
      places: 2,
      nonNegative: true,
      fallback: '0.00',
    }) as string,
    quantity_in_stock: integerField(fields, 'quantity_in_stock'),
    is_featured: flagField(fields, 'is_featured', 0),
    ingredients: textField(fields, 'ingredients', { maxLength: 10_000 }),
    allergens: ALLERGEN_CODES.filter((code) => allergens.includes(code)).join(','),
    image_url: urlField(fields, 'image_url'),
    units: readUnits(fields, lookups),
  };
}

type StoredProduct = Pick<
  Database['products'],
  | 'name'
  | 'description'
  | 'stock_code'
  | 'barcode'
  | 'price'
  | 'old_price'
  | 'tax_rate_percent'
  | 'tax_included'
  | 'deposit_price'
  | 'quantity_in_stock'
  | 'is_featured'
> & {
  id: number;
  external_id: string | null;
  brand_id: number;
  category_id: number;
  warehouse_id: number;
  retired_at: string | null;
  ingredients: string;
  allergens: string;
  image_url: string;
  units: UnitValue[];
};

const sameUnits = (a: readonly UnitValue[], b: readonly UnitValue[]) =>
  a.length === b.length &&
  a.every((unit) =>
    b.some(
      (other) =>
        other.unitId === unit.unitId && sameDecimal(other.amount, unit.amount) && other.gtin === unit.gtin,
    ),
  );

function unchanged(stored: StoredProduct, values: ProductValues, brandId: number): boolean {
  return (
    stored.retired_at === null &&
    stored.name === values.name &&
    stored.description === values.description &&
    stored.stock_code === values.stock_code &&
    stored.barcode === values.barcode &&
    stored.brand_id === brandId &&
    stored.category_id === values.category_id &&
    stored.warehouse_id === values.warehouse_id &&
    sameDecimal(stored.price, values.price) &&
    sameDecimal(stored.old_price, values.old_price) &&
    sameDecimal(stored.tax_rate_percent, values.tax_rate_percent) &&
    Number(stored.tax_included) === values.tax_included &&
    sameDecimal(stored.deposit_price, values.deposit_price) &&
    Number(stored.quantity_in_stock) === values.quantity_in_stock &&
    Number(stored.is_featured) === values.is_featured &&
    stored.ingredients === values.ingredients &&
    stored.allergens === values.allergens &&
    stored.image_url === values.image_url &&
    (values.units === null || sameUnits(stored.units, values.units))
  );
}

const productColumnsRead = [
  'id',
  'external_id',
  'name',
  'description',
  'stock_code',
  'barcode',
  'brand_id',
  'category_id',
  'warehouse_id',
  'price',
  'old_price',
  'tax_rate_percent',
  'tax_included',
  'deposit_price',
  'quantity_in_stock',
  'is_featured',
  'retired_at',
  'ingredients',
  'allergens',
  'image_url',
] as const;

/** The batch's products as stored: by external id, and by stock code (to find clashes and adopt). */
async function readStored(trx: Transaction<Database>, ids: string[], stockCodes: string[]) {
  const byId = await inChunks(ids, (chunk) =>
    trx.selectFrom('products').select(productColumnsRead).where('external_id', 'in', chunk).execute(),
  );
  const byCode = await inChunks(stockCodes, (chunk) =>
    trx.selectFrom('products').select(productColumnsRead).where('stock_code', 'in', chunk).execute(),
  );
  const rows = new Map([...byId, ...byCode].map((row) => [row.id, row]));
  const units = await inChunks(rows.keys(), (chunk) =>
    trx
      .selectFrom('product_units')
      .select(['product_id', 'unit_id', 'amount', 'gtin'])
      .where('product_id', 'in', chunk)
      .execute(),
  );
  const products = [...rows.values()].map(
    (row): StoredProduct => ({
      ...row,
      units: units
        .filter((unit) => unit.product_id === row.id)
        .map((unit) => ({ unitId: unit.unit_id, amount: String(unit.amount), gtin: unit.gtin })),
    }),
  );
  return {
    byExternalId: new Map(
      products.filter((p) => p.external_id !== null).map((p) => [p.external_id as string, p]),
    ),
    byStockCode: new Map(products.map((p) => [p.stock_code, p])),
  };
}

async function writeUnits(trx: Transaction<Database>, productId: number, units: readonly UnitValue[]) {
  await trx.deleteFrom('product_units').where('product_id', '=', productId).execute();
  await trx
    .insertInto('product_units')
    .values(
      units.map((unit) => ({
        product_id: productId,
        unit_id: unit.unitId,
        amount: unit.amount,
        gtin: unit.gtin,
      })),
    )
    .execute();
}

/** The search index of one product, kept exactly as the seed builds it (server/search/fold-text.ts). */
async function writeSearchTokens(
  trx: Transaction<Database>,
  productId: number,
  product: { name: string; stockCode: string; barcode: string },
) {
  await trx.deleteFrom('product_search_tokens').where('product_id', '=', productId).execute();
  const tokens = searchTokens(product);
  if (tokens.length > 0)
    await trx
      .insertInto('product_search_tokens')
      .values(tokens.map((token) => ({ token, product_id: productId })))
      .execute();
}

interface SubstituteEntry {
  product: string;
  reason: string;
}

/** The row's `substitutes` (null when the row does not say), refusing what cannot be read. */
function readSubstitutes(fields: Record<string, unknown>, id: string): SubstituteEntry[] | null {
  if (!has(fields, 'substitutes')) return null;
  const value = fields.substitutes;
  if (value === null || value === undefined || value === '') return [];
  const entries: SubstituteEntry[] = Array.isArray(value)
    ? value.map((entry) => {
        const { product, reason } = (typeof entry === 'object' && entry !== null ? entry : {}) as Record<
          string,
          unknown
        >;
        if (typeof product !== 'string' || (reason !== undefined && typeof reason !== 'string'))
          return refuse(
            'substitutes_invalid',
            `"substitutes" must list { product, reason }, not ${shown(entry)}.`,
          );
        return { product: product.trim(), reason: (reason ?? '').trim() };
      })
    : typeof value === 'string'
      ? value
          .split(/[|;]/)
          .map((part) => part.trim())
          .filter((part) => part !== '')
          .map((part) => {
            const at = part.indexOf('=');
            return at < 0
              ? { product: part, reason: '' }
              : { product: part.slice(0, at).trim(), reason: part.slice(at + 1).trim() };
          })
      : refuse('substitutes_invalid', `"substitutes" must be a list, not ${shown(value)}.`);
  const bad = entries.find(
    (entry) => entry.product === '' || entry.product === id || entry.reason.length > 300,
  );
  if (bad)
    refuse(
      'substitutes_invalid',
      `"substitutes" holds ${shown(bad.product)}: an id of another product, with a reason of at most 300 characters.`,
    );
  return entries.filter(
    (entry, index) => entries.findIndex((other) => other.product === entry.product) === index,
  );
}

/**
 * Replaces each named product's alternatives with the row's, after the whole batch is written (so an
 * alternative later in the same batch is known). Ids the portal does not know are left out. Answers
 * the product ids whose alternatives changed.
 */
async function writeSubstitutes(trx: Transaction<Database>, pending: Map<number, SubstituteEntry[]>) {
  const names = [...new Set([...pending.values()].flat().map((entry) => entry.product))];
  const known = new Map(
    (
      await inChunks(names, (chunk) =>
        trx.selectFrom('products').select(['id', 'external_id']).where('external_id', 'in', chunk).execute(),
      )
    ).map((row) => [row.external_id as string, row.id]),
  );
  const stored = await inChunks(pending.keys(), (chunk) =>
    trx
      .selectFrom('product_substitutes')
      .select(['product_id', 'substitute_id', 'rank', 'reason'])
      .where('product_id', 'in', chunk)
      .orderBy('rank')
      .execute(),
  );
  const changed = new Set<number>();
  for (const [productId, entries] of pending) {
    const wanted = entries.flatMap((entry) => {
      const substituteId = known.get(entry.product);
      return substituteId === undefined || substituteId === productId
        ? []
        : [{ substituteId, reason: entry.reason }];
    });
    const before = stored.filter((row) => row.product_id === productId);
    const same =
      before.length === wanted.length &&
      wanted.every(
        (entry, index) =>
          before[index]?.substitute_id === entry.substituteId &&
          before[index]?.reason === entry.reason &&
          Number(before[index]?.rank) === index + 1,
      );
    if (same) continue;
    changed.add(productId);
    await trx.deleteFrom('product_substitutes').where('product_id', '=', productId).execute();
    if (wanted.length > 0)
      await trx
        .insertInto('product_substitutes')
        .values(
          wanted.map((entry, index) => ({
            product_id: productId,
            substitute_id: entry.substituteId,
            rank: index + 1,
            reason: entry.reason,
          })),
        )
        .execute();
  }
  return changed;
}

async function applyBatch(trx: Transaction<Database>, rows: readonly SourceRow[], context: ImportContext) {
  const substitutesOf = new Map<number, SubstituteEntry[]>();
  const rowOfProduct = new Map<number, number>();
  const outcomes = await applyProductRows(trx, rows, context, (row, productId, entries) => {
    substitutesOf.set(productId, entries);
    rowOfProduct.set(productId, row.rowNumber);
  });
  if (substitutesOf.size === 0) return outcomes;
  const changed = await writeSubstitutes(trx, substitutesOf);
  const changedRows = new Set([...changed].map((productId) => rowOfProduct.get(productId)));
  return outcomes.map((outcome) =>
    outcome.outcome === 'unchanged' && changedRows.has(outcome.rowNumber)
      ? { ...outcome, outcome: 'applied' as const }
      : outcome,
  );
}

async function applyProductRows(
  trx: Transaction<Database>,
  rows: readonly SourceRow[],
  context: ImportContext,
  onSubstitutes: (row: SourceRow, productId: number, entries: SubstituteEntry[]) => void,
) {
  const lookups = await readCatalogueLookups(trx);
  const ids = rows.map((row) => externalIdOf(row.fields)).filter((id): id is string => id !== null);
  const stockCodes = rows.flatMap((row) => {
    const code = row.fields.stock_code;
    const id = externalIdOf(row.fields);
    return [typeof code === 'string' && code.trim() !== '' ? code.trim() : id].filter(
      (value): value is string => typeof value === 'string',
    );
  });
  const stored = await readStored(trx, ids, stockCodes);
  const gtins = await ProductGtins.read(trx, rows);
  const now = context.now.toISOString();
  let visibilityChanged = false;

  const outcomes = await decideRows(rows, async (row) => {
    const id = requireExternalId(row.fields);
    const values = readProduct(row.fields, lookups, id);
    const substitutes = readSubstitutes(row.fields, id);
    const holder = stored.byStockCode.get(values.stock_code);
    // A product the portal had before the supplier's keys (no external id) with the same stock code is
    // the same product: it is adopted rather than refused.
    const existing =
      stored.byExternalId.get(id) ?? (holder && holder.external_id === null ? holder : undefined);
    if (holder && holder.id !== existing?.id)
      refuse('stock_code_taken', `"stock_code" ${shown(values.stock_code)} belongs to another product.`);
    // a scanned code names one unit of one product (a new product's piece carries its barcode)
    if (values.units)
      gtins.check(
        values.units.map((unit, index) => ({
          gtin: unit.gtin,
          field: has(row.fields, 'units') ? `units[${index}]_gtin` : `unit_${index + 1}_gtin`,
        })),
        existing?.id,
      );
    else if (!existing) gtins.check([{ gtin: values.barcode || null, field: 'barcode' }], undefined);
    const brandId = await brandIdFor(trx, lookups, values.brand);
    if (existing && existing.external_id === id && unchanged(existing, values, brandId)) {
      if (substitutes !== null) onSubstitutes(row, existing.id, substitutes);
      return 'unchanged';
    }

    const columns = {
      external_id: id,
      name: values.name,
      name_key: nameKey(values.name),
      description: values.description,
      brand_id: brandId,
      category_id: values.category_id,
      warehouse_id: values.warehouse_id,
      price: values.price,
      old_price: values.old_price,
      tax_included: values.tax_included,
      tax_rate_percent: values.tax_rate_percent,
      deposit_price: values.deposit_price,
      stock_code: values.stock_code,
      stock_code_key: compactCode(values.stock_code),
      barcode: values.barcode,
      quantity_in_stock: values.quantity_in_stock,
      is_featured: values.is_featured,
      retired_at: null,
      ingredients: values.ingredients,
      allergens: values.allergens,
      image_url: values.image_url,
    };
    let productId: number;
    let units: UnitValue[];
    if (existing) {
      productId = existing.id;
      await trx.updateTable('products').set(columns).where('id', '=', productId).execute();
      if (existing.retired_at !== null) visibilityChanged = true;
      units = values.units ?? existing.units;
      if (values.units && !sameUnits(existing.units, values.units))
        await writeUnits(trx, productId, values.units);
      if (
        existing.name !== values.name ||
        existing.stock_code !== values.stock_code ||
        existing.barcode !== values.barcode
      )
        await writeSearchTokens(trx, productId, {
          name: values.name,
          stockCode: values.stock_code,
          barcode: values.barcode,
        });
      stored.byStockCode.delete(existing.stock_code);
    } else {
      const primary = lookups.units.find((unit) => unit.baseId === null && unit.names.has('piece'));
      units = values.units ?? [
        { unitId: primary?.id ?? 1, amount: '1', gtin: values.barcode === '' ? null : values.barcode },
      ];
      const created = await trx
        .insertInto('products')
        .values({ ...columns, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      productId = created.id;
      await writeUnits(trx, productId, units);
      await writeSearchTokens(trx, productId, {
        name: values.name,
        stockCode: values.stock_code,
        barcode: values.barcode,
      });
    }
    gtins.replace(
      productId,
      id,
      units.map((unit) => unit.gtin),
    );
    const after: StoredProduct = { id: productId, ...columns, units };
    stored.byExternalId.set(id, after);
    stored.byStockCode.set(values.stock_code, after);
    if (substitutes !== null) onSubstitutes(row, productId, substitutes);
    return 'applied';
  });
  if (visibilityChanged) await bumpCatalogueVersion(trx);
  return outcomes;
}

/**
 * Retires the supplier's products this snapshot did not name. Retiring never deletes: orders, carts
 * and favourite lists keep referring to the product, which customers no longer see or order.
 */
async function retireAbsent(trx: Transaction<Database>, context: ImportContext): Promise<string[]> {
  const named = await namedKeys(trx, context.jobId);
  const active = await trx
    .selectFrom('products')
    .select(['id', 'external_id'])
    .where('external_id', 'is not', null)
    .where('retired_at', 'is', null)
    .execute();
  const absent = active.filter((row) => !named.has(row.external_id as string));
  const now = context.now.toISOString();
  await inChunks(
    absent.map((row) => row.id),
    async (chunk) => {
      await trx.updateTable('products').set({ retired_at: now }).where('id', 'in', chunk).execute();
      return [];
    },
  );
  if (absent.length > 0) await bumpCatalogueVersion(trx);
  return absent.map((row) => row.external_id as string);
}

export const productsKind: ImportKindHandler = {
  kind: 'products',
  scope: 'catalogue:write',
  rowSchema: productRowSchema,
  columns: productColumns,
  requiredColumns: productRequiredColumns,
  applyBatch,
  retireAbsent,
};
