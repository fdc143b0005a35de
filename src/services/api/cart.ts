import * as z from 'zod/mini';
import type { CartMode } from '../../domain/cart-line-sum';
import type { CartItem, DecimalString } from '../../domain/types';
import type { HttpClient } from './client';
import { notShownAnswer } from './not-shown-answer';
import { cartBulkResultWire, cartItemWire, cartItemWrittenWire, toCartItem } from './wire';

type CallOptions = { signal?: AbortSignal | undefined };

/** What POST and PUT /netb2b/cart-items/ send: one line of the cart (spec point 7). */
export interface CartLineWrite {
  product: number;
  /** the campaign the line is priced in; null for the plain product */
  campaign: number | null;
  quantity: DecimalString;
  unit: number;
}

/** The stored line as the server answers a write. */
export interface CartLineWritten {
  id: number;
  quantity: DecimalString;
  unit: number;
}

/** What a bulk line does to a product the cart already holds: add to its quantity, or replace it. */
export type CartBulkMode = CartMode;

/**
 * One line of a bulk add: stored (a new line `added`, or a line in the cart `increased` or `replaced`,
 * with its quantity and unit before) or rejected with the server's reason (and, for `not_enough_stock`,
 * the most of the line's unit that can still go in).
 */
export type CartBulkLineResult =
  | {
      index: number;
      product: number;
      status: 'added' | 'increased' | 'replaced';
      written: CartLineWritten;
      /** the cart's line before; null for a new line */
      previous: { quantity: DecimalString; unit: number } | null;
    }
  | {
      index: number;
      product: number;
      status: 'rejected';
      code: string | null;
      errors: Record<string, string[]>;
      maxQuantity: number | null;
      /** what the cart held of the product: an addition refused for stock is refused for the sum */
      previous: { quantity: DecimalString; unit: number } | null;
    };

export interface CartApi {
  /** GET /netb2b/cart-items/?detailed=true: the whole cart, each line with its product */
  cartItems(options?: CallOptions): Promise<CartItem[]>;
  /** POST /netb2b/cart-items/ (400 `already_in_cart` when the product has a line) */
  addCartItem(line: CartLineWrite, options?: CallOptions): Promise<CartLineWritten>;
  /** PUT /netb2b/cart-items/{id}/: replaces quantity and unit of the line */
  updateCartItem(id: number, line: CartLineWrite, options?: CallOptions): Promise<CartLineWritten>;
  /** DELETE /netb2b/cart-items/{id}/ */
  removeCartItem(id: number, options?: CallOptions): Promise<void>;
  /** POST /netb2b/cart-items/bulk/: many lines at once, added to or replacing the cart's; one result per line, in order */
  addCartItemsBulk(
    lines: CartLineWrite[],
    mode: CartBulkMode,
    options?: CallOptions,
  ): Promise<CartBulkLineResult[]>;
}

const toWritten = (w: z.infer<typeof cartItemWrittenWire>): CartLineWritten => ({
  id: w.id,
  quantity: w.quantity,
  unit: w.unit,
});

type BulkLineWire = z.infer<typeof cartBulkResultWire>['results'][number];

const previousOf = (w: BulkLineWire) =>
  w.previous_quantity === undefined || w.previous_unit === undefined
    ? null
    : { quantity: w.previous_quantity, unit: w.previous_unit };

/** A stored line must say what was stored; a result without it is a malformed answer. */
function toBulkResult(w: BulkLineWire): CartBulkLineResult | null {
  if (w.status === 'rejected')
    return {
      index: w.index,
      product: w.product,
      status: 'rejected',
      code: w.code ?? null,
      errors: w.errors ?? {},
      maxQuantity: w.max_quantity ?? null,
      previous: previousOf(w),
    };
  if (w.id === undefined || w.quantity === undefined || w.unit === undefined) return null;
  return {
    index: w.index,
    product: w.product,
    status: w.status,
    written: { id: w.id, quantity: w.quantity, unit: w.unit },
    previous: previousOf(w),
  };
}

const bulkAnswer = z.pipe(
  cartBulkResultWire,
  z.transform((answer, ctx) => {
    const results: CartBulkLineResult[] = [];
    for (const line of answer.results) {
      const result = toBulkResult(line);
      if (result) results.push(result);
      else
        ctx.issues.push({
          code: 'custom',
          message: 'a stored line without id, quantity and unit',
          input: line,
          path: ['results', line.index],
        });
    }
    return results;
  }),
);

export function cartApi(http: HttpClient): CartApi {
  return {
    cartItems: (options = {}) =>
      http.call(
        { method: 'get', path: 'netb2b/cart-items/?detailed=true', signal: options.signal },
        z.array(cartItemWire),
        (list) => list.map(toCartItem),
      ),
    addCartItem: (line, options = {}) =>
      http.call(
        { method: 'post', path: 'netb2b/cart-items/', json: line, signal: options.signal },
        cartItemWrittenWire,
        toWritten,
      ),
    // "Not shown" in spec point 7: any 2xx is the line as sent, unless the body is the stored line.
    updateCartItem: (id, line, options = {}) =>
      notShownAnswer(
        http,
        { method: 'put', path: `netb2b/cart-items/${id}/`, json: line, signal: options.signal },
        cartItemWrittenWire,
        toWritten,
        () => ({ id, quantity: line.quantity, unit: line.unit }),
      ),
    removeCartItem: (id, options = {}) =>
      http.send({ method: 'delete', path: `netb2b/cart-items/${id}/`, signal: options.signal }),
    addCartItemsBulk: (lines, mode, options = {}) =>
      http.call(
        {
          method: 'post',
          path: 'netb2b/cart-items/bulk/',
          json: { mode, items: lines },
          signal: options.signal,
        },
        bulkAnswer,
        (results) => results,
      ),
  };
}
