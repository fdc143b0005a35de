import type { Kysely } from 'kysely';
import { toDecimal, toDecimalString } from '../../src/domain/decimal';
import { FAVOURITE_LINES_PER_LIST_MAX } from '../../src/domain/favourite-rules';
import { quantityToOrder, unitSizeOf } from '../../src/domain/par-level';
import type { Database } from '../db/schema';
import { ApiError } from '../http/api-error';
import type { CurrentUser } from '../http/app-env';
import { loadCatalogueSnapshot } from '../orders/catalogue-snapshot';
import { checkListLine } from '../orders/line-rules';
import { createList, type GuideFields } from './list-writes';

/** How far back the build looks. */
const ORDER_GUIDE_DAYS = 90;
const DAY_MS = 86_400_000;

const noRecentOrdersError = () => {
  const detail = `Nothing was ordered in the last ${ORDER_GUIDE_DAYS} days, so there is nothing to build a guide from.`;
  return new ApiError(400, { detail, code: 'no_recent_orders', errors: { non_field_errors: [detail] } });
};

interface OrderedLine {
  order_id: number;
  product_id: number;
  quantity: string;
  unit_id: number;
  category_id: number;
  name_key: string;
}

/** The upper median: the typical amount per order, one an order really took (never an average's fraction). */
function typical(amounts: string[]): string {
  const sorted = [...amounts].sort((a, b) => toDecimal(a).comparedTo(toDecimal(b)));
  return sorted[Math.floor(sorted.length / 2)] ?? '0';
}

/** The unit used most often; on a tie the one of the latest order. */
function usualUnit(lines: OrderedLine[]): number {
  const counts = new Map<number, number>();
  for (const line of lines) counts.set(line.unit_id, (counts.get(line.unit_id) ?? 0) + 1);
  const latest = [...lines].sort((a, b) => b.order_id - a.order_id);
  return latest.reduce(
    (best, line) => ((counts.get(line.unit_id) ?? 0) > (counts.get(best) ?? 0) ? line.unit_id : best),
    latest[0]?.unit_id ?? 0,
  );
}

/**
 * POST /favourite-lists/order-guide/: a new list of the caller, an order guide of every product the
 * company ordered in the last 90 days (cancelled orders aside) that it may still order. Each line's par
 * level is the typical amount per order in primary units (the upper median over the orders that had
 * it), its unit the one ordered most, its quantity the par level in that unit rounded up, and its
 * shelf position follows the catalogue (category, then name), which is how a store room is often laid out.
 */
export async function buildOrderGuide(db: Kysely<Database>, user: CurrentUser, name: string, now: Date) {
  const since = new Date(now.getTime() - ORDER_GUIDE_DAYS * DAY_MS).toISOString();
  const rows: OrderedLine[] = await db
    .selectFrom('order_items as i')
    .innerJoin('suborders as s', 's.id', 'i.suborder_id')
    .innerJoin('orders as o', 'o.id', 's.order_id')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .select(['o.id as order_id', 'i.product_id', 'i.quantity', 'i.unit_id', 'p.category_id', 'p.name_key'])
    .where('o.company_id', '=', user.companyId)
    .where('o.created_at', '>=', since)
    .where('o.created_at', '<=', now.toISOString())
    .where('o.cancelled_at', 'is', null)
    .execute();
  const byProduct = new Map<number, OrderedLine[]>();
  for (const row of rows) byProduct.set(row.product_id, [...(byProduct.get(row.product_id) ?? []), row]);

  const catalogue = await loadCatalogueSnapshot(db, [...byProduct.keys()], now, user);
  const candidates = [...byProduct.entries()]
    .map(([productId, lines]) => ({ productId, lines, entry: catalogue.products.get(productId) }))
    .filter((c) => c.entry !== undefined)
    // the most often ordered first, should there be more than a list holds
    .sort(
      (a, b) => new Set(b.lines.map((l) => l.order_id)).size - new Set(a.lines.map((l) => l.order_id)).size,
    )
    .slice(0, FAVOURITE_LINES_PER_LIST_MAX)
    .sort(
      (a, b) =>
        (a.lines[0]?.category_id ?? 0) - (b.lines[0]?.category_id ?? 0) ||
        (a.lines[0]?.name_key ?? '').localeCompare(b.lines[0]?.name_key ?? '') ||
        a.productId - b.productId,
    );

  const items: { product: number; quantity: string; unit: number }[] = [];
  const guide = new Map<number, GuideFields>();
  for (const { productId, lines, entry } of candidates) {
    if (!entry) continue;
    const perOrder = new Map<number, ReturnType<typeof toDecimal>>();
    for (const line of lines) {
      const pieces = toDecimal(line.quantity).times(unitSizeOf(entry.product, line.unit_id, catalogue.units));
      perOrder.set(line.order_id, (perOrder.get(line.order_id) ?? toDecimal('0')).plus(pieces));
    }
    const parLevel = typical([...perOrder.values()].map(toDecimalString));
    const unit = usualUnit(lines);
    const inUnit = quantityToOrder({
      parLevel,
      onHand: '0',
      unitSize: unitSizeOf(entry.product, unit, catalogue.units),
    });
    const quantity = toDecimal(inUnit).lt(1) ? '1' : inUnit;
    if (!checkListLine({ product: productId, quantity, unit }, catalogue).ok) continue;
    items.push({ product: productId, quantity, unit });
    guide.set(productId, {
      parLevel: toDecimal(parLevel).toDecimalPlaces(3).toFixed(),
      shelfPosition: items.length,
    });
  }
  if (items.length === 0) throw noRecentOrdersError();
  return createList(db, user, { name, items }, now, guide);
}
