import type { SnapshotFrom } from 'xstate';
import type { ListedProduct, ProductFilters, productListMachine } from './product-list.machine';

export type ProductListSnapshot = SnapshotFrom<typeof productListMachine>;
/** `needsQuery`: without the product pages a list needs a search to start from (the view offers one). */
export type ProductListStatus = 'loading' | 'needsQuery' | 'failed' | 'ready' | 'loadingMore' | 'pageFailed';

/** The virtual list's length: 0 until the first page tells how many rows there are. */
export const selectProductCount = (s: ProductListSnapshot): number => s.context.count ?? 0;

/** The row at `index`, or undefined while its page is not loaded (render a placeholder). */
export function selectProductAt(s: ProductListSnapshot, index: number): ListedProduct | undefined {
  const { pageSize, pages } = s.context;
  return pages[Math.floor(index / pageSize) + 1]?.[index % pageSize];
}

/** Every loaded row in list order (a CSV export asks for the whole range first). */
export function selectLoadedProducts(s: ProductListSnapshot): ListedProduct[] {
  return Object.keys(s.context.pages)
    .map(Number)
    .sort((a, b) => a - b)
    .flatMap((page) => s.context.pages[page] ?? []);
}

/** Whether every row of the list is loaded. */
export const selectIsFullyLoaded = (s: ProductListSnapshot): boolean =>
  s.context.count !== null && selectLoadedProducts(s).length >= s.context.count;

export const selectProductFilters = (s: ProductListSnapshot): ProductFilters => s.context.filters;

export function selectProductListStatus(s: ProductListSnapshot): ProductListStatus {
  if (s.hasTag('loading')) return 'loading';
  if (s.matches('awaitingQuery')) return 'needsQuery';
  if (s.matches('failed')) return 'failed';
  if (s.matches({ ready: 'loadingPage' })) return 'loadingMore';
  if (s.matches({ ready: 'pageFailed' })) return 'pageFailed';
  return 'ready';
}

/** How many rows are loaded (a CSV export reports its progress with it). */
export const selectLoadedCount = (s: ProductListSnapshot): number =>
  Object.values(s.context.pages).reduce((sum, page) => sum + page.length, 0);

/** Whether the rows come from the product pages (false: from the search, narrowed on the client). */
export const selectUsesProductPages = (s: ProductListSnapshot): boolean => s.context.pagesOffered;
