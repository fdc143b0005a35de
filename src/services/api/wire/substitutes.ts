import * as z from 'zod/mini';
import type { CampaignProduct, Product } from '../../../domain/types';
import { productWire, toProduct } from './catalog';
import { decimalAnswer, id } from './primitives';

// Substitutes (capability `substitutes`, docs/api.md "Substitutes"): the supplier's alternatives for
// a product the customer may see, priced for the customer, and the buyer's choice of one. A backend
// without the capability answers none of these; the portal then simply offers no substitutes.

/** One alternative, in the supplier's rank order, with the supplier's reason. */
const alternativeWire = z.object({
  product: productWire,
  reason: z.string(),
  rank: z.number(),
});

/** GET /netb2b/substitutes/?product_ids=1,2 */
export const substitutesAnswerWire = z.object({
  /** true when the company or the user forbade substitution: `substitutes` is then empty */
  forbidden: z.optional(z.boolean()),
  substitutes: z.array(z.object({ product_id: id, alternatives: z.array(alternativeWire) })),
});
export type SubstitutesAnswerWire = z.infer<typeof substitutesAnswerWire>;

export interface SubstituteAlternative {
  product: Product | CampaignProduct;
  reason: string;
  rank: number;
}

/** Per primary product id, its alternatives in rank order (only products that have some). */
export type SubstitutesByProduct = Record<number, SubstituteAlternative[]>;

export const toSubstitutesByProduct = (w: SubstitutesAnswerWire): SubstitutesByProduct =>
  Object.fromEntries(
    w.substitutes
      .filter((entry) => entry.alternatives.length > 0)
      .map((entry) => [
        entry.product_id,
        entry.alternatives.map((alternative) => ({
          product: toProduct(alternative.product),
          reason: alternative.reason,
          rank: alternative.rank,
        })),
      ]),
  );

/** POST /netb2b/substitutes/accept/: take `substitute` instead of `product` (in the cart or not). */
export const acceptSubstituteRequestWire = z.object({
  product: id,
  substitute: id,
  /** primary units wanted; absent: what the product's cart line holds */
  pieces: z.optional(z.number().check(z.int(), z.positive(), z.maximum(1_000_000))),
});
export type AcceptSubstituteRequestWire = z.infer<typeof acceptSubstituteRequestWire>;

export const acceptSubstituteAnswerWire = z.object({
  /** the substitute's cart line */
  id,
  quantity: decimalAnswer,
  unit: id,
  /** the primary's cart line the substitute replaced; null when the primary was not in the cart */
  replaced_item: z.nullable(id),
});
export interface AcceptedSubstitute {
  /** the substitute's cart line; null when it went into a standing order's delivery instead */
  cartItemId: number | null;
  quantity: string;
  unitId: number;
  replacedItemId: number | null;
}
export const toAcceptedSubstitute = (w: z.infer<typeof acceptSubstituteAnswerWire>): AcceptedSubstitute => ({
  cartItemId: w.id,
  quantity: w.quantity,
  unitId: w.unit,
  replacedItemId: w.replaced_item,
});

/** GET and PUT /netb2b/substitutes/preference/: who forbids substitution. */
export const substitutePreferenceWire = z.object({
  company_forbids: z.boolean(),
  user_forbids: z.boolean(),
  /** only the main user may change the company's setting */
  can_change_company: z.boolean(),
});
export const substitutePreferenceWriteWire = z.object({
  company_forbids: z.optional(z.boolean()),
  user_forbids: z.optional(z.boolean()),
});
export interface SubstitutePreference {
  companyForbids: boolean;
  userForbids: boolean;
  canChangeCompany: boolean;
}
export const toSubstitutePreference = (
  w: z.infer<typeof substitutePreferenceWire>,
): SubstitutePreference => ({
  companyForbids: w.company_forbids,
  userForbids: w.user_forbids,
  canChangeCompany: w.can_change_company,
});
