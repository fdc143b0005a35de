import type { Kysely } from 'kysely';
import { orderableUnits } from '../../src/domain/units';
import type { Database } from '../db/schema';
import type { ProductLookupResultWire, ProductWire } from '../http/wire-answers';
import type { CatalogueLanguage } from '../i18n/request-language';
import type { PriceViewer } from '../queries/contract-prices';
import { visibleToViewer } from '../queries/product-visibility';
import { selectProducts, toProductWires } from '../queries/products';
import { translateRows } from '../queries/translations';
import { compactCode } from '../search/fold-text';
import { inChunks, loadUnits } from './catalogue-snapshot';

/**
 * Resolves quick-order codes in one call: a code names a product by its stock code (compared
 * without case and separators, "sku-0012" = "SKU0012") or, failing that, by its exact barcode.
 * The units are named in `language`, as the unit list names them, since the preview shows them as they are,
 * and carry their names in every language for matching the unit words of a sheet.
 */
export async function lookUpProductCodes(
  db: Kysely<Database>,
  codes: readonly string[],
  now: Date,
  language: CatalogueLanguage,
  viewer: PriceViewer,
): Promise<ProductLookupResultWire> {
  const trimmed = codes.map((code) => code.trim());
  const keys = [...new Set(trimmed.map(compactCode).filter(Boolean))];
  const barcodes = [...new Set(trimmed.filter(Boolean))];

  const byKey = new Map<string, number>();
  const byBarcode = new Map<string, number>();
  const keyRows = await inChunks(keys, (chunk) =>
    db
      .selectFrom('products')
      .select(['id', 'stock_code_key'])
      .where('stock_code_key', 'in', chunk)
      // A code of a product the customer may not see is "not found", as an unknown one.
      .where(visibleToViewer(viewer, 'products'))
      .orderBy('id')
      .execute(),
  );
  for (const row of keyRows) if (!byKey.has(row.stock_code_key)) byKey.set(row.stock_code_key, row.id);
  const barcodeRows = await inChunks(barcodes, (chunk) =>
    db
      .selectFrom('products')
      .select(['id', 'barcode'])
      .where('barcode', 'in', chunk)
      .where(visibleToViewer(viewer, 'products'))
      .orderBy('id')
      .execute(),
  );
  for (const row of barcodeRows) if (!byBarcode.has(row.barcode)) byBarcode.set(row.barcode, row.id);

  const idOf = (code: string) => (code ? (byKey.get(compactCode(code)) ?? byBarcode.get(code)) : undefined);
  const matchedIds = [...new Set(trimmed.map(idOf).filter((id): id is number => id !== undefined))];
  const products = new Map<number, ProductWire>();
  const wires = await inChunks(matchedIds, async (chunk) =>
    toProductWires(db, await selectProducts(db).where('p.id', 'in', chunk).execute(), now, viewer),
  );
  for (const wire of wires) products.set(wire.id, wire);

  const allUnits = await loadUnits(db);
  const usedUnitIds = new Set<number>();
  for (const wire of products.values())
    for (const unit of orderableUnits({ id: wire.id, unitAmounts: wire.unit_amounts }, allUnits))
      usedUnitIds.add(unit.id);

  const matches: { code: string; product: ProductWire }[] = [];
  const notFound: string[] = [];
  codes.forEach((code, index) => {
    const id = idOf(trimmed[index] ?? '');
    const product = id === undefined ? undefined : products.get(id);
    if (product) matches.push({ code, product });
    else notFound.push(code);
  });
  // the translation tables name their columns as the wire does
  const usedUnits = allUnits.filter((unit) => usedUnitIds.has(unit.id));
  const named = await translateRows(
    db,
    'unit',
    usedUnits.map((unit) => ({
      id: unit.id,
      base: unit.base,
      name: unit.name,
      name_plural: unit.namePlural,
      is_primary: unit.isPrimary,
    })),
    ['name', 'name_plural'],
    language,
  );
  const namesOf = await everyLanguagesNames(db, usedUnits);
  const units = named.map((unit) => ({ ...unit, names: namesOf.get(unit.id) ?? [] }));
  return { matches, not_found: notFound, units };
}

/**
 * Each unit's name and plural in every language there is a text for, and the units table's own: a buyer's
 * sheet names units in the language it was written in, which need not be the interface's.
 */
async function everyLanguagesNames(
  db: Kysely<Database>,
  units: readonly { id: number; name: string; namePlural: string }[],
): Promise<Map<number, string[]>> {
  const names = new Map(units.map((unit) => [unit.id, new Set([unit.name, unit.namePlural])]));
  const translations = await inChunks([...names.keys()], (chunk) =>
    db
      .selectFrom('unit_translations')
      .select(['unit_id', 'name', 'name_plural'])
      .where('unit_id', 'in', chunk)
      .orderBy('unit_id')
      .orderBy('language')
      .execute(),
  );
  for (const row of translations) {
    const set = names.get(row.unit_id);
    set?.add(row.name);
    set?.add(row.name_plural);
  }
  return new Map([...names].map(([id, set]) => [id, [...set].filter((name) => name.trim() !== '')]));
}
