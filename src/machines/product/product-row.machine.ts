import {
  type ActorRefFrom,
  assign,
  emit,
  enqueueActions,
  fromCallback,
  type PromiseActorLogic,
  setup,
} from 'xstate';
import {
  DEFAULT_QUANTITY,
  isQuantityControlDisabled,
  MIN_QUANTITY,
  type QuantityMax,
} from '../../domain/quantity';
import {
  type QuantityControl,
  quantityControlAt,
  quantityWithin,
  typeQuantity,
} from '../../domain/quantity-control';
import type { CartItem, Unit } from '../../domain/types';
import { orderableUnits } from '../../domain/units';
import { cartLineOf } from '../cart';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { bindAddToCart, type SaveInput } from './add-to-cart.machine';
import { type DialogProduct, maxQuantityIn, prepareDialog } from './product-dialog.units';

/**
 * One product row of a list (product list, results page, campaign, featured, newest,
 * favourites) ordering straight from the row: a quantity box, a unit choice and an add button.
 * The quantity rules are the product dialog's and the cart line's (domain/quantity-control), the
 * default line the dialog's (`prepareDialog`: primary unit, 1, clamped to the stock), the save the
 * dialog's (`bindAddToCart`'s saveToCart). A row whose product has a cart line is edited through that
 * line's own actor (the view finds it in the cart's children); this machine only waits in `inCart`.
 */
export interface ProductRowContext extends QuantityControl {
  product: DialogProduct;
  /** the units resource's value; null until it resolves (no unit, nothing can be added) */
  units: Unit[] | null;
  unitId: number | null;
  error: ErrorInfo | null;
}

export interface ProductRowInput {
  product: DialogProduct;
  units: Unit[] | null;
}

export type ProductRowEvent =
  | { type: 'productRow.quantityTyped'; text: string }
  | { type: 'productRow.unitSelected'; unitId: number }
  | { type: 'productRow.unitsLoaded'; units: Unit[] }
  /** the add button, or Enter in the quantity box */
  | { type: 'productRow.addRequested' }
  /** from the cart watcher: whether the product has a line now */
  | { type: 'productRow.cartChanged'; inCart: boolean };

/** Effects for the view: the toasts (the same texts as the product dialog's). */
export type ProductRowEmitted =
  | { type: 'productRow.added'; productId: number }
  | { type: 'productRow.failed'; productId: number; error: ErrorInfo };

export interface WatchRowCartInput {
  productId: number;
}

/** The most the stock allows in the chosen unit; 0 (nothing) while there is no unit. */
export const rowMaxOf = (context: Pick<ProductRowContext, 'product' | 'units' | 'unitId'>): QuantityMax => {
  if (!context.units || context.unitId === null) return 0;
  try {
    return maxQuantityIn(context.product, context.unitId, context.units);
  } catch {
    return 0;
  }
};

/** The row's default line (the dialog's): primary unit, quantity 1 clamped to the stock; none without units. */
function defaultLine(product: DialogProduct, units: Unit[] | null) {
  const prepared = prepareDialog(product, units);
  return prepared.kind === 'ready'
    ? { unitId: prepared.unitId, ...quantityControlAt(prepared.quantity) }
    : { unitId: null, ...quantityControlAt(null) };
}

