import type * as z from 'zod/mini';
import type { Product, Unit } from '../../domain/types';
import type { HttpClient } from './client';
import { productLookupResultWire, toProduct, toUnit } from './wire';

type CallOptions = { signal?: AbortSignal | undefined };

/** What POST /netb2b/products/lookup/ resolved: products by the code as sent, and their units. */
export interface ProductLookup {
  matches: { code: string; product: Product }[];
  notFound: string[];
  /** every unit a matched product is sold in, so unit names in the file can be resolved */
  units: Unit[];
}

/** Quick order (issue 5): the bulk add lives in cart.ts; this is the one-call code lookup. */
export interface QuickOrderApi {
  /** POST /netb2b/products/lookup/: 1 to 10,000 stock codes or barcodes in one call */
  lookUpProducts(codes: string[], options?: CallOptions): Promise<ProductLookup>;
}

const toLookup = (w: z.infer<typeof productLookupResultWire>): ProductLookup => ({
  matches: w.matches.map((match) => ({ code: match.code, product: toProduct(match.product) })),
  notFound: w.not_found,
  units: w.units.map(toUnit),
});

export function quickOrderApi(http: HttpClient): QuickOrderApi {
  return {
    lookUpProducts: (codes, options = {}) =>
      http.call(
        { method: 'post', path: 'netb2b/products/lookup/', json: { codes }, signal: options.signal },
        productLookupResultWire,
        toLookup,
      ),
  };
}
