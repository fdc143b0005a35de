import type { ProductFilters } from '../../../machines/catalogue';
import { PRODUCT_SORTS, type ProductSort } from '../../../machines/catalogue';
import { paths } from '../../app/routes';

/** What /products/ shows, read from its address (the address is the source: reload and links keep it). */
export type ProductsAddress = Pick<ProductFilters, 'category' | 'brand' | 'q' | 'sort' | 'inStock'>;

function idParameter(search: URLSearchParams, name: string): number | null {
  const id = Number(search.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

const isSort = (value: string | null): value is ProductSort =>
  value !== null && (PRODUCT_SORTS as readonly string[]).includes(value);

export function readProductsAddress(search: URLSearchParams): ProductsAddress {
  const q = search.get('q')?.trim() || null;
  const sort = search.get('sort');
  return {
    category: idParameter(search, 'category'),
    brand: idParameter(search, 'brand'),
    q,
    // relevance needs a search: without one the list is in name order anyway
    sort: isSort(sort) && (q !== null || sort !== 'relevance') ? sort : null,
    inStock: search.get('in_stock') === '1',
  };
}

/** The address of `address`, leaving out what is the default. */
export function productsAddressPath(address: ProductsAddress): string {
  const query = new URLSearchParams();
  if (address.q) query.set('q', address.q);
  if (address.sort) query.set('sort', address.sort);
  if (address.inStock) query.set('in_stock', '1');
  if (address.category !== null) query.set('category', String(address.category));
  if (address.brand !== null) query.set('brand', String(address.brand));
  const text = query.toString();
  return text ? `${paths.products}?${text}` : paths.products;
}

/** The order shown when the address names none: the server's default. */
export const shownSort = (address: ProductsAddress): ProductSort =>
  address.sort ?? (address.q ? 'relevance' : 'name');