export const productRowMachine = setup({
  types: {
    context: {} as ProductRowContext,
    events: {} as ProductRowEvent,
    emitted: {} as ProductRowEmitted,
    input: {} as ProductRowInput,
    tags: {} as 'busy',
  },
  actors: {
    /** the product dialog's save (a line the cart has is replaced). Bound by `bindProductRow`. */
    saveToCart: notBound<CartItem, SaveInput>('productRow.saveToCart'),
    /** says whether the product has a line in the app's cart, at once and on each change. Bound by `bindProductRow`. */
    watchCart: fromCallback<ProductRowEvent, WatchRowCartInput>(() => {
      throw new Error(
        '"productRow.watchCart" is not bound: provide it at the composition root (bindProductRow)',
      );
    }),
  },
  guards: {
    /**
     * As in the dialog: nothing is sent for a product without stock, for a unit the stock does not
     * fill (maximum 0), without a unit, or for text that is not a quantity of at least 1.
     */
    canAdd: ({ context }) =>
      context.unitId !== null &&
      context.quantity !== null &&
      context.quantity >= MIN_QUANTITY &&
      (context.product.quantityInStock ?? 0) > 0 &&
      !isQuantityControlDisabled(rowMaxOf(context)),
    isOrderableUnit: ({ context, event }) => {
      if (event.type !== 'productRow.unitSelected' || !context.units) return false;
      try {
        return orderableUnits(context.product, context.units).some((unit) => unit.id === event.unitId);
      } catch {
        return false;
      }
    },
    productInCart: ({ event }) => event.type === 'productRow.cartChanged' && event.inCart,
    productNotInCart: ({ event }) => event.type === 'productRow.cartChanged' && !event.inCart,
  },
  actions: {
    takeTypedText: assign(({ context, event }) =>
      event.type === 'productRow.quantityTyped' ? typeQuantity(event.text, rowMaxOf(context)) : {},
    ),
    /** a new unit keeps the quantity, clamped to the stock in that unit (the dialog's rule) */
    takeUnit: assign(({ context, event }) => {
      if (event.type !== 'productRow.unitSelected') return {};
      // an empty box (left by a unit the stock did not fill) starts again at the default quantity
      const quantity = context.quantity ?? (context.quantityText === '' ? DEFAULT_QUANTITY : null);
      if (quantity === null) return { unitId: event.unitId };
      const max = rowMaxOf({ ...context, unitId: event.unitId });
      return {
        unitId: event.unitId,
        ...quantityControlAt(isQuantityControlDisabled(max) ? null : quantityWithin(quantity, max)),
      };
    }),
    /** units arriving after the row woke up: the default line, unless the customer already typed */
    takeUnits: assign(({ context, event }) => {
      if (event.type !== 'productRow.unitsLoaded') return {};
      const line = defaultLine(context.product, event.units);
      return context.unitId === null ? { units: event.units, ...line } : { units: event.units };
    }),
    /** after the line left the cart the row offers the default line again */
    resetLine: assign(({ context }) => defaultLine(context.product, context.units)),
    /** tells the app's cart about the saved line; a no-op here, bound by `bindProductRow` */
    saveInCart: (_, _params: { item: CartItem }) => undefined,
    announceAdded: emit(({ context }) => ({
      type: 'productRow.added' as const,
      productId: context.product.id,
    })),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    clearError: assign({ error: null }),
    announceFailure: emit(({ context }) => ({
      type: 'productRow.failed' as const,
      productId: context.product.id,
      error: context.error ?? toErrorInfo(null),
    })),
  },
}).createMachine({
  id: 'productRow',
  context: ({ input }) => ({
    product: input.product,
    units: input.units,
    ...defaultLine(input.product, input.units),
    error: null,
  }),
  invoke: {
    id: 'watchCart',
    src: 'watchCart',
    input: ({ context }) => ({ productId: context.product.id }),
  },
  on: {
    'productRow.unitsLoaded': { actions: 'takeUnits' },
  },
  initial: 'checking',
  states: {
    checking: {
      description:
        'The row has just been woken up by the customer (focus, typing or the add button); whether the product is already in the cart is being checked, which takes no noticeable time.',
      on: {
        'productRow.cartChanged': [{ guard: 'productInCart', target: 'inCart' }, { target: 'offered' }],
      },
    },
    offered: {
      description:
        'The row shows the quantity box, the unit choice and the Add button; Enter in the quantity box adds and moves on to the next row.',
      on: {
        'productRow.quantityTyped': { actions: 'takeTypedText' },
        'productRow.unitSelected': { guard: 'isOrderableUnit', actions: 'takeUnit' },
        // leaving `failed` forgets its error (there is none to forget in `editing`)
        'productRow.addRequested': { guard: 'canAdd', target: 'adding', actions: 'clearError' },
        'productRow.cartChanged': { guard: 'productInCart', target: 'inCart', actions: 'clearError' },
      },
      initial: 'editing',
      states: {
        editing: { description: 'The customer sets the quantity and unit; no error shows.' },
        failed: {
          description:
            'A toast said "Whoops, something went wrong" with Try again; the row keeps the quantity and unit and its Add button works again.',
        },
      },
    },
    adding: {
      description:
        "The row's Add button shows a spinner while the server puts the product into the cart; the customer may already be typing in the next row.",
      tags: 'busy',
      invoke: {
        id: 'saveToCart',
        src: 'saveToCart',
        input: ({ context }) => ({
          product: context.product,
          quantity: context.quantity ?? MIN_QUANTITY,
          unit: context.unitId ?? 0,
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
        'The row shows the cart\'s quantity and unit with an "In cart" mark; changing them edits the cart line itself (saved after a short pause, as in the drawer). If the line is removed, the row offers Add again.',
      on: {
        'productRow.cartChanged': { guard: 'productNotInCart', target: 'offered', actions: 'resetLine' },
      },
    },
  },
});

export type ProductRowRef = ActorRefFrom<typeof productRowMachine>;

/**
 * The row bound to the ports: the dialog's save (`bindAddToCart`: POST, or PUT of the line the cart
 * has), a watcher of the app's cart (reached through `ports.cart()`, never held), and the saved line
 * handed to the cart as `cart.itemSaved` (which spawns its line actor).
 */
export const bindProductRow = (ports: Ports) => {
  const { cart } = ports;
  return productRowMachine.provide({
    actors: {
      // the dialog's save, not a copy: one place decides between POST and PUT of an existing line
      saveToCart: bindAddToCart(ports).implementations.actors.saveToCart as PromiseActorLogic<
        CartItem,
        SaveInput
      >,
      watchCart: fromCallback<ProductRowEvent, WatchRowCartInput>(({ input, sendBack }) => {
        const watched = cart();
        let last: boolean | null = null;
        const report = () => {
          const inCart = !!cartLineOf(watched, input.productId);
          // the cart changes on every quantity click anywhere: the row hears only its own news
          if (inCart === last) return;
          last = inCart;
          sendBack({ type: 'productRow.cartChanged', inCart });
        };
        const subscription = watched?.subscribe(report);
        report();
        return () => subscription?.unsubscribe();
      }),
    },
    actions: {
      saveInCart: enqueueActions(({ enqueue }, params: { item: CartItem }) => {
        const target = cart();
        if (target) enqueue.sendTo(target, { type: 'cart.itemSaved', item: params.item });
      }),
    },
  });
};
