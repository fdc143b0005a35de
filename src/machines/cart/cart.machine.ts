import { type ActorRefFrom, assign, emit, enqueueActions, fromCallback, fromPromise, setup } from 'xstate';
import type { CartItem, Unit } from '../../domain/types';
import type { unitsResource } from '../catalogue';
import { bindCheckout, checkoutMachine } from '../checkout';
import { provideReporting, type ReportErrorParams } from '../kernel/error-reporting';
import { type ErrorInfo, toErrorInfo } from '../kernel/errorInfo';
import { notBound } from '../kernel/not-bound';
import type { Ports } from '../kernel/ports';
import { untilAborted } from '../kernel/until-aborted';
import { submissionItem } from './cart.calls';
import { bindCartLine, cartLineMachine } from './cart-line.machine';
import { bindCartQuote, cartQuoteMachine } from './cart-quote.machine';

/** Spec point 5: the session-level message for removing a product that has no line. */
export const REMOVE_MISSING_ITEM_MESSAGE = 'Attempting to remove non-existent cart item';

/** A refused change of the session-level cart (spec point 4 "Cart"), kept for logs and tests. */
export type CartItemError =
  | { code: 'alreadyInCart'; productId: number }
  | { code: 'notInCart'; productId: number; message: string };

export interface CartContext {
  /** one per product, in the server's order (the cart is keyed by product id) */
  items: CartItem[];
  error: ErrorInfo | null;
  itemError: CartItemError | null;
  /** the units resource's value, passed on to the lines (their maximum is counted in it); null until known */
  units: Unit[] | null;
  /** products whose line has a change on its way (debouncing, saving, removing): the checkout waits */
  busyLines: number[];
  /** products whose quantity control shows text that is no quantity: no order until it is fixed */
  invalidLines: number[];
}

export type CartEvent =
  | { type: 'cart.load' }
  | { type: 'cart.fetch' }
  | { type: 'cart.clear' }
  /** session level: refused when the product already has a line */
  | { type: 'cart.itemAdded'; item: CartItem }
  | { type: 'cart.itemReplaced'; item: CartItem }
  | { type: 'cart.itemRemoved'; productId: number }
  /** ordering helper layer: adds, or replaces quantity and unit when the product is in the cart */
  | { type: 'cart.itemSaved'; item: CartItem }
  | { type: 'cart.itemErrorDismissed' }
  /** the units resource resolved (from `watchUnits`, or a test) */
  | { type: 'cart.unitsLoaded'; units: Unit[] }
  /** from the checkout child: the order was placed */
  | { type: 'cart.orderPlaced'; orderId: number }
  /** from a line: a change is on its way, stored, or refused (the checkout waits for them) */
  | { type: 'cart.lineBusy'; productId: number }
  | { type: 'cart.lineSettled'; productId: number }
  | { type: 'cart.lineFailed'; productId: number }
  /** another tab of this browser changed the cart on the server: fetch it afresh once shown */
  | { type: 'cart.changedElsewhere' }
  /** from a line: its quantity control shows text that is no quantity (or no longer does) */
  | { type: 'cart.lineInvalid'; productId: number; invalid: boolean };

/** What the cart tells the tab sync (systemId `tabSync`) after a change it stored. */
export type CartTabReport = { type: 'tabs.cartChanged' };

export type CartEmitted = { type: 'cart.orderPlaced'; orderId: number };

export const lineId = (productId: number) => `line.${productId}`;

