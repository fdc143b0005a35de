import type * as z from 'zod/mini';
import type { brandWire, categoryWire, ProductWire, UnitWire } from '../../src/services/api/wire/catalog';
import type { campaignWithPricesWire, productPageWire } from '../../src/services/api/wire/catalog-pages';
import type { productLookupResultWire } from '../../src/services/api/wire/orders';
import type { LookupUnitWire } from '../../src/services/api/wire/product-lookup';

/**
 * The answers as the client parses them: each the type of the zod wire schema the client reads that
 * answer with (src/services/api/wire). A route builds its answer typed as one of these, so a field the
 * client expects cannot go missing without a type error.
 */
export type { ProductWire, UnitWire };
/** GET /netb2b/products/ */
export type ProductPageWire = z.infer<typeof productPageWire>;
/** GET /netb2b/campaigns/ (a list of these) and /netb2b/campaigns/{id}/ */
export type CampaignWithPricesWire = z.infer<typeof campaignWithPricesWire>;
/** POST /netb2b/products/lookup/, its units as quick order reads them (with every language's names) */
export type ProductLookupResultWire = Omit<z.infer<typeof productLookupResultWire>, 'units'> & {
  units: LookupUnitWire[];
};
/** GET /netb2b/brands/ */
export type BrandWire = z.infer<typeof brandWire>;
/** GET /netb2b/categories/ */
export type CategoryWire = z.infer<typeof categoryWire>;
