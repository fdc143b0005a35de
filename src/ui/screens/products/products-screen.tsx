import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { bindProductList } from '../../../machines/product-list.machine';
import { selectProductFilters } from '../../../machines/product-list.selectors';
import { paths } from '../../app/routes';
import { PageTitle } from '../../components/page-title';
import { useBoundMachine } from '../../hooks/use-app-actor';
import { ProductFilters } from './product-filters';
import { ProductListView } from './product-list-view';

/** spec point 8: failures are reported through the one reporter */

function idParameter(search: URLSearchParams, name: string): number | null {
  const id = Number(search.get(name));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * /products/ (a lazily loaded route): every product, filtered by category and brand. The home
 * page's category buttons arrive with ?category=<id> preselected. The address holds the filters
 * (a reload, a shared link or the menu's plain /products/ shows the list it names); the list
 * machine follows it.
 */
export function ProductsScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = new URLSearchParams(useSearch());
  const category = idParameter(search, 'category');
  const brand = idParameter(search, 'brand');
  const list = useActorRef(useBoundMachine(bindProductList), {
    input: { filters: { category, brand, campaign: null } },
  });
  const filters = useSelector(list, selectProductFilters);

  useEffect(() => {
    if (filters.category !== category)
      list.send({ type: 'productList.filterChanged', filter: 'category', id: category });
    if (filters.brand !== brand) list.send({ type: 'productList.filterChanged', filter: 'brand', id: brand });
  }, [list, filters, category, brand]);

  function changeFilter(filter: 'category' | 'brand', id: number | null) {
    const next = { category, brand, [filter]: id };
    const query = new URLSearchParams();
    if (next.category !== null) query.set('category', String(next.category));
    if (next.brand !== null) query.set('brand', String(next.brand));
    const text = query.toString();
    navigate(text ? `${paths.products}?${text}` : paths.products, { replace: true });
  }

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>{t('products.title')}</PageTitle>
      <ProductFilters category={category} brand={brand} onChange={changeFilter} />
      <ProductListView list={list} label={t('products.title')} />
    </div>
  );
}
