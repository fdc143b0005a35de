import { toDecimal } from '../../domain/decimal';
import type { Product } from '../../domain/types';
import type { ProductFilters } from './product-list.machine';

/**
 * Without the product pages (a backend that speaks only the specification), a list is the search's
 * answer narrowed on the client by the filters the search call cannot take: category, brand and "in
 * stock only". A product whose stock the backend does not tell stays in: nothing says it is out.
 */
export function narrowSearchResults(results: readonly Product[], filters: ProductFilters): Product[] {
  const narrowed = results.filter(
    (product) =>
      (filters.category === null || product.category?.id === filters.category) &&
      (filters.brand === null || product.brand?.id === filters.brand) &&
      (!filters.inStock || product.quantityInStock === null || product.quantityInStock > 0),
  );
  return sortedLikeThePages(narrowed, filters.sort);
}

/** Price strings compare as decimals; a product without a readable price sorts last rather than breaking the list. */
function comparePrices(a: Product, b: Product): number {
  const priceA = readablePrice(a);
  const priceB = readablePrice(b);
  if (priceA === null || priceB === null) return (priceA === null ? 1 : 0) - (priceB === null ? 1 : 0);
  return priceA.comparedTo(priceB);
}

function readablePrice(product: Product) {
  try {
    return product.price === null ? null : toDecimal(product.price);
  } catch {
    return null;
  }
}

/** The orders the product pages offer; "relevance" and "newest" keep the search's own order (it has no dates). */
function sortedLikeThePages(products: Product[], sort: ProductFilters['sort']): Product[] {
  if (sort === 'name') return [...products].sort((a, b) => a.name.localeCompare(b.name));
  if (sort === 'price') return [...products].sort(comparePrices);
  return products;
}

/** The narrowed results cut into the list's pages, so the virtual list reads them as it reads loaded pages. */
export function asLoadedPages(products: readonly Product[], pageSize: number): Record<number, Product[]> {
  const pages: Record<number, Product[]> = {};
  for (let start = 0, page = 1; start < products.length; start += pageSize, page++) {
    pages[page] = products.slice(start, start + pageSize);
  }
  return pages;
}
