import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import { memo, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { productListMachine } from '../../../machines/product-list.machine';
import { selectProductAt, selectProductCount } from '../../../machines/product-list.selectors';
import { ProductPrice } from '../../app/price/product-price';
import { ProductImage } from '../../components/product-image';
import { AddToListMenu } from '../favourites/add-to-list-menu';
import { useOpenProduct } from '../product-dialog/product-dialog-provider';

export type ProductListRef = ActorRefFrom<typeof productListMachine>;

const ROW_HEIGHT = 64;

/**
 * Any number of products (50,000 in the seed) without freezing: only the rows in view are in the
 * page, and the machine loads the pages that cover them. A row whose page has not arrived yet is
 * a grey placeholder of the same height, so the scrollbar never jumps.
 */
export function ProductVirtualList({ list, label }: { list: ProductListRef; label: string }) {
  const { t } = useTranslation();
  // translated once for every row: useTranslation copies the i18n instance on each mount, and rows
  // mount by the dozen while scrolling
  const loadingLabel = t('products.loading');
  const count = useSelector(list, selectProductCount);
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    scrollMargin,
    // Rendered in React's own batch, not synchronously inside every scroll event (a long task each).
    useFlushSync: false,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index;
  const last = items.at(-1)?.index;

  useEffect(() => {
    if (first === undefined || last === undefined) return;
    list.send({ type: 'productList.rangeViewed', startIndex: first, endIndex: last });
  }, [list, first, last]);

  return (
    <ul
      ref={listRef}
      aria-label={label}
      className="relative rounded-lg border border-line bg-surface-raised"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => (
        <li
          key={item.key}
          aria-setsize={count}
          aria-posinset={item.index + 1}
          className="absolute inset-x-0 top-0 border-b border-line last:border-b-0"
          style={{
            // each row is its own layout island: filling one lays out no other
            // (no paint containment, so focus rings may still overflow the row)
            contain: 'size layout style',
            height: item.size,
            transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
          }}
        >
          <ProductRow list={list} index={item.index} loadingLabel={loadingLabel} />
        </li>
      ))}
    </ul>
  );
}

/**
 * One row, memoised on (list, index): scrolling re-renders the list's positions, and only the rows that
 * come into view (or whose page arrives) render their content, star menu and price.
 */
const ProductRow = memo(function ProductRow({
  list,
  index,
  loadingLabel,
}: {
  list: ProductListRef;
  index: number;
  loadingLabel: string;
}) {
  const loaded = useSelector(list, (snapshot) => selectProductAt(snapshot, index)) ?? null;
  // A jump (or an arriving page) fills some 30 rows at once: they first show as placeholders and fill in
  // a background render React can interrupt, so scrolling never waits for a whole screen of rows.
  const product = useDeferredValue(loaded, null);
  const openProduct = useOpenProduct();
  if (!product) {
    return (
      <div className="flex h-full items-center gap-3 px-3" aria-busy="true">
        <span className="sr-only">{loadingLabel}</span>
        <span className="size-11 shrink-0 animate-pulse rounded-md bg-surface-sunken motion-reduce:animate-none" />
        <span className="h-3 w-1/2 animate-pulse rounded bg-surface-sunken motion-reduce:animate-none" />
      </div>
    );
  }
  return (
    <div className="flex h-full items-center gap-1 pe-2 hover:bg-surface-sunken">
      <button
        type="button"
        onClick={() => openProduct(product)}
        className="flex h-full min-w-0 flex-1 items-center gap-3 ps-3 text-start"
      >
        <ProductImage src={product.image} alt="" className="size-11 shrink-0 border border-line" />
        <span className="flex min-w-0 flex-1 flex-col">
          <span dir="auto" className="truncate font-medium">
            {product.name}
          </span>
          <span dir="auto" className="truncate text-xs text-fg-muted">
            <bdi className="font-mono">{product.stockCode}</bdi> · {product.brand.name} ·{' '}
            {product.category.name}
          </span>
        </span>
        <ProductPrice product={product} className="shrink-0 justify-end text-end" />
      </button>
      <AddToListMenu product={product} />
    </div>
  );
});
