import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { selectProductCount, selectProductListStatus } from '../../machines/product-list.selectors';
import { EmptyState } from './EmptyState';
import { ErrorState } from './ErrorState';
import { LoadingState } from './LoadingState';
import { PriceBasisNote } from './PriceBasisNote';
import type { ProductListRef } from './ProductVirtualList';
import { ProductVirtualList } from './ProductVirtualList';

/** A filtered product list with its loading, failed (retry), empty and page-failed faces. */
export function ProductListView({ list, label }: { list: ProductListRef; label: string }) {
  const { t } = useTranslation();
  const status = useSelector(list, selectProductListStatus);
  const count = useSelector(list, selectProductCount);
  const retry = () => list.send({ type: 'productList.retried' });
  if (status === 'loading') return <LoadingState label={t('products.loading')} />;
  if (status === 'failed') return <ErrorState onRetry={retry} />;
  if (count === 0) return <EmptyState>{t('products.empty')}</EmptyState>;
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
