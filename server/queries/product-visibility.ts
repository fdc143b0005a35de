import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import { CatalogueMemo } from '../search/catalogue-version';

/** Bound parameters per statement: far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

/**
 * Which products a company may see and order: a product is visible when it is not retired and
 * either the company is in no (live) assortment or the product is in one of the company's
 * assortments. A retired assortment counts as none: a snapshot import retires an assortment whose
 * file names it no more, and its customers must not lose the whole catalogue to a stale membership.
 */

/**
 * The predicate for a product row of alias `product` (`p` in the product queries), usable in any
 * `where`; with `retired: true` a retired product counts as its assortments say (what the company
 * once could order, e.g. to offer a discontinued product's substitutes). The first EXISTS does not depend on the row, so both engines run it once per statement
 * (an index read on company_assortments' primary key); the second probes
 * assortment_products(product_id, assortment_id) per row, and only for a company in an assortment.
 */
export function visibleToCompany(
  companyId: number,
  product = 'p',
  { retired: evenRetired = false }: { retired?: boolean } = {},
): RawBuilder<boolean> {
  const id = sql.ref(`${product}.id`);
  const retired = evenRetired ? sql`1 = 1` : sql`${sql.ref(`${product}.retired_at`)} is null`;
  return sql<boolean>`(${retired} and (not exists (
      select 1 from company_assortments ca
      inner join assortments a on a.id = ca.assortment_id
      where ca.company_id = ${companyId} and a.retired_at is null
    ) or exists (
      select 1 from assortment_products ap
      inner join company_assortments ca on ca.assortment_id = ap.assortment_id
      inner join assortments a on a.id = ap.assortment_id
      where ap.product_id = ${id} and ca.company_id = ${companyId} and a.retired_at is null
    )))`;
}

/**
 * visibleToCompany for a viewer; with none (no customer is looking: stock given back, seeds) only
 * retired products are left out.
 */
export function visibleToViewer(viewer: { companyId: number } | null, product = 'p'): RawBuilder<boolean> {
  return viewer === null
    ? sql<boolean>`${sql.ref(`${product}.retired_at`)} is null`
    : visibleToCompany(viewer.companyId, product);
}

/** The company's live assortments, by id; empty: the company sees the whole catalogue. */
export async function companyAssortmentIds(db: Kysely<Database>, companyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('company_assortments as ca')
    .innerJoin('assortments as a', 'a.id', 'ca.assortment_id')
    .select('ca.assortment_id')
    .where('ca.company_id', '=', companyId)
    .where('a.retired_at', 'is', null)
    .orderBy('ca.assortment_id')
    .execute();
  return rows.map((row) => row.assortment_id);
}

/**
 * What a request's product lists filter by: null for a company in no assortment (nothing beyond
 * the retired products, which the kept lists leave out themselves); else the ids of the products
 * of its assortments, read for this request (memberships change without touching the catalogue
 * version, so they are never kept across requests), and a key naming the assortments, for answers
 * kept per set of assortments.
 */
export interface AssortmentFilter {
  key: string;
  productIds: ReadonlySet<number>;
}

export async function assortmentFilterOf(
  db: Kysely<Database>,
  companyId: number,
): Promise<AssortmentFilter | null> {
  return assortmentFilterFor(db, await companyAssortmentIds(db, companyId));
}

/** The key of answers kept for a set of assortments (companyAssortmentIds); undefined for none. */
export const assortmentKey = (assortments: readonly number[]) =>
  assortments.length === 0 ? undefined : `a${assortments.join(',')}`;

/** assortmentFilterOf once the company's assortments are known. */
export async function assortmentFilterFor(
  db: Kysely<Database>,
  assortments: readonly number[],
): Promise<AssortmentFilter | null> {
  const key = assortmentKey(assortments);
  if (key === undefined) return null;
  // The primary key (assortment_id, product_id) answers this alone; retired products are left out
  // by the lists this filters (and by the rows of a page), so products are not read here.
  const rows = await db
    .selectFrom('assortment_products')
    .select('product_id')
    .where('assortment_id', 'in', [...assortments])
    .execute();
  return { key, productIds: new Set(rows.map((row) => row.product_id)) };
}

/** `ids` in their order, keeping those the filter lets through (all of them without a filter). */
export function keptVisible(ids: Int32Array, filter: AssortmentFilter | null): Int32Array {
  if (filter === null) return ids;
  return ids.filter((id) => filter.productIds.has(id));
}

/** Of `productIds`, those the company may not see or order (retired, or outside its assortments). */
export async function unavailableProductIds(
  db: Kysely<Database>,
  companyId: number,
  productIds: readonly number[],
): Promise<Set<number>> {
  // One statement: each product with whether it is visible (an id no product has is not
  // "unavailable": the line rules refuse it as unknown).
  const ids = [...new Set(productIds)];
  const unavailable = new Set<number>();
  for (let start = 0; start < ids.length; start += CHUNK) {
    const rows = await db
      .selectFrom('products as p')
      .select(['p.id', sql<number>`case when ${visibleToCompany(companyId)} then 1 else 0 end`.as('visible')])
      .where('p.id', 'in', ids.slice(start, start + CHUNK))
      .execute();
    for (const row of rows) if (Number(row.visible) !== 1) unavailable.add(row.id);
  }
  return unavailable;
}

const retiredMemo = new CatalogueMemo<ReadonlySet<number>>(1);

/**
 * The retired products, kept while the catalogue version holds, for the kept search ids (which
 * are read from tokens and names alone). Retiring a product does not change the version (its
 * triggers watch names, codes and tokens), so a product retired since may stay in a kept list
 * until the next change: the rows of a page are read with `retired_at is null` and leave it out.
 */
export function retiredProductIds(db: Kysely<Database>, version: string): Promise<ReadonlySet<number>> {
  return retiredMemo.get(db, version, 'retired', async () => {
    const rows = await db.selectFrom('products').select('id').where('retired_at', 'is not', null).execute();
    return new Set(rows.map((row) => row.id));
  });
}

export const PRODUCT_NOT_AVAILABLE = 'product_not_available' as const;
export const PRODUCT_NOT_AVAILABLE_DETAIL = 'This product is no longer available to you.';
