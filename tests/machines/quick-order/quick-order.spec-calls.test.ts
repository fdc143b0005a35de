import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { QuickOrderCartLine } from '../../../src/domain/quick-order';
import type { CartItem, Product } from '../../../src/domain/types';
import { resultOf } from '../../../src/machines/quick-order/quick-order.calls';
import { bindQuickOrder } from '../../../src/machines/quick-order/quick-order.machine';
import { selectResult } from '../../../src/machines/quick-order/quick-order.selectors';
import {
  addOneByOne,
  lookUpBySearch,
  SPEC_CALLS_AT_ONCE,
} from '../../../src/machines/quick-order/quick-order.spec-calls';
import { ApiError, type PortalApi } from '../../../src/services/api';
import type { CartLineWrite } from '../../../src/services/api/cart';
import { aProduct, box, piece, units } from '../../../src/test/builders';
import { testPorts } from '../../../src/test/ports';

const gouda = aProduct({ id: 7, name: 'Gouda', stockCode: 'DAI-7', barcode: '4000000000007' });
// a product whose name holds the code: the search finds it, but it is not the one the code names
const goudaSlicer = aProduct({ id: 70, name: 'Slicer for DAI-7', stockCode: 'TOOL-70', barcode: '' });
const edam = aProduct({ id: 8, name: 'Edam', stockCode: 'DAI-8', barcode: '' });
const brie = aProduct({ id: 9, name: 'Brie', stockCode: 'DAI-9', barcode: '' });

/** Calls running at once, and the most there ever were. */
function concurrency() {
  let now = 0;
  const seen = { most: 0 };
  const track = async <T>(answer: () => T): Promise<T> => {
    now += 1;
    seen.most = Math.max(seen.most, now);
    await new Promise((resolve) => setTimeout(resolve, 1));
    now -= 1;
    return answer();
  };
  return { track, seen };
}

describe('quick order through the search (no lookup call)', () => {
  it('matches a code to the product whose stock code or barcode it is exactly, a few searches at once', async () => {
    const { track, seen } = concurrency();
    const catalogue = [gouda, goudaSlicer, edam];
    const api = {
      searchProducts: vi.fn((query: string) =>
        track(() =>
          catalogue.filter((p) => p.name.includes(query) || p.stockCode === query || p.barcode === query),
        ),
      ),
      productUnits: vi.fn(async () => units),
    };
    const codes = ['DAI-7', '4000000000007', 'NOPE', ...Array.from({ length: 9 }, (_, i) => `X-${i}`)];
    const lookup = await lookUpBySearch(api as unknown as PortalApi, codes, new AbortController().signal);
    expect(lookup.matches).toEqual([
      { code: 'DAI-7', product: gouda },
      { code: '4000000000007', product: gouda },
    ]);
    expect(lookup.notFound).toContain('NOPE');
    expect(lookup.units).toEqual(units);
    expect(api.searchProducts).toHaveBeenCalledTimes(codes.length);
    expect(seen.most).toBe(SPEC_CALLS_AT_ONCE);
  });

  it('asks nothing when no row has a code', async () => {
    const api = { searchProducts: vi.fn(), productUnits: vi.fn() };
    const lookup = await lookUpBySearch(api as unknown as PortalApi, [], new AbortController().signal);
    expect(lookup).toEqual({ matches: [], notFound: [], units: [] });
    expect(api.searchProducts).not.toHaveBeenCalled();
  });
});

