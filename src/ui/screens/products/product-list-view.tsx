import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectProductCount, selectProductListStatus } from '../../../machines/catalogue';
import { PriceBasisNote } from '../../app/price/price-basis-note';
import { EmptyState } from '../../components/empty-state';
import { ErrorState } from '../../components/error-state';
import { LoadingState } from '../../components/loading-state';
import type { ProductListRef } from './product-virtual-list';
import { ProductVirtualList } from './product-virtual-list';
import { SearchToList } from './search-to-list';

/**
 * A filtered product list with its loading, failed (retry), empty and page-failed faces; `empty`
 * replaces the plain "No products found" (the results page says what did not match). Without the
 * product pages and without a search, it offers a search box (`onSearch`: the screen decides where
 * the search goes, the address or the list).
 */
export function ProductListView({
  list,
  label,
  empty,
  onSearch,
  inCategory = false,
}: {
  list: ProductListRef;
  label: string;
  empty?: ReactNode;
  onSearch: (query: string) => void;
  /** the list is a category's: the hint says the search stays within it */
  inCategory?: boolean;
}) {
  const { t } = useTranslation();
  const status = useSelector(list, selectProductListStatus);
  const count = useSelector(list, selectProductCount);
  const retry = () => list.send({ type: 'productList.retried' });
  if (status === 'loading') return <LoadingState label={t('products.loading')} />;
  if (status === 'failed') return <ErrorState onRetry={retry} />;
  if (status === 'needsQuery') return <SearchToList inCategory={inCategory} onSearch={onSearch} />;
  if (count === 0) return empty ?? <EmptyState>{t('products.empty')}</EmptyState>;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4">
        <p className="text-fg-muted" aria-live="polite">
          {t('products.count', { count })}
        </p>
        <PriceBasisNote />
      </div>
      {status === 'pageFailed' && <ErrorState onRetry={retry} />}
      <ProductVirtualList list={list} label={label} />
    </div>
  );
}
