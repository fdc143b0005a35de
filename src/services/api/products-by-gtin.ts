import type { HttpClient } from './client';
import { isApiError } from './errors';
import { type GtinMatch, gtinMatchWire, toGtinMatch } from './wire/gtin';

type CallOptions = { signal?: AbortSignal | undefined };

/** The product a scanned barcode names (capability `barcodeLookup`, docs/api.md). */
export interface GtinLookupApi {
  /**
   * GET netb2b/products/by-gtin/{gtin14}/: the product and unit carrying this GTIN, null when no
   * product the customer may see carries it (404 `unknown_gtin`)
   */
  productByGtin(gtin14: string, options?: CallOptions): Promise<GtinMatch | null>;
}

export function gtinLookupApi(http: HttpClient): GtinLookupApi {
  return {
    productByGtin: async (gtin14, options = {}) => {
      try {
        return await http.call(
          {
            method: 'get',
            path: `netb2b/products/by-gtin/${encodeURIComponent(gtin14)}/`,
            signal: options.signal,
          },
          gtinMatchWire,
          toGtinMatch,
        );
      } catch (error) {
        // only the answer about the code: a bare 404 is a backend without the call (isMissingCall)
        if (isApiError(error) && error.status === 404 && error.code === 'unknown_gtin') return null;
        throw error;
      }
    },
  };
}
