import { gtinSpellings, toGtin14 } from '../../domain/gtin';
import { primaryUnitOf } from '../../domain/units';
import type { PortalApi } from './portalApi';
import type { GtinMatch } from './wire/gtin';

/** The product a scanned GTIN names and the unit it is printed on. */
export type { GtinMatch };

type GtinLookupCalls = Pick<PortalApi, 'productByGtin' | 'searchProducts' | 'productUnits'>;
type CallOptions = { signal?: AbortSignal };

/** The lengths a product record may write the code in, the usual EAN-13 first. */
const searchOrder = (gtin14: string) =>
  gtinSpellings(gtin14).sort((a, b) => Number(b.length === 13) - Number(a.length === 13));

/**
 * A backend with the specification's calls only: the product search (GET netb2b/products/search/) with
 * the code as a product record writes it, and a product whose barcode is this GTIN. Such a backend
 * knows one code per product, the piece's, so the unit is the product's primary unit.
 */
async function lookUpBySearch(
  api: GtinLookupCalls,
  gtin14: string,
  options: CallOptions,
): Promise<GtinMatch | null> {
  for (const query of searchOrder(gtin14)) {
    const products = await api.searchProducts(query, options);
    const product = products.find((candidate) => toGtin14(candidate.barcode.trim()) === gtin14);
    if (!product) continue;
    const unit = primaryUnitOf(product, await api.productUnits(options));
    if (!unit) throw new Error(`product ${product.id} has no unit to order it in`);
    return { product, unit: unit.id, gtin: gtin14 };
  }
  return null;
}

/**
 * The product and unit a scanned GTIN belongs to; null: no product carries it (or the code is no
 * GTIN-14). With the capability `barcodeLookup` one call answers with the unit the code is printed on
 * (a case code names the box); without it the product search finds products by their barcode.
 */
export async function lookUpGtin(
  api: GtinLookupCalls,
  gtin14: string,
  hasCapability: boolean,
  options: CallOptions = {},
): Promise<GtinMatch | null> {
  const normalised = toGtin14(gtin14);
  if (!normalised) return null;
  return hasCapability ? api.productByGtin(normalised, options) : lookUpBySearch(api, normalised, options);
}
