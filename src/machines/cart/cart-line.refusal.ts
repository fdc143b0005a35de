import { isApiError } from '../../services/api';

/**
 * Why the server refused a line's change, by what the customer can do about it. Sending the same
 * change again cannot succeed, so the line offers what can (the most stock allows, removal) instead
 * of Try again.
 */
export type LineRefusalCode =
  | 'not_enough_stock'
  | 'out_of_stock'
  | 'invalid_unit'
  | 'invalid_quantity'
  | 'unknown_product'
  /** retired, or out of the customer's assortments */
  | 'product_not_available'
  /** 404: the line is no longer in the cart (removed in another tab, or taken by an order) */
  | 'gone'
  | 'demo_account'
  /** a refusal with a code the portal has no words for: the server's own text, as a last resort */
  | 'other';

export interface LineRefusal {
  code: LineRefusalCode;
  /** the server's text, shown only for `other` */
  detail: string | null;
  /** not_enough_stock: the most of the refused unit stock allows (the server's figure); null: unknown */
  maxQuantity: number | null;
}

const knownCodes = new Set<string>([
  'not_enough_stock',
  'out_of_stock',
  'invalid_unit',
  'invalid_quantity',
  'unknown_product',
  'product_not_available',
  'demo_account',
]);

/** Answers that may succeed when sent again: a timeout, too early, throttled. */
const retryableStatuses = new Set([408, 425, 429]);

/**
 * The refusal in a failed save, or null when sending the change again may succeed (no answer, a
 * server fault, throttling): then Try again is what the line offers.
 */
export function toLineRefusal(error: unknown): LineRefusal | null {
  if (!isApiError(error) || error.kind !== 'http' || error.status === null) return null;
  const { status } = error;
  if (status < 400 || status >= 500 || retryableStatuses.has(status)) return null;
  const code: LineRefusalCode =
    error.code && knownCodes.has(error.code)
      ? (error.code as LineRefusalCode)
      : status === 404
        ? 'gone'
        : 'other';
  return { code, detail: error.detail, maxQuantity: error.maxQuantity };
}

/** What a refused line offers beside Close. */
export type RefusalOffer = 'takeMost' | 'remove' | null;

export function refusalOffer(refusal: LineRefusal): RefusalOffer {
  switch (refusal.code) {
    case 'not_enough_stock':
      return refusal.maxQuantity !== null && refusal.maxQuantity > 0 ? 'takeMost' : null;
    case 'out_of_stock':
    case 'unknown_product':
    case 'product_not_available':
    case 'gone':
      return 'remove';
    default:
      return null;
  }
}
