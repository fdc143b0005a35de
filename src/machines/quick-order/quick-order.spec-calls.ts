import { sumIntoLine } from '../../domain/cart-line-sum';
import { toDecimalString } from '../../domain/decimal';
import type { QuickOrderCartLine } from '../../domain/quick-order';
import type { CartItem, Product, Unit } from '../../domain/types';
import { isApiError, type PortalApi } from '../../services/api';
import type { CartBulkLineResult, CartBulkMode, CartLineWrite } from '../../services/api/cart';
import type { ProductLookup } from '../../services/api/quick-order';

/**
 * The quick order on a backend with the specification's calls only (no lookup, no bulk add): codes are
 * found through the product search and lines written one by one. A few calls at once, never the whole
 * sheet: a supplier's backend was not built for a burst of a thousand requests.
 */
export const SPEC_CALLS_AT_ONCE = 4;

type SpecCallsApi = Pick<
  PortalApi,
  'searchProducts' | 'productUnits' | 'cartItems' | 'addCartItem' | 'updateCartItem'
>;

/** Runs `work` over every item with at most `limit` running at once; the results in the items' order. */
async function inBatches<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The product a code names: its stock code or barcode is the code exactly (the search also finds names). */
const namedBy = (code: string, products: readonly Product[]): Product | undefined =>
  products.find((product) => product.stockCode === code || product.barcode === code);

/**
 * The lookup's answer built from the specification's calls: one search per code (GET
 * netb2b/products/search/?query=) and the units (GET netb2b/product-units/). A failing search fails
 * the check, as a failing lookup does, so the customer may try again.
 */
export async function lookUpBySearch(
  api: SpecCallsApi,
  codes: readonly string[],
  signal: AbortSignal,
): Promise<ProductLookup> {
  if (codes.length === 0) return { matches: [], notFound: [], units: [] };
  const [units, found] = await Promise.all([
    api.productUnits({ signal }),
    inBatches(codes, SPEC_CALLS_AT_ONCE, async (code) =>
      namedBy(code, await api.searchProducts(code, { signal })),
    ),
  ]);
  const matches: ProductLookup['matches'] = [];
  const notFound: string[] = [];
  codes.forEach((code, index) => {
    const product = found[index];
    if (product) matches.push({ code, product });
    else notFound.push(code);
  });
  return { matches, notFound, units };
}

const campaignOf = (item: CartItem): number | null =>
  'campaignId' in item.product ? item.product.campaignId : null;

const refused = (
  index: number,
  line: QuickOrderCartLine,
  error: unknown,
  previous: CartItem | undefined,
): CartBulkLineResult => ({
  index,
  product: line.product.id,
  status: 'rejected',
  // the same refusal codes as the bulk answer's (not_enough_stock, out_of_stock...); a lost call has none
  code: isApiError(error) ? error.code : null,
  errors: {},
  maxQuantity: isApiError(error) ? error.maxQuantity : null,
  previous: previous ? { quantity: previous.quantity, unit: previous.unit } : null,
});

/**
 * The bulk add done line by line (POST netb2b/cart-items/ for a new product, PUT for a product the cart
 * already holds: the summed quantity when adding, the row's own when replacing), answered in the bulk
 * answer's shape so the result reads the same. One line's refusal does not stop the others.
 */
export async function addOneByOne(
  api: SpecCallsApi,
  lines: readonly QuickOrderCartLine[],
  mode: CartBulkMode,
  units: readonly Unit[],
  signal: AbortSignal,
): Promise<CartBulkLineResult[]> {
  const cart = await api.cartItems({ signal });
  return inBatches(lines, SPEC_CALLS_AT_ONCE, async (line, index): Promise<CartBulkLineResult> => {
    const existing = cart.find((item) => item.product.id === line.product.id);
    const own: CartLineWrite = {
      product: line.product.id,
      campaign: null,
      quantity: String(line.quantity),
      unit: line.unit.id,
    };
    try {
      if (!existing) {
        const written = await api.addCartItem(own, { signal });
        return { index, product: line.product.id, status: 'added', written, previous: null };
      }
      const previous = { quantity: existing.quantity, unit: existing.unit };
      let write: CartLineWrite = { ...own, campaign: campaignOf(existing) };
      if (mode === 'add') {
        const summed = sumIntoLine(line.product, units, previous, { quantity: own.quantity, unit: own.unit });
        if (!summed) return refused(index, line, null, existing);
        write = { ...write, quantity: toDecimalString(summed.quantity), unit: summed.unit };
      }
      const written = await api.updateCartItem(existing.id, write, { signal });
      return {
        index,
        product: line.product.id,
        status: mode === 'add' ? 'increased' : 'replaced',
        written,
        previous,
      };
    } catch (error) {
      signal.throwIfAborted();
      return refused(index, line, error, existing);
    }
  });
}