const productIdOf = (event: CartEvent): number | null => {
  switch (event.type) {
    case 'cart.itemAdded':
    case 'cart.itemReplaced':
    case 'cart.itemSaved':
      return event.item.product.id;
    case 'cart.itemRemoved':
      return event.productId;
    default:
      return null;
  }
};

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    emitted: {} as CartEmitted,
    tags: {} as 'loading',
  },
  actors: {
    /** bound by `bindCart`, as are the children below */
    fetchCart: notBound<CartItem[]>('cart.fetchCart'),
    /** tells the cart the units resource's value (system id `units`) whenever it resolves; absent: nothing */
    watchUnits: fromCallback<CartEvent>(({ system, sendBack }) => {
      const units = system.get('units') as ActorRefFrom<typeof unitsResource> | undefined;
      let told: Unit[] | null = null;
      const tell = (value: Unit[] | null) => {
        if (!value || value === told) return;
        told = value;
        sendBack({ type: 'cart.unitsLoaded', units: value });
      };
      tell(units?.getSnapshot().context.value ?? null);
      const subscription = units?.subscribe((snapshot) => tell(snapshot.context.value));
      return () => subscription?.unsubscribe();
    }),
    cartLine: cartLineMachine,
    checkout: checkoutMachine,
    cartQuote: cartQuoteMachine,
  },
  guards: {
    isInCart: ({ context, event }) => {
      const productId = productIdOf(event);
      return context.items.some((item) => item.product.id === productId);
    },
  },
  actions: {
    /** A fetch replaces all items; lines follow: new ones spawn, gone ones stop, kept ones hear the server. */
    replaceItems: enqueueActions(({ context, enqueue }, params: { items: CartItem[] }) => {
      const next = new Set(params.items.map((item) => item.product.id));
      for (const item of context.items)
        if (!next.has(item.product.id)) enqueue.stopChild(lineId(item.product.id));
      const known = new Set(context.items.map((item) => item.product.id));
      for (const item of params.items) {
        if (known.has(item.product.id))
          enqueue.sendTo(lineId(item.product.id), { type: 'line.serverUpdated', item });
        else
          enqueue.spawnChild('cartLine', {
            id: lineId(item.product.id),
            input: { item, units: context.units },
          });
      }
      enqueue.assign({
        items: params.items,
        error: null,
        busyLines: context.busyLines.filter((productId) => next.has(productId)),
        invalidLines: context.invalidLines.filter((productId) => next.has(productId)),
      });
    }),
    addItem: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'cart.itemAdded' && event.type !== 'cart.itemSaved') return;
      const { item } = event;
      enqueue.spawnChild('cartLine', { id: lineId(item.product.id), input: { item, units: context.units } });
      enqueue.assign({ items: [...context.items, item], itemError: null });
    }),
    replaceItem: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'cart.itemReplaced' && event.type !== 'cart.itemSaved') return;
      const { item } = event;
      enqueue.sendTo(lineId(item.product.id), { type: 'line.serverUpdated', item });
      enqueue.assign({
        items: context.items.map((current) => (current.product.id === item.product.id ? item : current)),
        itemError: null,
      });
    }),
    removeItem: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'cart.itemRemoved') return;
      enqueue.stopChild(lineId(event.productId));
      enqueue.assign({
        items: context.items.filter((item) => item.product.id !== event.productId),
        itemError: null,
        busyLines: context.busyLines.filter((productId) => productId !== event.productId),
        invalidLines: context.invalidLines.filter((productId) => productId !== event.productId),
      });
    }),
    refuseDuplicate: assign((_, params: { productId: number }) => ({
      itemError: { code: 'alreadyInCart', productId: params.productId } as const,
    })),
    refuseMissing: assign((_, params: { productId: number }) => ({
      itemError: {
        code: 'notInCart',
        productId: params.productId,
        message: REMOVE_MISSING_ITEM_MESSAGE,
      } as const,
    })),
    clearItemError: assign({ itemError: null }),
    /** the drawer's quote and the checkout follow every change of the lines (runs after the change's assign) */
    shareLines: enqueueActions(({ context, enqueue }) => {
      const items = context.items.map(submissionItem);
      enqueue.sendTo('quote', { type: 'quote.itemsChanged', items });
      enqueue.sendTo('checkout', { type: 'checkout.itemsChanged', items });
      enqueue.sendTo('checkout', { type: 'checkout.savesChanged', pending: context.busyLines.length > 0 });
      enqueue.sendTo('checkout', {
        type: 'checkout.linesInvalidChanged',
        invalid: context.invalidLines.length > 0,
      });
    }),
    /** a line's quantity text turned invalid or valid: the checkout's Order waits while any is invalid */
    trackInvalid: enqueueActions(({ context, enqueue }, params: { productId: number; invalid: boolean }) => {
      const others = context.invalidLines.filter((productId) => productId !== params.productId);
      const invalidLines = params.invalid ? [...others, params.productId] : others;
      enqueue.assign({ invalidLines });
      enqueue.sendTo('checkout', { type: 'checkout.linesInvalidChanged', invalid: invalidLines.length > 0 });
    }),
    /** a line's change is on its way or done; a refusal is told first, so a waiting order is not sent */
    trackLine: enqueueActions(
      ({ context, enqueue }, params: { productId: number; busy: boolean; failed: boolean }) => {
        if (params.failed) enqueue.sendTo('checkout', { type: 'checkout.saveFailed' });
        const others = context.busyLines.filter((productId) => productId !== params.productId);
        const busyLines = params.busy ? [...others, params.productId] : others;
        enqueue.assign({ busyLines });
        enqueue.sendTo('checkout', { type: 'checkout.savesChanged', pending: busyLines.length > 0 });
      },
    ),
    /** the lines count their maximum in the units */
    shareUnits: enqueueActions(({ context, enqueue }, params: { units: Unit[] }) => {
      enqueue.assign({ units: params.units });
      for (const item of context.items)
        enqueue.sendTo(lineId(item.product.id), { type: 'line.unitsLoaded', units: params.units });
    }),
    forgetCart: enqueueActions(({ context, enqueue }) => {
      for (const item of context.items) enqueue.stopChild(lineId(item.product.id));
      enqueue.sendTo('checkout', { type: 'checkout.reset' });
      enqueue.assign({ items: [], error: null, itemError: null, busyLines: [], invalidLines: [] });
    }),
    keepError: assign((_, params: { error: unknown }) => ({ error: toErrorInfo(params.error) })),
    /** spec point 8: a failed cart load is reported; a no-op here, bound by `bindCart` (provideReporting) */
    reportError: (_, _params: ReportErrorParams) => undefined,
    /** the orders list (if the app has loaded it) shows the new order */
    reloadOrders: enqueueActions(({ system, enqueue }) => {
      const orders = system.get('orders');
      if (orders) enqueue.sendTo(orders, { type: 'resource.reload' });
    }),
    /** the other tabs of this browser fetch the cart afresh (app's `tabSync`; absent: nobody is told) */
    tellTabs: enqueueActions(({ system, enqueue }) => {
      const tabs = system.get('tabSync');
      const changed: CartTabReport = { type: 'tabs.cartChanged' };
      if (tabs) enqueue.sendTo(tabs, changed);
    }),
    announceOrder: emit((_, params: { orderId: number }) => ({
      type: 'cart.orderPlaced' as const,
      orderId: params.orderId,
    })),
  },
}).createMachine({
  id: 'cart',
  context: { items: [], error: null, itemError: null, units: null, busyLines: [], invalidLines: [] },
  invoke: [
    { id: 'checkout', systemId: 'checkout', src: 'checkout' },
    { id: 'quote', systemId: 'cartQuote', src: 'cartQuote' },
    { id: 'watchUnits', src: 'watchUnits' },
  ],
  on: {
    'cart.clear': { target: '.new', actions: ['forgetCart', 'shareLines'] },
    'cart.itemAdded': [
      {
        guard: 'isInCart',
        actions: { type: 'refuseDuplicate', params: ({ event }) => ({ productId: event.item.product.id }) },
      },
      { actions: ['addItem', 'shareLines', 'tellTabs'] },
    ],
    'cart.itemReplaced': [
      { guard: 'isInCart', actions: ['replaceItem', 'shareLines', 'tellTabs'] },
      { actions: { type: 'refuseMissing', params: ({ event }) => ({ productId: event.item.product.id }) } },
    ],
    'cart.itemRemoved': [
      { guard: 'isInCart', actions: ['removeItem', 'shareLines', 'tellTabs'] },
      { actions: { type: 'refuseMissing', params: ({ event }) => ({ productId: event.productId }) } },
    ],
    'cart.itemSaved': [
      { guard: 'isInCart', actions: ['replaceItem', 'shareLines', 'tellTabs'] },
      { actions: ['addItem', 'shareLines', 'tellTabs'] },
    ],
    'cart.itemErrorDismissed': { actions: 'clearItemError' },
    'cart.lineBusy': {
      actions: {
        type: 'trackLine',
        params: ({ event }) => ({ productId: event.productId, busy: true, failed: false }),
      },
    },
    'cart.lineSettled': {
      actions: {
        type: 'trackLine',
        params: ({ event }) => ({ productId: event.productId, busy: false, failed: false }),
      },
    },
    'cart.lineFailed': {
      actions: {
        type: 'trackLine',
        params: ({ event }) => ({ productId: event.productId, busy: false, failed: true }),
      },
    },
    'cart.lineInvalid': {
      actions: {
        type: 'trackInvalid',
        params: ({ event }) => ({ productId: event.productId, invalid: event.invalid }),
      },
    },
    'cart.unitsLoaded': { actions: { type: 'shareUnits', params: ({ event }) => ({ units: event.units }) } },
    // Spec point 4: placing an order refetches the cart (the server emptied it).
    'cart.orderPlaced': {
      target: '.reloading',
      actions: [
        { type: 'announceOrder', params: ({ event }) => ({ orderId: event.orderId }) },
        'reloadOrders',
        'tellTabs',
      ],
    },
  },
  initial: 'new',
  states: {
    new: {
      description:
        "The cart is not fetched yet: the header's cart button shows no count. It is fetched as soon as the cart button appears.",
      on: { 'cart.load': 'loading', 'cart.fetch': 'loading' },
    },
    loading: {
      description:
        'The cart drawer says "Loading your cart…" with a spinner while the cart is fetched from the server; the cart button\'s count follows when it arrives.',
      tags: 'loading',
      // A write finished while this answer was on its way (a reorder, an order, another tab's): ask
      // again, so the cart never settles on an answer older than the write.
      on: {
        'cart.fetch': { target: 'loading', reenter: true },
        'cart.changedElsewhere': { target: 'loading', reenter: true },
      },
      invoke: {
        id: 'fetchCart',
        src: 'fetchCart',
        onDone: {
          target: 'resolved',
          actions: [{ type: 'replaceItems', params: ({ event }) => ({ items: event.output }) }, 'shareLines'],
        },
        onError: {
          target: 'rejected',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    resolved: {
      description:
        'The cart button shows the number of items; the drawer lists the lines with the checkout form, or says "No items" when the cart is empty.',
      on: { 'cart.fetch': 'reloading', 'cart.changedElsewhere': 'reloading' },
    },
    reloading: {
      description:
        'The drawer keeps showing the lines it has while the cart is fetched afresh (after an order was placed, a reorder, or a change made in another tab); they update in place when the answer arrives.',
      tags: 'loading',
      on: {
        'cart.fetch': { target: 'reloading', reenter: true },
        'cart.changedElsewhere': { target: 'reloading', reenter: true },
      },
      invoke: {
        id: 'refetchCart',
        src: 'fetchCart',
        onDone: {
          target: 'resolved',
          actions: [{ type: 'replaceItems', params: ({ event }) => ({ items: event.output }) }, 'shareLines'],
        },
        // The items stay: the drawer keeps showing them next to the error.
        onError: {
          target: 'rejected',
          actions: [
            { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            { type: 'reportError', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    rejected: {
      description:
        'The drawer says "The cart could not be loaded." with a Try again link; lines already shown stay under the message.',
      on: { 'cart.load': 'loading', 'cart.fetch': 'loading', 'cart.changedElsewhere': 'loading' },
    },
  },
});

/** The cart with its call and its children bound to the API (cart-area.ts, the composition root's). */
export const bindCart = (ports: Ports) =>
  provideReporting(cartMachine, ports.api).provide({
    actors: {
      fetchCart: fromPromise<CartItem[], void>(({ signal }) =>
        untilAborted(signal, ports.api.cartItems({ signal })),
      ),
      cartLine: bindCartLine(ports),
      checkout: bindCheckout(ports),
      cartQuote: bindCartQuote(ports),
    },
  });

export type CartActorRef = ActorRefFrom<typeof cartMachine>;
