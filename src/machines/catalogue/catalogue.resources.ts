import type { Announcement, Brand, Category, CustomerCurrency, Product, Unit } from '../../domain/types';
import type { CampaignWithPrices } from '../../services/api/catalogue';
import type { Ports } from '../kernel/ports';
import { bindResource, createResourceMachine } from '../kernel/resource.machine';

export type { CampaignWithPrices } from '../../services/api/catalogue';

/**
 * The catalogue's lazy resources (spec point 4, Data loading). The app invokes each with
 * id = systemId = the name given here, and resets them all on sign-out.
 */
export const campaignsResource = createResourceMachine<CampaignWithPrices[]>('campaigns');
export const featuredResource = createResourceMachine<Product[]>('featured');
export const newestResource = createResourceMachine<Product[]>('newest');
export const brandsResource = createResourceMachine<Brand[]>('brands');
/** Kept in the server's order; the display order depends on the language (catalogue.selectors). */
export const categoriesResource = createResourceMachine<Category[]>('categories');
export const unitsResource = createResourceMachine<Unit[]>('units');
export const currencyResource = createResourceMachine<CustomerCurrency>('currency');
export const announcementsResource = createResourceMachine<Announcement[]>('announcements');

/** Each resource with its call and its error reporter bound (composition root). */
export const bindCatalogueResources = ({ api }: Ports) => ({
  campaigns: bindResource(campaignsResource, (signal) => api.campaigns({ signal }), api),
  featured: bindResource(featuredResource, (signal) => api.featuredProducts({ signal }), api),
  newest: bindResource(newestResource, (signal) => api.newestProducts({ signal }), api),
  brands: bindResource(brandsResource, (signal) => api.brands({ signal }), api),
  categories: bindResource(categoriesResource, (signal) => api.categories({ signal }), api),
  units: bindResource(unitsResource, (signal) => api.productUnits({ signal }), api),
  currency: bindResource(currencyResource, (signal) => api.customerCurrency({ signal }), api),
  announcements: bindResource(announcementsResource, (signal) => api.announcements({ signal }), api),
});
