import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useSelector } from '@xstate/react';
import { memo, useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { productListMachine } from '../../../machines/catalogue';
import { selectProductAt, selectProductCount } from '../../../machines/catalogue';
import { ProductImage } from '../../components/product-image';
import { AddToListMenu } from '../favourites/add-to-list-menu';
import { OrderRowControls } from '../order-row';
import { OrderRowsProvider, QUANTITY_BOX } from '../order-row/order-rows-kit';
import { useOpenProduct } from '../product-dialog/product-dialog-provider';
import { RowPrice, type RowPrices, useRowPrices } from './row-price';
import { createRowReveal, type RowReveal } from './row-reveal';

export type ProductListRef = ActorRefFrom<typeof productListMachine>;

/** One line on the desktop layout; on phones the ordering controls stack under the name. */
const ROW_HEIGHT = 64;
const PHONE_ROW_HEIGHT = 116;
// the desktop layout starts at the `desktop` breakpoint of styles.css
const DESKTOP_QUERY = '(min-width: 47.875rem)';
/**
 * Rows filled in per frame after a jump: a screen (12 desktop rows and the overscan) in four or five
 * frames, each frame's commit small enough to stay far under a long task.
 */
const ROWS_PER_FRAME = 4;

// one MediaQueryList for every read: the list reads it on each render, and it renders on each scroll step
let desktopQueryList: MediaQueryList | null | undefined;
const desktopMedia = () => {
  if (desktopQueryList === undefined)
    desktopQueryList = typeof window.matchMedia === 'function' ? window.matchMedia(DESKTOP_QUERY) : null;
  return desktopQueryList;
};
const subscribeDesktop = (onChange: () => void) => {
  const media = desktopMedia();
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
};
/** Whether the desktop layout applies (no media queries, as in jsdom: the desktop). */
const isDesktop = () => desktopMedia()?.matches ?? true;

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
  // the price formatter and basis, once for every row (each product's prices formatted once)
  const prices = useRowPrices();
  const [reveal] = useState(() => createRowReveal(ROWS_PER_FRAME));
  const count = useSelector(list, selectProductCount);
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    setScrollMargin(listRef.current?.offsetTop ?? 0);
  }, []);
  const desktop = useSyncExternalStore(subscribeDesktop, isDesktop, () => true);
  const rowHeight = desktop ? ROW_HEIGHT : PHONE_ROW_HEIGHT;
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => rowHeight,
    // Rows drawn beyond the screen on each side. Every row a jump (the scrollbar thumb dragged) puts in
    // is mounted in the same commit, so fewer rows off screen make each step cheaper; 4 rows are still
    // more than a wheel or trackpad scrolls in a frame.
    overscan: 4,
    scrollMargin,
    // Rendered in React's own batch, not synchronously inside every scroll event (a long task each).
    useFlushSync: false,
  });
  // a new layout: every row has the other height
  useEffect(() => {
    if (rowHeight) virtualizer.measure();
  }, [virtualizer, rowHeight]);
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index;
  const last = items.at(-1)?.index;
  reveal.setAnchor(virtualizer.range?.startIndex ?? first ?? 0);

  useEffect(() => {
    if (first === undefined || last === undefined) return;
    list.send({ type: 'productList.rangeViewed', startIndex: first, endIndex: last });
  }, [list, first, last]);

  // Enter in a row's quantity box: the next row may be beyond the drawn ones (or still a placeholder
  // while its page loads), so it is scrolled into view first and its box focused once it is there.
  const focusNext = useCallback(
    (from: HTMLElement) => {
      const focusRow = (target: number) => {
        if (target >= virtualizer.options.count) return;
        virtualizer.scrollToIndex(target, { align: 'auto' });
        let frames = 0;
        const tryFocus = () => {
          const box = listRef.current?.querySelector<HTMLInputElement>(
            `[data-index="${target}"] input[${QUANTITY_BOX}]`,
          );
          // a row that takes no input (out of stock) is passed over, as Tab would
          if (box?.disabled) focusRow(target + 1);
          else if (box) {
            box.focus();
            box.select();
          } else if (++frames < 120) requestAnimationFrame(tryFocus);
        };
        tryFocus();
      };
      const index = Number(from.closest('[data-index]')?.getAttribute('data-index'));
      if (Number.isInteger(index)) focusRow(index + 1);
    },
    [virtualizer],
  );

  return (
    <OrderRowsProvider focusNext={focusNext}>
      <ul
        ref={listRef}
        aria-label={label}
        className="relative rounded-lg border border-line bg-surface-raised"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {items.map((item) => (
          <li
            key={item.key}
            data-index={item.index}
            aria-setsize={count}
            aria-posinset={item.index + 1}
            // a focused row lifts above the rows below, so the quantity message under its box shows
            className="absolute inset-x-0 top-0 border-b border-line last:border-b-0 focus-within:z-10"
            style={{
              // each row is its own layout island: filling one lays out no other
              // (no paint containment, so focus rings may still overflow the row)
              contain: 'size layout style',
              height: item.size,
              transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)`,
            }}
          >
            <ProductRow
              list={list}
              index={item.index}
              loadingLabel={loadingLabel}
              prices={prices}
              reveal={reveal}
            />
          </li>
        ))}
      </ul>
    </OrderRowsProvider>
  );
}

/**
 * One row, memoised on (list, index) and the list's shared texts and prices: scrolling re-renders the
 * list's positions, and only the rows that come into view (or whose page arrives) render their content,
 * star menu and price.
 */
const ProductRow = memo(function ProductRow({
  list,
  index,
  loadingLabel,
  prices,
  reveal,
}: {
  list: ProductListRef;
  index: number;
  loadingLabel: string;
  prices: RowPrices;
  reveal: RowReveal;
}) {
  const loaded = useSelector(list, (snapshot) => selectProductAt(snapshot, index)) ?? null;
  // A jump (or an arriving page) brings some 20 rows at once: each shows its placeholder first and is
  // filled in with a few others in a frame of its own (row-reveal.ts), so scrolling never waits for a
  // whole screen of rows; until then a row keeps showing what it showed.
  const [product, setProduct] = useState<typeof loaded>(null);
  useEffect(() => {
    if (loaded === product) return;
    if (!loaded) {
      setProduct(null);
      return;
    }
    return reveal.add(index, () => setProduct(loaded));
  }, [loaded, product, reveal, index]);
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
    <div className="flex h-full flex-col justify-center gap-1 bg-surface-raised pe-2 hover:bg-surface-sunken desktop:flex-row desktop:items-center desktop:gap-2">
      <div className="flex min-w-0 items-center gap-1 desktop:flex-1">
        <button
          type="button"
          onClick={() => openProduct(product)}
          className="tap-target flex min-w-0 flex-1 items-center gap-3 ps-3 text-start desktop:h-16"
        >
          <ProductImage src={product.image} alt="" className="size-11 shrink-0 border border-line" />
          <span className="flex min-w-0 flex-1 flex-col">
            <span dir="auto" className="truncate font-medium [text-align:match-parent]">
              {product.name}
            </span>
            <span dir="auto" className="truncate text-xs text-fg-muted [text-align:match-parent]">
              <bdi className="font-mono">{product.stockCode}</bdi> · <bdi>{product.brand.name}</bdi> ·{' '}
              <bdi>{product.category.name}</bdi>
            </span>
          </span>
          <RowPrice prices={prices} product={product} className="shrink-0 justify-end text-end" />
        </button>
        <AddToListMenu product={product} />
      </div>
      <div className="min-w-0 ps-3 desktop:ps-0">
        <OrderRowControls product={product} />
      </div>
    </div>
  );
});
