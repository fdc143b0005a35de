import type { PriceBasis } from '../../domain/pricing';
import { type QueuedOrderChange, queuedOrderChanges } from '../../domain/queued-order-review';
import type { PortalApi } from '../../services/api';
import { isMissingCall } from '../../services/api/capabilities';
import { isApiError } from '../../services/api/errors';
import type { CompanyDeliveryCalendar } from '../../services/api/wire/delivery-calendar';
import type { Outbox, QueuedOrder } from '../../services/offline/outbox';
import { checkDeliveryDate, fallbackAddress } from '../checkout';

type Signal = { signal?: AbortSignal };

/** A cart change the server refused when it was finally sent (not enough stock, a product no longer sold…). */
export interface RefusedCartChange {
  productId: number;
  /** the product's name when the cart knew it, else null */
  name: string | null;
  /** the server's own words, in the buyer's language */
  detail: string | null;
}

/**
 * A refusal is the server's answer to this change; a failure to reach it, or a sign-in not yet
 * renewed (401), stops the sending and keeps the rest for later.
 */
export const isRefusal = (error: unknown) =>
  isApiError(error) &&
  error.kind === 'http' &&
  error.status !== null &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 401;

/**
 * Sends the cart changes kept offline, oldest first, each onto the line the server has now for its
 * product; each change leaves the outbox once the server stored or refused it, so a connection lost half
 * way resumes where it stopped. Answers the refused ones, which the buyer is shown.
 */
export async function sendCartChanges(
  api: PortalApi,
  outbox: Outbox,
  owner: string,
  { signal }: Signal = {},
): Promise<RefusedCartChange[]> {
  const changes = await outbox.cartChanges(owner);
  if (changes.length === 0) return [];
  const cart = await api.cartItems({ signal });
  // the server's line of each product, as the changes sent so far left it
  const lineIds = new Map(cart.map((item) => [item.product.id, item.id]));
  const names = new Map(cart.map((item) => [item.product.id, item.product.name]));
  const refused: RefusedCartChange[] = [];
  for (const { id, change } of changes) {
    const productId = change.kind === 'put' ? change.line.product : change.product;
    const lineId = lineIds.get(productId);
    try {
      if (change.kind === 'put') {
        const written =
          lineId === undefined
            ? await api.addCartItem(change.line, { signal })
            : await api.updateCartItem(lineId, change.line, { signal });
        lineIds.set(productId, written.id);
      } else if (lineId !== undefined) {
        await api.removeCartItem(lineId, { signal });
        lineIds.delete(productId);
      }
    } catch (error) {
      if (!isRefusal(error)) throw error;
      refused.push({
        productId,
        name: names.get(productId) ?? null,
        detail: isApiError(error) ? error.detail : null,
      });
    }
    await outbox.dropCartChange(id);
  }
  return refused;
}

export type NextQueuedOrder =
  | { kind: 'none' }
  | { kind: 'ready'; order: QueuedOrder }
  | { kind: 'changed'; order: QueuedOrder; changes: QueuedOrderChange[] };

/**
 * The oldest order waiting to be sent, checked against the cart's products now (price, stock), the
 * units and the delivery day's cut-off; an order the buyer already approved goes as it is.
 */
export async function nextQueuedOrder(
  api: PortalApi,
  outbox: Outbox,
  owner: string,
  basis: PriceBasis,
  now: Date,
  { signal }: Signal = {},
): Promise<NextQueuedOrder> {
  const [order] = await outbox.queuedOrders(owner);
  if (!order) return { kind: 'none' };
  if (order.approved) return { kind: 'ready', order };
  const [cart, units, calendar] = await Promise.all([
    api.cartItems({ signal }),
    api.productUnits({ signal }),
    api.deliveryCalendar({ signal }).catch((error: unknown) => {
      // a backend with the specification's date rule only
      if (isMissingCall(error)) return null;
      throw error;
    }),
  ]);
  const date = order.submission.expectedDeliveryDate;
  const addressed = withShownAddress(order, calendar);
  const day = checkDeliveryDate(date, calendar, now, addressed.addressId);
  const changes = queuedOrderChanges({
    lines: order.lines,
    current: new Map(cart.map((item) => [item.product.id, item.product])),
    units,
    basis,
    dayRefusal: day.ok ? null : { date, messageKey: day.messageKey },
  });
  return changes.length === 0
    ? { kind: 'ready', order: addressed }
    : { kind: 'changed', order: addressed, changes };
}

/**
 * An order confirmed before the company's addresses could be read (offline) names none; its day was
 * chosen for the address the date picker falls back to (the one address on a route, else the first).
 * It goes to that address, so the server judges the day the buyer was offered.
 */
function withShownAddress(order: QueuedOrder, calendar: CompanyDeliveryCalendar | null): QueuedOrder {
  if (order.addressId !== null || calendar === null) return order;
  const shown = fallbackAddress(calendar);
  if (!shown) return order;
  return { ...order, addressId: shown.id, submission: { ...order.submission, deliveryAddress: shown.id } };
}

/** Sends the order with its key (the server places it once however often it is sent), then forgets it. */
export async function sendQueuedOrder(
  api: PortalApi,
  outbox: Outbox,
  order: QueuedOrder,
  { signal }: Signal = {},
): Promise<number> {
  const orderId = await api.placeOrder(order.submission, order.key, { signal });
  await outbox.dropOrder(order.key);
  return orderId;
}
