import type { SnapshotFrom } from 'xstate';
import { sortCategoriesByInitial } from '../domain/categories';
import type {
  Announcement,
  Brand,
  CampaignProduct,
  Category,
  Configuration,
  CustomerCurrency,
  Product,
  Unit,
} from '../domain/types';
import type { CampaignWithPrices } from './catalogue.resources';
import type { ErrorInfo } from './errorInfo';
import type { ResourceMachine } from './resource.machine';

export type ResourceSnapshot<T> = SnapshotFrom<ResourceMachine<T>>;
export type ResourceStatus = 'new' | 'loading' | 'resolved' | 'reloading' | 'rejected';

/** One frozen empty list, so a selector returns the same value until data arrives (no re-render). */
const NONE: readonly never[] = Object.freeze([]);

export const selectResourceStatus = <T>(s: ResourceSnapshot<T>): ResourceStatus => s.value as ResourceStatus;

export const selectResourceError = <T>(s: ResourceSnapshot<T>): ErrorInfo | null => s.context.error;

export const selectCampaigns = (s: ResourceSnapshot<CampaignWithPrices[]>): readonly CampaignWithPrices[] =>
  s.context.value ?? NONE;

/** Home: featured and newest tables show only when campaigns exist. */
export const selectHasCampaigns = (s: ResourceSnapshot<CampaignWithPrices[]>): boolean =>
  (s.context.value?.length ?? 0) > 0;

export const selectCampaignById = (
  s: ResourceSnapshot<CampaignWithPrices[]>,
  id: number,
): CampaignWithPrices | undefined => s.context.value?.find((campaign) => campaign.id === id);

const campaignProductsCache = new WeakMap<CampaignWithPrices, (Product | CampaignProduct)[]>();
/**
 * A campaign's products as the server prices them today (same array for the same campaign): the
 * product carries its best running campaign price, which may be another campaign's lower one, and an
 * ended campaign's products come at their regular price, so the page never shows a price the cart
 * would not charge.
 */
export function selectCampaignProducts(campaign: CampaignWithPrices): (Product | CampaignProduct)[] {
  let products = campaignProductsCache.get(campaign);
  if (!products) {
    products = campaign.campaignPrices.map((price) => price.product);
    campaignProductsCache.set(campaign, products);
  }
  return products;
}

export const selectFeatured = (s: ResourceSnapshot<Product[]>): readonly Product[] => s.context.value ?? NONE;
export const selectNewest = (s: ResourceSnapshot<Product[]>): readonly Product[] => s.context.value ?? NONE;
export const selectBrands = (s: ResourceSnapshot<Brand[]>): readonly Brand[] => s.context.value ?? NONE;
export const selectAnnouncements = (s: ResourceSnapshot<Announcement[]>): readonly Announcement[] =>
  s.context.value ?? NONE;
/** null until loaded: unit conversion cannot start without them. */
export const selectUnits = (s: ResourceSnapshot<Unit[]>): Unit[] | null => s.context.value;
export const selectCurrencySymbol = (s: ResourceSnapshot<CustomerCurrency>): string | null =>
  s.context.value?.symbol ?? null;

const sortedCategoriesCache = new WeakMap<Category[], Map<string, Category[]>>();
/**
 * Spec point 5: categories sorted by the first character of the name, in the interface
 * language's letter order. Memoised per list and language, so useSelector sees one array.
 */
export function selectSortedCategories(
  s: ResourceSnapshot<Category[]>,
  language: string,
): readonly Category[] {
  const categories = s.context.value;
  if (!categories) return NONE;
  let byLanguage = sortedCategoriesCache.get(categories);
  if (!byLanguage) {
    byLanguage = new Map();
    sortedCategoriesCache.set(categories, byLanguage);
  }
  let sorted = byLanguage.get(language);
  if (!sorted) {
    sorted = sortCategoriesByInitial(categories, language);
    byLanguage.set(language, sorted);
  }
  return sorted;
}

export type PriceFormatStatus =
  | { status: 'loading' }
  | { status: 'failed'; error: ErrorInfo }
  | { status: 'ready'; decimalPlaces: number; currencySymbol: string };

/**
 * Spec point 8, price formatting: a loading text while configuration or currency is missing,
 * "Error displaying price: {{error}}" when either failed. A failed reload keeps the old value,
 * so prices stay readable then. Plain function of two snapshots: call it in render.
 */
export function selectPriceFormatStatus(
  configuration: ResourceSnapshot<Configuration>,
  currency: ResourceSnapshot<CustomerCurrency>,
): PriceFormatStatus {
  const config = configuration.context.value;
  const symbol = currency.context.value?.symbol;
  if (config && symbol) {
    return { status: 'ready', decimalPlaces: config.moneyDecimalPlaces, currencySymbol: symbol };
  }
  const error =
    (!config && configuration.matches('rejected') ? configuration.context.error : null) ??
    (!symbol && currency.matches('rejected') ? currency.context.error : null);
  return error ? { status: 'failed', error } : { status: 'loading' };
}
