import * as z from 'zod/mini';
import type { QuickOrderUnit } from '../../domain/quick-order';
import type { Product } from '../../domain/types';
import type { HttpClient } from './client';
import { ApiError } from './errors';
import { productWire, toProduct } from './wire';
import { lookupUnitWire, toLookupUnit } from './wire/product-lookup';

type CallOptions = { signal?: AbortSignal | undefined };

/** What POST /netb2b/products/lookup/ resolved: products by the code as sent, and their units. */
export interface ProductLookup {
  matches: { code: string; product: Product }[];
  notFound: string[];
  /** every unit a matched product is sold in, so unit names in the file can be resolved */
  units: QuickOrderUnit[];
}

/** Quick order: the bulk add lives in cart.ts; this is the one-call code lookup. */
export interface QuickOrderApi {
  /** POST /netb2b/products/lookup/: 1 to 10,000 stock codes or barcodes in one call */
  lookUpProducts(codes: string[], options?: CallOptions): Promise<ProductLookup>;
}

/**
 * The answer's outer shape (productLookupResultWire with each product left for later). Ten thousand products
 * checked in one go would hold the page for a quarter of a second, so they are checked in slices below.
 */
const lookupEnvelope = z.object({
  matches: z.array(z.object({ code: z.string(), product: z.unknown() })),
  not_found: z.array(z.string()),
  units: z.array(lookupUnitWire),
});

const PRODUCTS_PER_SLICE = 500;

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

async function toLookup(
  envelope: z.infer<typeof lookupEnvelope>,
  signal: AbortSignal | undefined,
): Promise<ProductLookup> {
  const matches: ProductLookup['matches'] = [];
  for (let start = 0; start < envelope.matches.length; start += PRODUCTS_PER_SLICE) {
    if (start > 0) await nextTask();
    signal?.throwIfAborted();
    for (const [offset, match] of envelope.matches.slice(start, start + PRODUCTS_PER_SLICE).entries()) {
      const product = z.safeParse(productWire, match.product);
      if (!product.success)
        throw new ApiError(
          { kind: 'parse', call: 'POST netb2b/products/lookup/', status: 200, cause: product.error },
          `POST netb2b/products/lookup/: unexpected product at matches[${start + offset}]`,
        );
      matches.push({ code: match.code, product: toProduct(product.data) });
    }
  }
  return { matches, notFound: envelope.not_found, units: envelope.units.map(toLookupUnit) };
}

export function quickOrderApi(http: HttpClient): QuickOrderApi {
  return {
    lookUpProducts: async (codes, options = {}) => {
      const envelope = await http.call(
        { method: 'post', path: 'netb2b/products/lookup/', json: { codes }, signal: options.signal },
        lookupEnvelope,
        (answer) => answer,
      );
      return toLookup(envelope, options.signal);
    },
  };
}
