import type { Kysely } from 'kysely';
import { type ContractPriceRule, customerPrice } from '../../src/domain/contract-price';
import { toIsoDate } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import { instantToZonedDate } from '../../src/domain/delivery-calendar/zoned-time';
import type { ProductWire } from '../../src/services/api/wire/catalog';
import type { Database } from '../db/schema';
import { calendarSettings } from './delivery-calendar';

/** Bound parameters per statement: far below SQLite's and PostgreSQL's limits. */
const CHUNK = 500;

/**
 * Whom a product answer is priced for: the signed-in customer's company. Null prices at the list
 * (no customer: stock given back, seeds). A demo account sees no figures at all, so no steps either.
 */
export type PriceViewer = { companyId: number; isDemo?: boolean } | null;

/** A product answer priced for one customer: `price_tiers` and `contract_price` where rules set them. */
export type PricedProductWire = ProductWire;

/**
 * The rules not retired that may price `productIds` for a company: its own and its customer group's
 * (a retired group's rules price no one), whatever their validity (the day decides that in the
 * domain). One statement per 500 products, on the (company_id, product_id) and
 * (customer_group_id, product_id) indexes; a company without rules reads no row.
 */
export async function contractRulesOf(
  db: Kysely<Database>,
  companyId: number,
  productIds: readonly number[],
): Promise<Map<number, ContractPriceRule[]>> {
  const ids = [...new Set(productIds)];
  const rules = new Map<number, ContractPriceRule[]>();
  for (let start = 0; start < ids.length; start += CHUNK)
    await readRules(db, companyId, ids.slice(start, start + CHUNK), rules);
  return rules;
}

/** Every rule that may price a product for the company (ordering a list by its prices). */
export async function allContractRulesOf(
  db: Kysely<Database>,
  companyId: number,
): Promise<Map<number, ContractPriceRule[]>> {
  const rules = new Map<number, ContractPriceRule[]>();
  await readRules(db, companyId, null, rules);
  return rules;
}

async function readRules(
  db: Kysely<Database>,
  companyId: number,
  productIds: readonly number[] | null,
  rules: Map<number, ContractPriceRule[]>,
): Promise<void> {
  const rows = await db
    .selectFrom('contract_prices as cp')
    .select(['cp.product_id', 'cp.company_id', 'cp.min_quantity', 'cp.price', 'cp.valid_from', 'cp.valid_to'])
    .$if(productIds !== null, (query) => query.where('cp.product_id', 'in', productIds ?? []))
    .where('cp.retired_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('cp.company_id', '=', companyId),
        eb(
          'cp.customer_group_id',
          '=',
          eb
            .selectFrom('companies as co')
            .innerJoin('customer_groups as g', 'g.id', 'co.customer_group_id')
            .select('co.customer_group_id')
            .where('co.id', '=', companyId)
            .where('g.retired_at', 'is', null),
        ),
      ]),
    )
    .execute();
  for (const row of rows) {
    const list = rules.get(row.product_id) ?? [];
    list.push({
      scope: row.company_id === null ? 'group' : 'customer',
      minQuantity: toDecimal(row.min_quantity).toFixed(),
      price: toDecimal(row.price).toFixed(),
      validFrom: row.valid_from,
      validTo: row.valid_to,
    });
    rules.set(row.product_id, list);
  }
}

/**
 * "Today" for the validity of a price: the calendar day at `now` in the supplier's time zone (the
 * delivery calendar's), else the server's own, as the specification's delivery dates count days.
 */
export async function pricingDay(db: Kysely<Database>, now: Date): Promise<string> {
  const settings = await calendarSettings(db);
  return settings ? instantToZonedDate(now.getTime(), settings.time_zone) : toIsoDate(now);
}

const priceText = (value: ReturnType<typeof toDecimal>) => value.toFixed(Math.max(2, value.decimalPlaces()));

/**
 * List-priced product answers priced for `viewer`: `price` is the customer's price at one primary
 * unit, `price_tiers` its steps above one, `contract_price` says a rule sets any of it, and a running
 * campaign stays offered only where it is below that price. Answers of products without a valid rule
 * are the very objects given, and the very array when no product has one (a kept search answer
 * stays the same frozen answer). One query for a customer without rules.
 */
export async function priceForViewer(
  db: Kysely<Database>,
  wires: readonly ProductWire[],
  now: Date,
  viewer: PriceViewer,
): Promise<PricedProductWire[]> {
  if (viewer === null || viewer.isDemo || wires.length === 0) return wires as ProductWire[];
  const rules = await contractRulesOf(
    db,
    viewer.companyId,
    wires.map((wire) => wire.id),
  );
  if (rules.size === 0) return wires as ProductWire[];
  const day = await pricingDay(db, now);
  let changed = false;
  const priced = wires.map((wire): PricedProductWire => {
    const own = rules.get(wire.id);
    if (own === undefined || wire.price === null) return wire;
    const customer = customerPrice(wire.price, own, day);
    if (!customer.contract) return wire;
    changed = true;
    const { campaign_id, new_price, ...plain } = wire;
    const campaignBelow =
      campaign_id !== undefined &&
      new_price !== undefined &&
      new_price !== null &&
      toDecimal(new_price).lessThan(customer.price);
    return {
      ...plain,
      price: customer.price.equals(toDecimal(wire.price)) ? wire.price : priceText(customer.price),
      ...(campaignBelow ? { campaign_id, new_price } : {}),
      ...(customer.tiers.length === 0
        ? {}
        : {
            price_tiers: customer.tiers.map((tier) => ({
              min_quantity: tier.minQuantity,
              price: tier.price,
            })),
          }),
      contract_price: true,
    };
  });
  return changed ? priced : (wires as ProductWire[]);
}

/** The domain's price steps of a priced answer (contract-price.ts), for pricing its lines. */
export const tiersOfWire = (wire: PricedProductWire) =>
  wire.price_tiers?.map((tier) => ({ minQuantity: tier.min_quantity, price: tier.price }));
