import type { CartItem } from '../../domain/types';
import type { CartApi, CartLineWrite, CartLineWritten } from '../api/cart';
import { ApiError, isApiError } from '../api/errors';
import type { CartChange, Outbox } from './outbox';

/** What the cart calls need to keep changes while offline; absent, the calls are the API's as they are. */
export interface OfflineLayer {
  outbox: Outbox;
  /** the signed-in user the changes belong to; null when nobody is */
  owner: () => string | null;
  /** the browser's own answer (`navigator.onLine`): false only when it knows there is no network */
  isOnline: () => boolean;
}

let installed: OfflineLayer | null = null;

/**
 * Set by the signed-in cart area (the composition root's second half): the cart calls, loaded with the
 * signed-in call areas, keep offline changes from then on. Returns the undo, for sign-out and tests.
 */
export function installOfflineLayer(layer: OfflineLayer): () => void {
  installed = layer;
  return () => {
    if (installed === layer) installed = null;
  };
}

export const offlineLayer = (): OfflineLayer | null => installed;

/** The failure a call has when the browser knows it is offline: no request was sent. */
const offlineError = (call: string) =>
  new ApiError({ kind: 'network', call, code: 'offline' }, `${call}: the browser is offline`);

/** Whether the call failed because the browser is offline (not a server that did not answer). */
export const failedOffline = (error: unknown, layer: OfflineLayer | null = installed): boolean =>
  isApiError(error) && error.kind === 'network' && (error.code === 'offline' || layer?.isOnline() === false);

/**
 * The cart calls, keeping what the buyer changes while the browser is offline in the outbox and
 * answering as the server would have: the line as written (a new line gets a stand-in id below zero
 * until the server stores it). Online, and with no layer installed, every call is the API's own.
 * A server that does not answer while the browser believes it is online stays a failure the
 * screens show with Try again: only a known offline is kept for later.
 */
export function withOfflineCart(api: CartApi, layerOf: () => OfflineLayer | null = offlineLayer): CartApi {
  let standInId = 0;
  // which product a line id is, for taking out a line offline (the write names its product, the delete only its id)
  const productOfLine = new Map<number, number>();
  const remember = (items: CartItem[]) => {
    for (const item of items) productOfLine.set(item.id, item.product.id);
    return items;
  };

  /**
   * Keeps the change when the browser is offline (before sending: `error` absent), when the call failed
   * because it went offline, or when the line is one only the outbox knows yet (a stand-in id): the
   * server has no such line until the outbox is sent.
   */
  async function keep(
    change: CartChange,
    options: { error?: unknown; standIn?: boolean } = {},
  ): Promise<boolean> {
    const layer = layerOf();
    const owner = layer?.owner() ?? null;
    if (!layer || owner === null) return false;
    const offline = 'error' in options ? failedOffline(options.error, layer) : !layer.isOnline();
    if (!offline && !options.standIn) return false;
    await layer.outbox.recordCartChange(owner, change);
    return true;
  }

  async function write(
    line: CartLineWrite,
    send: () => Promise<CartLineWritten>,
    id: number | null,
  ): Promise<CartLineWritten> {
    const kept = () => {
      const written = { id: id ?? --standInId, quantity: line.quantity, unit: line.unit };
      productOfLine.set(written.id, line.product);
      return written;
    };
    if (await keep({ kind: 'put', line }, { standIn: id !== null && id < 0 })) return kept();
    try {
      const written = await send();
      productOfLine.set(written.id, line.product);
      return written;
    } catch (error) {
      if (await keep({ kind: 'put', line }, { error })) return kept();
      throw error;
    }
  }

  return {
    cartItems: async (options) => remember(await api.cartItems(options)),
    addCartItem: (line, options) => write(line, () => api.addCartItem(line, options), null),
    updateCartItem: (id, line, options) => write(line, () => api.updateCartItem(id, line, options), id),
    removeCartItem: async (id, options) => {
      const product = productOfLine.get(id);
      const change: CartChange | null = product === undefined ? null : { kind: 'remove', product };
      if (change && (await keep(change, { standIn: id < 0 }))) return;
      if (id < 0) throw offlineError('DELETE cart-items');
      try {
        await api.removeCartItem(id, options);
      } catch (error) {
        if (change && (await keep(change, { error }))) return;
        throw error;
      }
    },
    addCartItemsBulk: (lines, mode, options) => api.addCartItemsBulk(lines, mode, options),
  };
}
