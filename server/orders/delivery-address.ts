import type { Kysely, Selectable } from 'kysely';
import type { Database, OrderDeliveryAddressesTable } from '../db/schema';
import { badRequest } from '../http/api-error';
import { inChunks } from './catalogue-snapshot';

type Db = Kysely<Database>;

/** The fields of a delivery address an order keeps a copy of, with the id of the address copied. */
export type DeliveryAddressCopy = Omit<Selectable<OrderDeliveryAddressesTable>, 'order_id' | 'address_id'> & {
  id: number;
};

const copiedFields = [
  'id',
  'name',
  'line1',
  'line2',
  'suburb',
  'city',
  'state',
  'postal_code',
  'country',
] as const;

/**
 * The delivery address an order goes to: the one it names, which must be one of the company's
 * delivery addresses, else the company's only one; null when it has several (or none) and the
 * order named none, as the specification's orders, which know no address, always did.
 */
export async function orderDeliveryAddress(
  db: Db,
  companyId: number,
  named: number | undefined,
): Promise<DeliveryAddressCopy | null> {
  const addresses = await db
    .selectFrom('company_addresses')
    .select(copiedFields)
    .where('company_id', '=', companyId)
    .where('kind', '=', 'delivery')
    .orderBy('position')
    .execute();
  if (named === undefined) return addresses.length === 1 ? (addresses[0] ?? null) : null;
  const address = addresses.find((candidate) => candidate.id === named);
  if (!address)
    throw badRequest('The request body has invalid fields.', {
      delivery_address: [`No delivery address of this company has the id ${named}.`],
    });
  return address;
}

/** Stores the copy of the order's delivery address, in the order's transaction. */
export async function storeOrderDeliveryAddress(trx: Db, orderId: number, address: DeliveryAddressCopy) {
  const { id, ...fields } = address;
  await trx
    .insertInto('order_delivery_addresses')
    .values({ order_id: orderId, address_id: id, ...fields })
    .execute();
}

/** The delivery addresses stored with these orders, by order id. */
export async function orderDeliveryAddresses(db: Db, orderIds: readonly number[]) {
  const rows = await inChunks([...orderIds], (chunk) =>
    db.selectFrom('order_delivery_addresses').selectAll().where('order_id', 'in', chunk).execute(),
  );
  return new Map(
    rows.map(({ order_id, address_id, ...fields }) => [order_id, { id: address_id, ...fields }] as const),
  );
}
