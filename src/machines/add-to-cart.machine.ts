import { assign, emit, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import { DEFAULT_QUANTITY, MIN_QUANTITY } from '../domain/quantity';
import type { CampaignProduct, CartItem, Product } from '../domain/types';
import type { PortalApi } from '../services/api';
import { cartLineWrite, confirmedItem, untilAborted } from './cart.calls';
import type { CartActorRef } from './cart.machine';
import { type ErrorInfo, toErrorInfo } from './errorInfo';

export interface AddToCartInput {
  api: PortalApi;
  product: Product | CampaignProduct;
  /** the app's cart (`app.system.get('cart')`) */
  cart: CartActorRef;
}

export interface AddToCartContext {
  product: Product | CampaignProduct;
  quantity: number;
  unit: number | null;
  error: ErrorInfo | null;
  /** injected dependencies; not data */
  api: PortalApi;
  cart: CartActorRef;
}

export type AddToCartEvent =
  | { type: 'addToCart.requested'; quantity: number; unit: number }
  /** from the cart watcher: whether the product has a line now */
  | { type: 'addToCart.cartChanged'; inCart: boolean };

/** Effects for the view: the toasts of spec point 4 "Product dialog". */
export type AddToCartEmitted =
  | { type: 'addToCart.added'; productId: number }
  | { type: 'addToCart.failed'; productId: number; error: ErrorInfo };

interface SaveInput {
  api: PortalApi;
  product: Product | CampaignProduct;
  quantity: number;
  unit: number;
  /** the product's line when the cart has one: the ordering helper layer replaces it */
  existing: CartItem | undefined;
}

const lineOf = (cart: CartActorRef, productId: number) =>
  cart.getSnapshot().context.items.find((item) => item.product.id === productId);

export const addToCartMachine = setup({
  types: {
    context: {} as AddToCartContext,
    events: {} as AddToCartEvent,
    emitted: {} as AddToCartEmitted,
    input: {} as AddToCartInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Ordering helper layer: a product already in the cart gets its quantity and unit replaced. */
    saveToCart: fromPromise<CartItem, SaveInput>(async ({ input, signal }) => {
      const body = cartLineWrite(input.product, input.quantity, input.unit);
      const written = await untilAborted(
        signal,
        input.existing
          ? input.api.updateCartItem(input.existing.id, body, { signal })
          : input.api.addCartItem(body, { signal }),
      );
      return confirmedItem(input.product, written);
    }),
    watchCart: fromCallback<AddToCartEvent, { cart: CartActorRef; productId: number }>(
      ({ input, sendBack }) => {
        const report = () =>
          sendBack({ type: 'addToCart.cartChanged', inCart: !!lineOf(input.cart, input.productId) });
        const subscription = input.cart.subscribe(report);
        report();
        return () => subscription.unsubscribe();
      },
    ),
  },
  guards: {
    /**
     * Issue 8: nothing is ever sent for a product without stock or for a quantity below 1 (a unit the
     * stock does not fill gives a maximum, and so a quantity, of 0). The view disables the button too.
     */
    isOrderable: ({ context, event }) =>
      event.type === 'addToCart.requested' &&
      Number.isSafeInteger(event.quantity) &&
      event.quantity >= MIN_QUANTITY &&
      context.product.quantityInStock > 0,
    productInCart: ({ event }) => event.type === 'addToCart.cartChanged' && event.inCart,
    productNotInCart: ({ event }) => event.type === 'addToCart.cartChanged' && !event.inCart,
  },
  actions: {
    loadCart: sendTo(({ context }) => context.cart, { type: 'cart.load' }),
    takeRequest: assign(({ context, event }) =>
      event.type === 'addToCart.requested'
        ? { quantity: event.quantity, unit: event.unit, error: null }
        : context,
    ),
    saveInCart: sendTo(
      ({ context }) => context.cart,
      (_, params: { item: CartItem }) => ({ type: 'cart.itemSaved' as const, item: params.item }),
    ),
    announceAdded: emit(({ context }) => ({
      type: 'addToCart.added' as const,
      productId: context.product.id,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    announceFailure: emit(({ context }) => ({
      type: 'addToCart.failed' as const,
      productId: context.product.id,
      error: context.error ?? toErrorInfo(null),
    })),
  },
}).createMachine({
  id: 'addToCart',
  context: ({ input }) => ({
    product: input.product,
    quantity: DEFAULT_QUANTITY,
    unit: null,
    error: null,
    api: input.api,
    cart: input.cart,
  }),
  entry: 'loadCart',
  invoke: {
    id: 'watchCart',
    src: 'watchCart',
    input: ({ context }) => ({ cart: context.cart, productId: context.product.id }),
  },
  initial: 'checking',
  states: {
    /** until the watcher has said whether the product has a line (it says so at once) */
    checking: {
      on: {
        'addToCart.cartChanged': [{ guard: 'productInCart', target: 'inCart' }, { target: 'idle' }],
      },
    },
    idle: {
      on: {
        'addToCart.requested': { guard: 'isOrderable', target: 'adding', actions: 'takeRequest' },
        'addToCart.cartChanged': { guard: 'productInCart', target: 'inCart' },
      },
    },
    adding: {
      tags: 'busy',
      invoke: {
        id: 'saveToCart',
        src: 'saveToCart',
        input: ({ context }) => ({
          api: context.api,
          product: context.product,
          quantity: context.quantity,
          unit: context.unit ?? 0,
          existing: lineOf(context.cart, context.product.id),
        }),
        onDone: {
          target: 'inCart',
          actions: [{ type: 'saveInCart', params: ({ event }) => ({ item: event.output }) }, 'announceAdded'],
        },
        onError: {
          target: 'failed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            'announceFailure',
          ],
        },
      },
    },
    /** the button is replaced by a disabled "in cart" label and a go-to-cart action */
    inCart: {
      on: { 'addToCart.cartChanged': { guard: 'productNotInCart', target: 'idle' } },
    },
    /** the toast told the customer; the button is there again */
    failed: {
      on: {
        'addToCart.requested': { guard: 'isOrderable', target: 'adding', actions: 'takeRequest' },
        'addToCart.cartChanged': { guard: 'productInCart', target: 'inCart' },
      },
    },
  },
});
