import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { insertInBatches } from '../../server/seed/batches';
import { CUSTOMERS, customerId, GROUPS, groupId, groupOf } from './bench-csv';

/** The user who signs in for the company with contract prices (the demo buyer's password). */
export const CONTRACT_USERNAME = 'bench-contract';

/**
 * The thousand customers of the price list and their ten groups, written directly (a customers
 * import would cost more than it tells here), shaped like the demo buyer's company; and a user of
 * the first customer, a copy of the demo buyer, so the two viewers differ only in their prices.
 */
export async function createBenchCustomers(db: Kysely<Database>): Promise<void> {
  await insertInBatches(
    db,
    'customer_groups',
    Array.from({ length: GROUPS }, (_, group) => ({
      external_id: groupId(group),
      name: `Bench group ${group}`,
      retired_at: null,
    })),
  );
  const groups = new Map(
    (await db.selectFrom('customer_groups').select(['id', 'external_id']).execute()).map((row) => [
      row.external_id,
      row.id,
    ]),
  );
  const buyer = await db
    .selectFrom('users')
    .selectAll()
    .where('username', '=', 'buyer')
    .executeTakeFirstOrThrow();
  const {
    id: _companyId,
    external_id: _externalId,
    ...company
  } = await db
    .selectFrom('companies')
    .selectAll()
    .where('id', '=', buyer.company_id)
    .executeTakeFirstOrThrow();
  await insertInBatches(
    db,
    'companies',
    Array.from({ length: CUSTOMERS }, (_, customer) => ({
      ...company,
      name: `Bench customer ${customer}`,
      external_id: customerId(customer),
      customer_group_id: groups.get(groupId(groupOf(customer))) ?? null,
    })),
  );
  const first = await db
    .selectFrom('companies')
    .select('id')
    .where('external_id', '=', customerId(0))
    .executeTakeFirstOrThrow();
  const { id: _userId, external_id: _userExternalId, ...user } = buyer;
  await db
    .insertInto('users')
    .values({
      ...user,
      company_id: first.id,
      username: CONTRACT_USERNAME,
      email: 'bench-contract@portal.example',
    })
    .execute();
}
