import type { Kysely } from 'kysely';
import type { MinimumOrderRule } from '../../src/domain/minimum-order';
import type { MinimumOrderRuleWire } from '../../src/services/api/wire/delivery-calendar';
import type { Database } from '../db/schema';
import { notFound } from '../http/api-error';
import { moneyText } from '../queries/decimals';
import {
  companyExists,
  companyMinimumOrderRow,
  type RouteRow,
  routeMinimumOrderRow,
  storeCompanyMinimumOrder,
} from '../queries/delivery-calendar';

type Db = Kysely<Database>;

/** A rule as the wire answers it (and the domain reads it): money with two decimals, fee null unless 'fee'. */
function rule(value: string, mode: 'block' | 'fee', fee: string | null): MinimumOrderRule {
  return { value: moneyText(value), mode, fee: mode === 'fee' && fee !== null ? moneyText(fee) : null };
}

/** The route's minimum order rule from its columns; null when it has none. */
export function routeMinimumOrder(
  row: Pick<RouteRow, 'minimum_order_value' | 'minimum_order_mode' | 'minimum_order_fee'>,
): MinimumOrderRule | null {
  if (row.minimum_order_value === null || row.minimum_order_mode === null) return null;
  return rule(row.minimum_order_value, row.minimum_order_mode, row.minimum_order_fee);
}

/** The route's columns for a rule of the supplier's request (null: no minimum). */
export function routeMinimumOrderColumns(wire: MinimumOrderRuleWire | null) {
  const stored = wire === null ? null : rule(wire.value, wire.mode, wire.fee ?? null);
  return {
    minimum_order_value: stored?.value ?? null,
    minimum_order_mode: stored?.mode ?? null,
    minimum_order_fee: stored?.fee ?? null,
  };
}

/** The route's rule by its id; null when it has none or no route has the id. */
export async function routeMinimumOrderById(db: Db, routeId: number): Promise<MinimumOrderRule | null> {
  const row = await routeMinimumOrderRow(db, routeId);
  return row ? routeMinimumOrder(row) : null;
}

/** The company's own rule; null when the supplier set none. */
export async function companyMinimumOrder(db: Db, companyId: number): Promise<MinimumOrderRule | null> {
  const row = await companyMinimumOrderRow(db, companyId);
  return row ? rule(row.value, row.mode, row.fee) : null;
}

/** Sets or (null) removes a company's own rule; 404 for an unknown company. Answers what is stored. */
export async function putCompanyMinimumOrder(db: Db, companyId: number, wire: MinimumOrderRuleWire | null) {
  return db.transaction().execute(async (trx) => {
    if (!(await companyExists(trx, companyId))) throw notFound('No company has this id.');
    const stored = wire === null ? null : rule(wire.value, wire.mode, wire.fee ?? null);
    await storeCompanyMinimumOrder(trx, companyId, stored);
    return { minimum_order: stored };
  });
}

/** GET supplier/companies/{id}/minimum-order/; 404 for an unknown company. */
export async function readCompanyMinimumOrder(db: Db, companyId: number) {
  if (!(await companyExists(db, companyId))) throw notFound('No company has this id.');
  return { minimum_order: await companyMinimumOrder(db, companyId) };
}
