import { useTranslation } from 'react-i18next';
import { unitNameFor } from '../components/cart-amount-text';
import { useUnits } from './cart-hooks';

/**
 * The refusal codes with their own words: the cart's bulk add's, and `no_longer_sold` the portal gives a
 * favourite whose product is gone (`product_not_available` one no longer available to the customer).
 * Any other code reads as the general "could not be added".
 */
const REASONS = [
  'out_of_stock',
  'not_enough_stock',
  'unknown_product',
  'product_not_available',
  'no_longer_sold',
  'invalid_unit',
] as const;
type Reason = (typeof REASONS)[number] | 'other';
const reasonOf = (code: string | null): Reason => REASONS.find((reason) => reason === code) ?? 'other';

/** Why a line of a bulk add was not added to the cart. */
export interface NotAdded {
  unit: number;
  code: string | null;
  /** for `not_enough_stock`: the most of the line's unit that can (still) go in */
  maxQuantity: number | null;
  /** added to the product's cart line: the stock limit is of the sum with what the cart holds */
  besideCart: boolean;
}

/** Words for why a line was not added (for stock, how many more fit), in the interface language. */
export function useNotAddedReason(): (notAdded: NotAdded) => string {
  const { t, i18n } = useTranslation();
  const units = useUnits();
  return ({ unit, code, maxQuantity, besideCart }) =>
    code === 'not_enough_stock' && maxQuantity !== null
      ? t(besideCart ? 'cartMode.notEnoughToAdd' : 'stock.notEnough', {
          max: maxQuantity,
          unit: unitNameFor(unit, maxQuantity, units, i18n.language),
        })
      : t(`favourites.list.reasons.${reasonOf(code)}`);
}
