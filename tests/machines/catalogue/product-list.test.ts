import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { bindProductList, PRODUCT_PAGE_SIZE } from '../../../src/machines/catalogue/product-list.machine';
import {
  selectIsFullyLoaded,
  selectLoadedProducts,
  selectProductAt,
  selectProductCount,
  selectProductListStatus,
} from '../../../src/machines/catalogue/product-list.selectors';
import type { ProductPage, ProductPageQuery } from '../../../src/services/api/catalogue';
import { aProduct } from '../../../src/test/builders';
import { settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

const CATALOGUE = 50_000;

/** A server of `count` rows per filter set; each call waits until the test answers it. */
function startList(input: { category?: number | null } = {}, count = CATALOGUE) {
  const calls: Array<{
    query: ProductPageQuery;
    signal: AbortSignal | undefined;
    answer: () => void;
    fail: () => void;
  }> = [];
  const productPage = vi.fn(
    (query: ProductPageQuery, options?: { signal?: AbortSignal | undefined }) =>
      new Promise<ProductPage>((resolve, reject) => {
        options?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        const first = (query.page - 1) * query.pageSize;
        const rows = Math.max(0, Math.min(query.pageSize, count - first));
        calls.push({
          query,
          signal: options?.signal,
          answer: () =>
            resolve({
              count,
              next: null,
              previous: null,
              results: Array.from({ length: rows }, (_, i) =>
                aProduct({ id: first + i + 1, category: { id: query.category ?? 0, name: 'c' } }),
              ),
            }),
          fail: () => reject(new Error('HTTP 500')),
        });
      }),
  );
  const actor = createActor(bindProductList(testPorts({ productPage })), {
    input: { filters: input },
  }).start();
  const answerNext = async () => {
    const call = calls.find((c) => !c.signal?.aborted);
    calls.splice(calls.indexOf(call!), 1);
    call!.answer();
    await settle();
    return call!.query;
  };
  return { actor, productPage, calls, answerNext, snapshot: () => actor.getSnapshot() };
}

let list: ReturnType<typeof startList>;
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => {
  list?.actor.stop();
  vi.restoreAllMocks();
});

