import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { bindProductList, changesFilters, selectProductFilters } from '../../../machines/catalogue';
import { PageTitle } from '../../components/page-title';
import { useBoundMachine, usePortalInspection } from '../../hooks/use-app-actor';
import { useCapability } from '../../hooks/use-capability';
import { ProductFilters } from './product-filters';
import { ProductListView } from './product-list-view';
import { type ProductsAddress, productsAddressPath, readProductsAddress } from './products-address';
import { ResultsEmpty } from './results-empty';

/** spec point 8: failures are reported through the one reporter */

/**
 * /products/ (a lazily loaded route): every product, filtered by category and brand, and the
 * search results page (/products/?q=) with its order and "in stock only". The home
 * page's category buttons arrive with ?category=<id> preselected. The address holds all of it
 * (a reload, a shared link or the menu's plain /products/ shows the list it names); the list
 * machine follows it.
 */
export function ProductsScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const address = readProductsAddress(new URLSearchParams(useSearch()));
  const canLoadPages = useCapability('productPages');
  const list = useActorRef(useBoundMachine(bindProductList), {
    ...usePortalInspection(),
    input: { filters: { ...address, campaign: null }, canLoadPages },
  });
  const filters = useSelector(list, selectProductFilters);

  const { category, brand, q, sort, inStock } = address;
  useEffect(() => {
    const wanted = { category, brand, q, sort, inStock };
    if (changesFilters(filters, wanted)) list.send({ type: 'productList.filtersChanged', filters: wanted });
  }, [list, filters, category, brand, q, sort, inStock]);

  // Each change is an entry of its own: Back undoes a filter, and a reload or a shared link keeps it.
  const change = (next: Partial<ProductsAddress>) => navigate(productsAddressPath({ ...address, ...next }));
  const clearFilters = () => change({ category: null, brand: null, inStock: false });
  const filtered = category !== null || brand !== null || inStock;

  return (
    <div className="flex flex-col gap-4">
      <PageTitle>
        {q === null ? (
          t('products.title')
        ) : (
          <Trans i18nKey="results.heading" values={{ query: q }} components={{ q: <bdi dir="auto" /> }} />
        )}
      </PageTitle>
      <ProductFilters address={address} onChange={change} />
      <ProductListView
        list={list}
        label={q === null ? t('products.title') : t('search.results')}
        inCategory={category !== null}
        onSearch={(query) => change({ q: query })}
        empty={
          q !== null || filtered ? (
            <ResultsEmpty query={q} onClear={filtered ? clearFilters : undefined} />
          ) : undefined
        }
      />
    </div>
  );
}
