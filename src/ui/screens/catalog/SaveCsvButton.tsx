import { useSelector } from '@xstate/react';
import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productListCsv } from '../../../domain/product-csv';
import {
  selectIsFullyLoaded,
  selectLoadedProducts,
  selectProductCount,
  selectProductListStatus,
} from '../../../machines/product-list.selectors';
import { useConfiguration } from '../../app/useConfiguration';
import { usePriceBasis } from '../../components/cartHooks';
import type { ProductListRef } from '../../components/ProductVirtualList';
import { Spinner } from '../../components/Spinner';

/**
 * Spec point 2, catalog detail: saves the whole product list as a CSV file to downloads. Pages not
 * seen yet are loaded first; the browser's download needs no extra permission.
 */
export function SaveCsvButton({ list, fileName }: { list: ProductListRef; fileName: string }) {
  const { t } = useTranslation();
  const basis = usePriceBasis();
  const count = useSelector(list, selectProductCount);
  const status = useSelector(list, selectProductListStatus);
  const complete = useSelector(list, selectIsFullyLoaded);
  const decimalPlaces = useConfiguration()?.moneyDecimalPlaces ?? 2;
  // Waiting for the remaining pages is the only moment the button has to remember: view state.
  const [preparing, setPreparing] = useState(false);

  useEffect(() => {
    if (!preparing) return;
    if (complete) {
      const csv = productListCsv(
        selectLoadedProducts(list.getSnapshot()),
        {
          stockCode: t('product.sku'),
          barcode: t('product.barcode'),
          name: t('product.name'),
          brand: t('product.brand'),
          category: t('product.category'),
          price: t('product.price'),
          oldPrice: t('product.oldPrice'),
          inStock: t('product.quantityInStock'),
        },
        decimalPlaces,
        basis,
      );
      download(csv, `${fileName}.csv`);
      setPreparing(false);
    } else if (status === 'ready') {
      // The list's own scrolling may have asked for other rows meanwhile: ask for all of them again.
      list.send({ type: 'productList.rangeViewed', startIndex: 0, endIndex: count - 1 });
    } else if (status === 'pageFailed' || status === 'failed') {
      setPreparing(false);
    }
  }, [preparing, complete, status, count, list, fileName, decimalPlaces, basis, t]);

  return (
    <button
      type="button"
      disabled={count === 0 || preparing}
      aria-busy={preparing}
      onClick={() => setPreparing(true)}
      className="tap-target inline-flex items-center gap-2 rounded-md border border-line bg-surface-raised px-3 font-medium hover:bg-surface-sunken disabled:opacity-60"
    >
      {preparing ? <Spinner className="size-4" /> : <Download aria-hidden="true" className="size-4" />}
      {preparing ? t('catalog.preparingCsv') : t('catalog.saveCsv')}
    </button>
  );
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
