import type { Transaction } from 'kysely';
import { gtinSpellings, toGtin14 } from '../../../src/domain/gtin';
import type { Database } from '../../db/schema';
import type { SourceRow } from '../import-kind';
import { inChunks } from './decide-rows';
import { refuse, shown } from './row-values';

/** A unit's GTIN as a row gives it: the field it came from, for the refusal to name. */
export interface RowGtin {
  gtin: string | null;
  field: string;
}

interface Holder {
  productId: number;
  /** the product as the supplier knows it: its id, else its stock code */
  product: string;
}

/** Every GTIN-like text a row names (units and barcode), for reading their holders in one go. */
function gtinsNamedBy(fields: Record<string, unknown>): string[] {
  const texts: unknown[] = [fields.barcode];
  if (Array.isArray(fields.units))
    for (const unit of fields.units)
      if (typeof unit === 'object' && unit !== null) texts.push((unit as Record<string, unknown>).gtin);
  for (const [name, value] of Object.entries(fields)) if (/^unit_\d+_gtin$/.test(name)) texts.push(value);
  return texts.flatMap((text) => {
    const gtin = toGtin14(
      typeof text === 'number' ? String(text) : typeof text === 'string' ? text.trim() : '',
    );
    return gtin ? gtinSpellings(gtin) : [];
  });
}

/**
 * Which product carries each GTIN, compared as GTIN-14 (codes are stored as written: 8, 12, 13 or 14
 * digits), so an import cannot give one code to two units: a scanned code must name one unit of one
 * product. Retired products are left out: nobody finds them by a code. Read for a batch, then kept up
 * to date as its rows are written, so two rows of the same batch are checked against each other too.
 */
export class ProductGtins {
  /** GTIN-14 → the products whose units carry it (more than one only where stored data already clash) */
  private readonly holders = new Map<string, Holder[]>();
  /** product id → the GTIN-14s of its units, to drop them when a row replaces its units */
  private readonly ofProduct = new Map<number, Set<string>>();

  static async read(trx: Transaction<Database>, rows: readonly SourceRow[]): Promise<ProductGtins> {
    const found = await inChunks(
      rows.flatMap((row) => gtinsNamedBy(row.fields)),
      (chunk) =>
        trx
          .selectFrom('product_units as pu')
          .innerJoin('products as p', 'p.id', 'pu.product_id')
          .select(['pu.product_id', 'pu.gtin', 'p.external_id', 'p.stock_code'])
          .where('pu.gtin', 'in', chunk)
          .where('p.retired_at', 'is', null)
          .execute(),
    );
    const gtins = new ProductGtins();
    for (const row of found)
      gtins.add(row.gtin, { productId: row.product_id, product: row.external_id ?? row.stock_code });
    return gtins;
  }

  private add(code: string | null, holder: Holder) {
    const gtin = code === null ? null : toGtin14(code);
    if (!gtin) return;
    const list = this.holders.get(gtin) ?? [];
    if (!list.some((other) => other.productId === holder.productId)) list.push(holder);
    this.holders.set(gtin, list);
    const own = this.ofProduct.get(holder.productId) ?? new Set();
    own.add(gtin);
    this.ofProduct.set(holder.productId, own);
  }

  /**
   * Refuses (`gtin_taken`) units of `productId` (undefined: a new product) when two of them share a
   * GTIN or another product's unit carries one of theirs.
   */
  check(units: readonly RowGtin[], productId: number | undefined) {
    const seen = new Map<string, string>();
    for (const unit of units) {
      const gtin = unit.gtin === null ? null : toGtin14(unit.gtin);
      if (!gtin) continue;
      const earlier = seen.get(gtin);
      if (earlier !== undefined)
        refuse(
          'gtin_taken',
          `"${unit.field}" ${shown(unit.gtin)} is the GTIN of "${earlier}" too: each unit of a product carries its own GTIN.`,
        );
      seen.set(gtin, unit.field);
      const other = this.holders.get(gtin)?.find((holder) => holder.productId !== productId);
      if (other)
        refuse(
          'gtin_taken',
          `"${unit.field}" ${shown(unit.gtin)} is already the GTIN of a unit of product ${shown(other.product)}: a GTIN names one unit of one product.`,
        );
    }
  }

  /** Records the units a row wrote for `productId` in place of the ones it had. */
  replace(productId: number, product: string, gtins: readonly (string | null)[]) {
    for (const gtin of this.ofProduct.get(productId) ?? []) {
      const kept = (this.holders.get(gtin) ?? []).filter((holder) => holder.productId !== productId);
      if (kept.length === 0) this.holders.delete(gtin);
      else this.holders.set(gtin, kept);
    }
    this.ofProduct.delete(productId);
    for (const gtin of gtins) this.add(gtin, { productId, product });
  }
}
