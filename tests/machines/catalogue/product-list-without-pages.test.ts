import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import {
  bindProductList,
  type ProductListInput,
  type productListMachine,
} from '../../../src/machines/catalogue/product-list.machine';
import {
  selectLoadedProducts,
  selectProductCount,
  selectProductListStatus,
  selectUsesProductPages,
} from '../../../src/machines/catalogue/product-list.selectors';
import { ApiError } from '../../../src/services/api';
import { aProduct } from '../../../src/test/builders';
import { settle } from '../../../src/test/controllableActor';
import { testPorts } from '../../../src/test/ports';

const oils = { id: 1, name: 'Oils' };
const drinks = { id: 2, name: 'Drinks' };
const answer = [
  aProduct({ id: 1, name: 'Sunflower oil', category: oils, price: '4.10', quantityInStock: 0 }),
  aProduct({ id: 2, name: 'Olive oil', category: oils, price: '12.90', quantityInStock: 8 }),
  aProduct({ id: 3, name: 'Orange juice', category: drinks, price: '2.00', quantityInStock: 40 }),
  // a backend of the specification may leave the stock out: nothing says it is out of stock
  aProduct({ id: 4, name: 'Rapeseed oil', category: oils, price: '3.50', quantityInStock: null }),
];
const noSuchCall = new ApiError(
  { kind: 'http', call: 'GET netb2b/products/', status: 404, code: 'no_such_call' },
  'HTTP 404',
);

let actor: Actor<typeof productListMachine> | undefined;
afterEach(() => actor?.stop());

function startList(input: ProductListInput) {
  const productPage = vi.fn(async () => Promise.reject(noSuchCall));
  const searchProducts = vi.fn(async (_query: string) => answer);
  actor = createActor(bindProductList(testPorts({ productPage, searchProducts })), { input }).start();
  return { actor, productPage, searchProducts };
}
const names = () => selectLoadedProducts(actor!.getSnapshot()).map((product) => product.name);

describe('a product list on a backend without the product pages', () => {
  it('a category without a search asks nothing and waits for one', async () => {
    const { productPage, searchProducts } = startList({ filters: { category: 1 }, canLoadPages: false });
    await settle();
    expect(selectProductListStatus(actor!.getSnapshot())).toBe('needsQuery');
    expect(productPage).not.toHaveBeenCalled();
    expect(searchProducts).not.toHaveBeenCalled();
  });

  it('a search within a category is the search narrowed to it, in the order chosen', async () => {
    const { productPage, searchProducts } = startList({ filters: { category: 1 }, canLoadPages: false });
    actor!.send({ type: 'productList.filtersChanged', filters: { q: 'oil', sort: 'price' } });
    await settle();
    expect(searchProducts).toHaveBeenCalledWith('oil', expect.anything());
    expect(productPage).not.toHaveBeenCalled();
    expect(selectProductListStatus(actor!.getSnapshot())).toBe('ready');
    expect(selectProductCount(actor!.getSnapshot())).toBe(3);
    expect(names()).toEqual(['Rapeseed oil', 'Sunflower oil', 'Olive oil']);
    actor!.send({ type: 'productList.filtersChanged', filters: { inStock: true } });
    await settle();
    expect(names()).toEqual(['Rapeseed oil', 'Olive oil']);
  });

  it('the product pages answered as missing: the list turns to the search from then on', async () => {
    const { productPage, searchProducts } = startList({ filters: { q: 'oil' } });
    await settle();
    expect(productPage).toHaveBeenCalledTimes(1);
    expect(selectUsesProductPages(actor!.getSnapshot())).toBe(false);
    expect(selectProductListStatus(actor!.getSnapshot())).toBe('ready');
    expect(searchProducts).toHaveBeenCalledTimes(1);
    expect(selectProductCount(actor!.getSnapshot())).toBe(4);
    actor!.send({ type: 'productList.filtersChanged', filters: { category: 2 } });
    await settle();
    expect(productPage).toHaveBeenCalledTimes(1);
    expect(names()).toEqual(['Orange juice']);
  });
});