describe('quick order line by line (no bulk add)', () => {
  const inCart: CartItem[] = [{ id: 31, product: gouda, quantity: '1', unit: piece.id }];
  const lines: QuickOrderCartLine[] = [
    { product: gouda, quantity: 2, unit: piece, rowNumbers: [2] },
    { product: edam, quantity: 3, unit: piece, rowNumbers: [3] },
    { product: brie, quantity: 40, unit: box, rowNumbers: [4] },
  ];
  function cartApi() {
    const writes: Array<{ method: 'post' | 'put'; id?: number; line: CartLineWrite }> = [];
    const api = {
      cartItems: vi.fn(async () => inCart),
      addCartItem: vi.fn(async (line: CartLineWrite) => {
        writes.push({ method: 'post', line });
        if (line.product === brie.id)
          throw new ApiError(
            {
              kind: 'http',
              call: 'POST netb2b/cart-items/',
              status: 400,
              code: 'not_enough_stock',
              maxQuantity: 5,
            },
            'HTTP 400',
          );
        return { id: 600 + line.product, quantity: line.quantity, unit: line.unit };
      }),
      updateCartItem: vi.fn(async (id: number, line: CartLineWrite) => {
        writes.push({ method: 'put', id, line });
        return { id, quantity: line.quantity, unit: line.unit };
      }),
    };
    return { api, writes };
  }

  it('adds a new product, sums into the line the cart holds, and reports a refusal per row as the bulk add does', async () => {
    const { api, writes } = cartApi();
    const results = await addOneByOne(
      api as unknown as PortalApi,
      lines,
      'add',
      units,
      new AbortController().signal,
    );
    expect(writes).toContainEqual({
      method: 'put',
      id: 31,
      line: { product: 7, campaign: null, quantity: '3', unit: piece.id },
    });
    expect(writes).toContainEqual({
      method: 'post',
      line: { product: 8, campaign: null, quantity: '3', unit: piece.id },
    });
    const result = resultOf(
      lines.map((line) => ({ rowNumber: line.rowNumbers[0] }) as never),
      lines,
      results,
      'add',
      units,
    );
    expect(result).toMatchObject({ added: 1, increased: 1, replaced: 0 });
    expect(result.outcomes.map((outcome) => outcome.status)).toEqual(['increased', 'added', 'rejected']);
    expect(result.outcomes[0]).toMatchObject({
      from: { quantity: '1', unit: piece },
      to: { quantity: '3', unit: piece },
    });
    // the same message as the bulk answer's: not enough stock, at most 5 boxes
    expect(result.outcomes[2]).toMatchObject({ problems: ['notEnoughStock'], limit: { max: 5, unit: box } });
  });

  it('replacing writes the row\u2019s own quantity and unit over the cart\u2019s line', async () => {
    const { api, writes } = cartApi();
    const results = await addOneByOne(
      api as unknown as PortalApi,
      lines.slice(0, 1),
      'replace',
      units,
      new AbortController().signal,
    );
    expect(writes).toEqual([
      { method: 'put', id: 31, line: { product: 7, campaign: null, quantity: '2', unit: piece.id } },
    ]);
    expect(results[0]).toMatchObject({ status: 'replaced', previous: { quantity: '1', unit: piece.id } });
  });

  it('writes at most a few lines at once', async () => {
    const { track, seen } = concurrency();
    const many: QuickOrderCartLine[] = Array.from({ length: 12 }, (_, i) => ({
      product: aProduct({ id: 100 + i, stockCode: `P-${i}` }) as Product,
      quantity: 1,
      unit: piece,
      rowNumbers: [i + 2],
    }));
    const api = {
      cartItems: async () => [],
      addCartItem: (line: CartLineWrite) =>
        track(() => ({ id: line.product, quantity: line.quantity, unit: line.unit })),
    };
    const results = await addOneByOne(
      api as unknown as PortalApi,
      many,
      'add',
      units,
      new AbortController().signal,
    );
    expect(results.map((result) => result.status)).toEqual(Array(12).fill('added'));
    expect(seen.most).toBe(SPEC_CALLS_AT_ONCE);
  });
});

describe('the bound quick order on a backend without lookup and bulk add', () => {
  it('checks pasted rows through the search and adds them line by line; neither missing call is made', async () => {
    const api = {
      lookUpProducts: vi.fn(),
      addCartItemsBulk: vi.fn(),
      searchProducts: vi.fn(async (query: string) => [gouda, edam].filter((p) => p.stockCode === query)),
      productUnits: vi.fn(async () => [piece]),
      cartItems: vi.fn(async () => []),
      addCartItem: vi.fn(async (line: CartLineWrite) => ({
        id: 1,
        quantity: line.quantity,
        unit: line.unit,
      })),
    };
    const actor = createActor(bindQuickOrder(testPorts(api as unknown as PortalApi)), {
      input: { canLookUp: false, canAddInBulk: false },
    }).start();
    actor.send({ type: 'quickOrder.textSubmitted', text: 'DAI-7\t2\nNOPE\t1' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('preview')).toBe(true));
    const rows = actor.getSnapshot().context.rows;
    expect(rows.map((row) => [row.stockCode, row.product?.id ?? null, row.problems])).toEqual([
      ['DAI-7', 7, []],
      ['NOPE', null, ['invalidStock']],
    ]);
    actor.send({ type: 'quickOrder.addRequested' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('done')).toBe(true));
    expect(selectResult(actor.getSnapshot())).toMatchObject({ added: 1 });
    expect(api.addCartItem).toHaveBeenCalledWith(
      { product: 7, campaign: null, quantity: '2', unit: piece.id },
      expect.anything(),
    );
    expect(api.lookUpProducts).not.toHaveBeenCalled();
    expect(api.addCartItemsBulk).not.toHaveBeenCalled();
    actor.stop();
  });

  it('a lookup answered as missing while the page is open checks through the search, not "try again"', async () => {
    const api = {
      lookUpProducts: vi.fn(async () => {
        throw new ApiError(
          { kind: 'http', call: 'POST netb2b/products/lookup/', status: 404, code: 'no_such_call' },
          'HTTP 404',
        );
      }),
      searchProducts: vi.fn(async (query: string) => [gouda].filter((p) => p.stockCode === query)),
      productUnits: vi.fn(async () => [piece]),
    };
    const actor = createActor(bindQuickOrder(testPorts(api as unknown as PortalApi)), { input: {} }).start();
    actor.send({ type: 'quickOrder.textSubmitted', text: 'DAI-7\t2' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches('preview')).toBe(true));
    expect(actor.getSnapshot().context.rows[0]?.product?.id).toBe(7);
    expect(api.lookUpProducts).toHaveBeenCalledTimes(1);
    actor.stop();
  });
});