describe('product list', () => {
  it('opens with the category preselected from the URL and loads its first page only', async () => {
    list = startList({ category: 4 });
    expect(selectProductListStatus(list.snapshot())).toBe('loading');
    expect(await list.answerNext()).toEqual({
      category: 4,
      brand: null,
      campaign: null,
      q: null,
      sort: null,
      inStock: false,
      page: 1,
      pageSize: PRODUCT_PAGE_SIZE,
    });
    expect(selectProductCount(list.snapshot())).toBe(CATALOGUE);
    expect(selectProductAt(list.snapshot(), 0)?.id).toBe(1);
    expect(selectProductAt(list.snapshot(), 100)).toBeUndefined();
    expect(list.productPage).toHaveBeenCalledOnce();
  });

  it('a jump to the end of 50,000 rows loads just the pages on screen and keeps the first', async () => {
    list = startList();
    await list.answerNext();
    list.actor.send({ type: 'productList.rangeViewed', startIndex: 49_950, endIndex: 49_999 + 30 });
    expect(await list.answerNext()).toMatchObject({ page: 500 });
    expect(selectProductAt(list.snapshot(), 49_999)?.id).toBe(50_000);
    expect(selectProductAt(list.snapshot(), 0)?.id).toBe(1);
    expect(list.productPage).toHaveBeenCalledTimes(2);
    expect(selectProductListStatus(list.snapshot())).toBe('ready');
  });

  it('a window across two pages loads both, one call at a time; scrolling back loads nothing', async () => {
    list = startList();
    await list.answerNext();
    list.actor.send({ type: 'productList.rangeViewed', startIndex: 180, endIndex: 220 });
    expect(list.calls.filter((c) => !c.signal?.aborted)).toHaveLength(1);
    expect(await list.answerNext()).toMatchObject({ page: 2 });
    expect(await list.answerNext()).toMatchObject({ page: 3 });
    list.actor.send({ type: 'productList.rangeViewed', startIndex: 0, endIndex: 40 });
    expect(list.productPage).toHaveBeenCalledTimes(3);
    expect(selectLoadedProducts(list.snapshot())).toHaveLength(300);
  });

  it('changing a filter starts over and ignores the old filter late answer', async () => {
    list = startList({ category: 4 });
    await list.answerNext();
    list.actor.send({ type: 'productList.rangeViewed', startIndex: 100, endIndex: 120 });
    const stale = list.calls[0]!;
    list.actor.send({ type: 'productList.filtersChanged', filters: { brand: 9 } });
    expect(stale.signal?.aborted).toBe(true);
    expect(selectProductCount(list.snapshot())).toBe(0);
    expect(selectProductAt(list.snapshot(), 0)).toBeUndefined();
    stale.answer();
    expect(await list.answerNext()).toMatchObject({ category: 4, brand: 9, page: 1 });
    expect(selectLoadedProducts(list.snapshot()).map((p) => p.id)[0]).toBe(1);
    expect(selectLoadedProducts(list.snapshot())).toHaveLength(100);
    expect(console.error).not.toHaveBeenCalled();
  });

  it('a search with its order and "in stock only" is asked for in one call, starting over once', async () => {
    list = startList({ category: 4 });
    await list.answerNext();
    list.actor.send({
      type: 'productList.filtersChanged',
      filters: { q: 'tea', sort: 'price', inStock: true },
    });
    expect(list.calls.filter((c) => !c.signal?.aborted)).toHaveLength(1);
    expect(await list.answerNext()).toMatchObject({
      category: 4,
      q: 'tea',
      sort: 'price',
      inStock: true,
      page: 1,
    });
    list.actor.send({
      type: 'productList.filtersChanged',
      filters: { q: 'tea', sort: 'price', inStock: true },
    });
    expect(list.productPage).toHaveBeenCalledTimes(2);
  });

  it('the same filter again changes nothing', async () => {
    list = startList({ category: 4 });
    await list.answerNext();
    list.actor.send({ type: 'productList.filtersChanged', filters: { category: 4 } });
    expect(list.productPage).toHaveBeenCalledOnce();
    expect(selectProductCount(list.snapshot())).toBe(CATALOGUE);
  });

  it('a failed page keeps the loaded rows, shows the error and retries on request', async () => {
    list = startList();
    await list.answerNext();
    list.actor.send({ type: 'productList.rangeViewed', startIndex: 300, endIndex: 310 });
    list.calls.shift()!.fail();
    await settle();
    expect(selectProductListStatus(list.snapshot())).toBe('pageFailed');
    expect(list.snapshot().context.error).toMatchObject({ message: 'HTTP 500' });
    expect(selectProductAt(list.snapshot(), 0)?.id).toBe(1);
    list.actor.send({ type: 'productList.retried' });
    expect(await list.answerNext()).toMatchObject({ page: 4 });
    expect(selectProductAt(list.snapshot(), 305)?.id).toBe(306);
  });

  it('a failed first page can be retried', async () => {
    list = startList();
    list.calls.shift()!.fail();
    await settle();
    expect(selectProductListStatus(list.snapshot())).toBe('failed');
    list.actor.send({ type: 'productList.retried' });
    await list.answerNext();
    expect(selectProductListStatus(list.snapshot())).toBe('ready');
  });

  it('a short list is fully loaded from its one page (no call past the end)', async () => {
    list = startList({ category: 2 }, 33);
    await list.answerNext();
    list.actor.send({ type: 'productList.rangeViewed', startIndex: 0, endIndex: 60 });
    expect(selectIsFullyLoaded(list.snapshot())).toBe(true);
    expect(list.productPage).toHaveBeenCalledOnce();
  });

  it('leaving the list mid-load reports nothing', async () => {
    list = startList();
    list.actor.stop();
    await settle();
    expect(list.calls[0]!.signal?.aborted).toBe(true);
    expect(console.error).not.toHaveBeenCalled();
  });
});
