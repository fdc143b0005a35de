import * as z from 'zod/mini';
import type { CampaignProduct, Product } from '../../../domain/types';
import { productWire, toProduct } from './catalog';
import { id } from './primitives';

// Barcode lookup (capability `barcodeLookup`, docs/api.md "Barcode lookup"): the product and unit a
// scanned GTIN belongs to. A backend without the capability is asked through the product search.

/** GET /netb2b/products/by-gtin/{gtin}/: the product (priced, with its campaign price) and the unit */
export const gtinMatchWire = z.object({
  product: productWire,
  /** the unit whose GTIN this is: the box for a case code, the piece for a unit code */
  unit: id,
  /** the GTIN as 14 digits, however it was asked for or stored */
  gtin: z.string().check(z.regex(/^\d{14}$/)),
});
export type GtinMatchWire = z.infer<typeof gtinMatchWire>;

export interface GtinMatch {
  product: Product | CampaignProduct;
  unit: number;
  gtin: string;
}

export const toGtinMatch = (wire: GtinMatchWire): GtinMatch => ({
  product: toProduct(wire.product),
  unit: wire.unit,
  gtin: wire.gtin,
});
