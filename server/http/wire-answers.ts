import type * as z from 'zod/mini';
import type { brandWire, categoryWire, ProductWire, UnitWire } from '../../src/services/api/wire/catalog';
import type { campaignWithPricesWire, productPageWire } from '../../src/services/api/wire/catalog-pages';
import type { productLookupResultWire } from '../../src/services/api/wire/orders';

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
/** POST /netb2b/products/lookup/ */
export type ProductLookupResultWire = z.infer<typeof productLookupResultWire>;
/** GET /netb2b/brands/ */
export type BrandWire = z.infer<typeof brandWire>;
/** GET /netb2b/categories/ */
export type CategoryWire = z.infer<typeof categoryWire>;
