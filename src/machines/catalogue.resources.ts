import type { CampaignWithPrices } from '../services/api/catalogue';
import { createResourceMachine } from './resource.machine';

export type { CampaignWithPrices } from '../services/api/catalogue';

/**
 * The catalogue's lazy resources (spec point 4, Data loading). The app invokes each with
 * id = systemId = the name given here, and resets them all on sign-out.
 */
export const campaignsResource = createResourceMachine<CampaignWithPrices[]>('campaigns', ({ api, signal }) =>
  api.campaigns({ signal }),
);
export const featuredResource = createResourceMachine('featured', ({ api, signal }) =>
  api.featuredProducts({ signal }),
);
export const newestResource = createResourceMachine('newest', ({ api, signal }) =>
  api.newestProducts({ signal }),
);
export const brandsResource = createResourceMachine('brands', ({ api, signal }) => api.brands({ signal }));
/** Kept in the server's order; the display order depends on the language (catalogue.selectors). */
export const categoriesResource = createResourceMachine('categories', ({ api, signal }) =>
  api.categories({ signal }),
);
export const unitsResource = createResourceMachine('units', ({ api, signal }) =>
  api.productUnits({ signal }),
);
export const currencyResource = createResourceMachine('currency', ({ api, signal }) =>
  api.customerCurrency({ signal }),
);
export const announcementsResource = createResourceMachine('announcements', ({ api, signal }) =>
  api.announcements({ signal }),
);
