import type { Kysely } from 'kysely';
import { contractPriceAt } from '../../src/domain/contract-price';
import type { Database } from '../db/schema';
import { allContractRulesOf, type PriceViewer, pricingDay } from '../queries/contract-prices';
import { catalogueFigures } from './catalogue-figures';
import { byPrice } from './product-result-order';

/**
 * A list sorted by price, sorted again by the prices this customer pays: the kept order is by the
 * prices everyone pays (catalogueFigures), so it is shared; a contract customer's own prices at one
 * primary unit (with a running campaign where that is lower, as its product answers offer it) move
 * its products to where their price belongs. A customer without rules keeps the shared order, at
 * the cost of one indexed query.
 */
export async function byCustomerPrice(
  db: Kysely<Database>,
  ids: Int32Array,
  viewer: PriceViewer,
  version: string,
  now: Date,
): Promise<Int32Array> {
  if (viewer === null || viewer.isDemo) return ids;
  const rules = await allContractRulesOf(db, viewer.companyId);
  if (rules.size === 0) return ids;
  const [figures, day] = await Promise.all([catalogueFigures(db, version, now), pricingDay(db, now)]);
  const own = new Map<number, number>();
  for (const [productId, productRules] of rules) {
    const contract = contractPriceAt(productRules, day, '1');
    if (contract === null) continue;
    const campaign = figures.campaignPrice.get(productId);
    // Numbers only order here, as in catalogueFigures; money is never counted with them.
    const price = contract.toNumber();
    own.set(productId, campaign !== undefined && campaign < price ? campaign : price);
  }
  if (own.size === 0) return ids;
  return byPrice(ids, (id) => own.get(id) ?? figures.chargedPrice.get(id) ?? Number.POSITIVE_INFINITY);
}
