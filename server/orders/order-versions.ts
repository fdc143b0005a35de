import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { moneyText, quantityText } from '../queries/decimals';
import { inChunks } from './catalogue-snapshot';

/** One line of a version as the versions list answers it (and as the operator mail compares them). */
export interface VersionLine {
  product: { id: number; name: string };
  quantity: string;
  unit: number;
}

/** A version of an order: its day, total and lines. */
export interface OrderVersionContent {
  expected_delivery_date: string;
  total: string;
  items: VersionLine[];
}

/** The order's current version as stored now (read in the transaction that is about to replace it). */
export async function currentVersionContent(
  db: Kysely<Database>,
  orderId: number,
): Promise<OrderVersionContent> {
  const order = await db
    .selectFrom('orders')
    .select(['expected_delivery_date', 'total'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  const items = await db
    .selectFrom('order_items as i')
    .innerJoin('suborders as s', 's.id', 'i.suborder_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['p.id', 'p.name', 'i.quantity', 'i.unit_id'])
    .where('s.order_id', '=', orderId)
    .orderBy('s.warehouse_id')
    .orderBy('i.id')
    .execute();
  return {
    expected_delivery_date: order.expected_delivery_date,
    total: moneyText(order.total),
    items: items.map((item) => ({
      product: { id: item.id, name: item.name },
      quantity: quantityText(item.quantity),
      unit: item.unit_id,
    })),
  };
}

/** Keeps `content` as the order's replaced version `version`, in the transaction that replaces it. */
export async function keepReplacedVersion(
  trx: Kysely<Database>,
  replaced: { orderId: number; version: number; by: number; at: Date },
  content: OrderVersionContent,
) {
  await trx
    .insertInto('order_versions')
    .values({
      order_id: replaced.orderId,
      version: replaced.version,
      replaced_at: replaced.at.toISOString(),
      replaced_by: replaced.by,
      expected_delivery_date: content.expected_delivery_date,
      total: content.total,
      lines: JSON.stringify(content.items),
    })
    .execute();
}

/** An earlier version of an order as the order detail answers it. */
export interface OrderVersionAnswer extends OrderVersionContent {
  version: number;
  replaced_at: string;
  replaced_by: { id: number; name: string };
}

/** These orders' earlier versions, oldest first, as the order detail answers them, by order id. */
export async function orderVersionsOf(
  db: Kysely<Database>,
  orderIds: readonly number[],
): Promise<Map<number, OrderVersionAnswer[]>> {
  const rows = await inChunks([...orderIds], (chunk) =>
    db
      .selectFrom('order_versions as v')
      .innerJoin('users as u', 'u.id', 'v.replaced_by')
      .select([
        'v.order_id',
        'v.version',
        'v.replaced_at',
        'v.expected_delivery_date',
        'v.total',
        'v.lines',
        'u.id as user_id',
        'u.first_name',
        'u.last_name',
      ])
      .where('v.order_id', 'in', chunk)
      .orderBy('v.order_id')
      .orderBy('v.version')
      .execute(),
  );
  const versions = new Map<number, OrderVersionAnswer[]>();
  for (const row of rows) {
    const answer: OrderVersionAnswer = {
      version: row.version,
      replaced_at: row.replaced_at,
      replaced_by: { id: row.user_id, name: `${row.first_name} ${row.last_name}`.trim() },
      expected_delivery_date: row.expected_delivery_date,
      total: moneyText(row.total),
      items: JSON.parse(row.lines) as VersionLine[],
    };
    versions.set(row.order_id, [...(versions.get(row.order_id) ?? []), answer]);
  }
  return versions;
}
