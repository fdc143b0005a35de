import { assign, emit, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import { DEFAULT_QUANTITY, MIN_QUANTITY } from '../../domain/quantity';
import type { CampaignProduct, CartItem, Product } from '../../domain/types';
import { cartLineOf, cartLineWrite, confirmedItem } from '../cart';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';

export interface AddToCartInput {
  product: Product | CampaignProduct;
}

export interface AddToCartContext {
  product: Product | CampaignProduct;
  quantity: number;
  unit: number | null;
  error: ErrorInfo | null;
}

export type AddToCartEvent =
  | { type: 'addToCart.requested'; quantity: number; unit: number }
  /** from the cart watcher: whether the product has a line now */
  | { type: 'addToCart.cartChanged'; inCart: boolean };

/** Effects for the view: the toasts of spec point 4 "Product dialog". */
export type AddToCartEmitted =
  | { type: 'addToCart.added'; productId: number }
  | { type: 'addToCart.failed'; productId: number; error: ErrorInfo };

export interface SaveInput {
  product: Product | CampaignProduct;
  quantity: number;
  unit: number;
}

export interface WatchCartInput {
  productId: number;
}

export const addToCartMachine = setup({
  types: {
    context: {} as AddToCartContext,
    events: {} as AddToCartEvent,
    emitted: {} as AddToCartEmitted,
    input: {} as AddToCartInput,
    tags: {} as 'busy',
  },
  actors: {
    /** Ordering helper layer: a product already in the cart gets its quantity and unit replaced. Bound by `bindAddToCart`. */
    saveToCart: notBound<CartItem, SaveInput>('addToCart.saveToCart'),
    /** Says whether the product has a line in the app's cart, at once and on each change. Bound by `bindAddToCart`. */
    watchCart: fromCallback<AddToCartEvent, WatchCartInput>(() => {
      throw new Error(
        '"addToCart.watchCart" is not bound: provide it at the composition root (bindAddToCart)',
      );
    }),
  },
  guards: {
    /**
     * Nothing is ever sent for a product without stock or for a quantity below 1 (a unit the
     * stock does not fill gives a maximum, and so a quantity, of 0). The view disables the button too.
     */
    isOrderable: ({ context, event }) =>
      event.type === 'addToCart.requested' &&
      Number.isSafeInteger(event.quantity) &&
      event.quantity >= MIN_QUANTITY &&
      (context.product.quantityInStock ?? 0) > 0,
    productInCart: ({ event }) => event.type === 'addToCart.cartChanged' && event.inCart,
    productNotInCart: ({ event }) => event.type === 'addToCart.cartChanged' && !event.inCart,
  },
  actions: {
    /** asks the app's cart to load its lines; a no-op here, bound by `bindAddToCart` */
    loadCart: () => undefined,
    takeRequest: assign(({ context, event }) =>
      event.type === 'addToCart.requested'
        ? { quantity: event.quantity, unit: event.unit, error: null }
        : context,
    ),
    /** tells the app's cart about the saved line; a no-op here, bound by `bindAddToCart` */
    saveInCart: (_, _params: { item: CartItem }) => undefined,
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
  }),
  entry: 'loadCart',
  invoke: {
    id: 'watchCart',
    src: 'watchCart',
    input: ({ context }) => ({ productId: context.product.id }),
  },
  initial: 'checking',
  states: {
    /** until the watcher has said whether the product has a line (it says so at once) */
    checking: {
      description:
        "The product dialog's Add to cart button is about to show; whether the product is already in the cart is being checked, which takes no noticeable time.",
      on: {
        'addToCart.cartChanged': [{ guard: 'productInCart', target: 'inCart' }, { target: 'offered' }],
      },
    },
    offered: {
      description:
        'The dialog shows the Add to cart button, enabled while the chosen quantity and unit can be ordered.',
      on: {
        'addToCart.requested': { guard: 'isOrderable', target: 'adding', actions: 'takeRequest' },
        'addToCart.cartChanged': { guard: 'productInCart', target: 'inCart' },
      },
      initial: 'idle',
      states: {
        idle: { description: 'Nothing was tried yet, or the product was taken out of the cart again.' },
        failed: {
          description:
            'A toast said "Whoops, something went wrong"; the Add to cart button is there again to try once more.',
        },
      },
    },
    adding: {
      description:
        'The Add to cart button says "Adding…" with a spinner while the server puts the product into the cart (replacing the line if it was already there).',
      tags: 'busy',
      invoke: {
        id: 'saveToCart',
        src: 'saveToCart',
        input: ({ context }) => ({
          product: context.product,
          quantity: context.quantity,
          unit: context.unit ?? 0,
        }),
        onDone: {
          target: 'inCart',
          actions: [{ type: 'saveInCart', params: ({ event }) => ({ item: event.output }) }, 'announceAdded'],
        },
        onError: {
          target: 'offered.failed',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            'announceFailure',
          ],
        },
      },
    },
    inCart: {
      description:
        'In place of Add to cart the dialog shows a disabled "In cart" label and a Go to cart button; after adding, a toast says "Product added to cart". If the line is removed from the cart, Add to cart comes back.',
      on: { 'addToCart.cartChanged': { guard: 'productNotInCart', target: 'offered' } },
    },
  },
});

/**
 * The product dialog's machine bound to the ports: the save calls the API (replacing the product's
 * line when the app's cart has one), and the cart is reached through `ports.cart()`, never held.
 */
export const bindAddToCart = ({ api, cart }: Ports) =>
  addToCartMachine.provide({
    actors: {
      saveToCart: fromPromise<CartItem, SaveInput>(async ({ input, signal }) => {
        const body = cartLineWrite(input.product, input.quantity, input.unit);
        const existing = cartLineOf(cart(), input.product.id);
        const written = await untilAborted(
          signal,
          existing ? api.updateCartItem(existing.id, body, { signal }) : api.addCartItem(body, { signal }),
        );
        return confirmedItem(input.product, written);
      }),
      watchCart: fromCallback<AddToCartEvent, WatchCartInput>(({ input, sendBack }) => {
        const watched = cart();
        const report = () =>
          sendBack({ type: 'addToCart.cartChanged', inCart: !!cartLineOf(watched, input.productId) });
        const subscription = watched?.subscribe(report);
        report();
        return () => subscription?.unsubscribe();
      }),
    },
    actions: {
      loadCart: enqueueActions(({ enqueue }) => {
        const target = cart();
        if (target) enqueue.sendTo(target, { type: 'cart.load' });
      }),
      saveInCart: enqueueActions(({ enqueue }, params: { item: CartItem }) => {
        const target = cart();
        if (target) enqueue.sendTo(target, { type: 'cart.itemSaved', item: params.item });
      }),
    },
  });
