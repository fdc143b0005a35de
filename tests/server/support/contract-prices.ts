import type { Kysely } from 'kysely';
import type { Database } from '../../../server/db/schema';

let serial = 0;

/** One contract price rule, as an import would have stored it: for a company or for a customer group. */
export interface ContractPriceRow {
  product: number;
  price: string;
  company?: number;
  group?: number;
  minQuantity?: string;
  validFrom?: string | null;
  validTo?: string | null;
  retiredAt?: string | null;
}

/** Inserts contract price rows directly (no import job); answers their ids. */
export async function insertContractPrices(
  db: Kysely<Database>,
  rows: readonly ContractPriceRow[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const row of rows) {
    serial += 1;
    const { id } = await db
      .insertInto('contract_prices')
      .values({
        external_id: `test-price-${serial}`,
        product_id: row.product,
        company_id: row.company ?? null,
        customer_group_id: row.group ?? null,
        min_quantity: row.minQuantity ?? '1',
        price: row.price,
        valid_from: row.validFrom ?? null,
        valid_to: row.validTo ?? null,
        retired_at: row.retiredAt ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

/** A new customer group with the given companies in it; answers its id. */
export async function insertCustomerGroup(
  db: Kysely<Database>,
  name: string,
  companyIds: readonly number[],
): Promise<number> {
  serial += 1;
  const { id } = await db
    .insertInto('customer_groups')
    .values({ external_id: `test-group-${serial}`, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (companyIds.length)
    await db
      .updateTable('companies')
      .set({ customer_group_id: id })
      .where('id', 'in', [...companyIds])
      .execute();
  return id;
}
