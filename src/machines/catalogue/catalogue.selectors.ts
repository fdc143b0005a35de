import { sortCategoriesByInitial } from '../../domain/categories';
import type {
  Brand,
  CampaignProduct,
  Category,
  Configuration,
  CustomerCurrency,
  Product,
  Unit,
} from '../../domain/types';
import type { ErrorInfo } from '../kernel/errorInfo';
import type { ResourceSnapshot } from '../kernel/resource.selectors';
import type { CampaignWithPrices } from './catalogue.resources';

export {
  type ResourceSnapshot,
  selectIsResourceRejected,
  selectResourceStatus,
} from '../kernel/resource.selectors';

/** One frozen empty list, so a selector returns the same value until data arrives (no re-render). */
const NONE: readonly never[] = Object.freeze([]);

export const selectCampaigns = (s: ResourceSnapshot<CampaignWithPrices[]>): readonly CampaignWithPrices[] =>
  s.context.value ?? NONE;

/** Home: featured and newest tables show only when campaigns exist. */
export const selectHasCampaigns = (s: ResourceSnapshot<CampaignWithPrices[]>): boolean =>
  (s.context.value?.length ?? 0) > 0;

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
/** null until loaded: unit conversion cannot start without them. */
export const selectUnits = (s: ResourceSnapshot<Unit[]>): Unit[] | null => s.context.value;
/** The name of a brand or a category by id (the catalog detail title); '' until its list is known. */
export const selectEntryName = (
  s: { context: { value: readonly { id: number; name: string }[] | null } },
  id: number,
): string => s.context.value?.find((entry) => entry.id === id)?.name ?? '';
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

export const selectMoneyDecimalPlaces = (s: ResourceSnapshot<Configuration>): number | null =>
  s.context.value?.moneyDecimalPlaces ?? null;
/** The error of a failed load while a resource is rejected, else null. */
export const selectLoadFailure = <T>(s: ResourceSnapshot<T>): ErrorInfo | null =>
  s.matches('rejected') ? s.context.error : null;

/**
 * Spec point 8, price formatting: a loading text while configuration or currency is missing,
 * "Error displaying price: {{error}}" when either failed. A failed reload keeps the old value,
 * so prices stay readable then. Combines what a view selects one by one (`selectMoneyDecimalPlaces`,
 * `selectCurrencySymbol`, `selectLoadFailure` of each), so it re-renders only when one of them changes.
 */
export function priceFormatStatus(parts: {
  decimalPlaces: number | null;
  currencySymbol: string | null;
  configurationError: ErrorInfo | null;
  currencyError: ErrorInfo | null;
}): PriceFormatStatus {
  const { decimalPlaces, currencySymbol } = parts;
  if (decimalPlaces !== null && currencySymbol) return { status: 'ready', decimalPlaces, currencySymbol };
  const error =
    (decimalPlaces === null ? parts.configurationError : null) ??
    (!currencySymbol ? parts.currencyError : null);
  return error ? { status: 'failed', error } : { status: 'loading' };
}
