import { type PriceBasis, shownPricesAt } from './pricing';
import { lineShortage } from './substitutes';
import type { CampaignProduct, CartItem, DecimalString, IsoDate, Product, Unit } from './types';
import { unitMultiplier } from './units';

/**
 * What changed between an order confirmed offline and the moment it can be sent: shown to the buyer
 * for review instead of sending the order blindly.
 * - `priceChanged`: the price per primary unit on the buyer's basis, then and now (cents text);
 * - `shortOfStock`: the line wants more primary units than are in stock now;
 * - `notInCart`: the product is no longer in the cart (taken out, or no longer sold to the buyer);
 * - `dayMissed`: the delivery day can no longer be ordered (its cut-off passed), with the reason's text key.
 */
export type QueuedOrderChange =
  | { kind: 'priceChanged'; productId: number; name: string; was: DecimalString; now: DecimalString }
  | { kind: 'shortOfStock'; productId: number; name: string; wanted: number; inStock: number }
  | { kind: 'notInCart'; productId: number; name: string }
  | { kind: 'dayMissed'; date: IsoDate; messageKey: string };

export interface QueuedOrderCheck {
  /** the lines as the buyer confirmed them */
  lines: readonly CartItem[];
  /** each product as the server describes it now, by id; absent: not in the cart any more */
  current: ReadonlyMap<number, Product | CampaignProduct>;
  units: readonly Unit[];
  basis: PriceBasis;
  /** the delivery day's check now: null when it may still be ordered */
  dayRefusal: { date: IsoDate; messageKey: string } | null;
}

const primaryUnits = (line: CartItem, units: readonly Unit[]): DecimalString => {
  try {
    return unitMultiplier(line.product, line.unit, units).times(line.quantity).toString();
  } catch {
    return line.quantity;
  }
};

/** Every change the buyer must see before the order goes out; empty when it can be sent as confirmed. */
export function queuedOrderChanges(check: QueuedOrderCheck): QueuedOrderChange[] {
  const changes: QueuedOrderChange[] = [];
  if (check.dayRefusal) changes.push({ kind: 'dayMissed', ...check.dayRefusal });
  for (const line of check.lines) {
    const productId = line.product.id;
    const name = line.product.name;
    const now = check.current.get(productId);
    if (!now) {
      changes.push({ kind: 'notInCart', productId, name });
      continue;
    }
    // a demo account sees no prices: nothing to compare
    if (line.product.price !== null && now.price !== null) {
      const amount = primaryUnits(line, check.units);
      const was = shownPricesAt(line.product, check.basis, amount).current;
      const current = shownPricesAt(now, check.basis, amount).current;
      if (!was.equals(current))
        changes.push({ kind: 'priceChanged', productId, name, was: was.toFixed(2), now: current.toFixed(2) });
    }
    const shortage = lineShortage(now, line.quantity, line.unit, check.units);
    if (shortage)
      changes.push({
        kind: 'shortOfStock',
        productId,
        name,
        wanted: shortage.wanted,
        inStock: shortage.inStock,
      });
  }
  return changes;
}

/**
 * Whether the buyer may send the order as it is after seeing the changes: a new price is the buyer's
 * to accept; a day past its cut-off or a line the stock cannot cover would only be refused by the server.
 */
export const canSendAsIs = (changes: readonly QueuedOrderChange[]): boolean =>
  changes.every((change) => change.kind === 'priceChanged' || change.kind === 'notInCart');
