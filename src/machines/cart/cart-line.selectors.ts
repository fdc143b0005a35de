import type { SnapshotFrom } from 'xstate';
import { priceLine, showsAmountLine } from '../../domain/cart-totals';
import { toDecimal } from '../../domain/decimal';
import { centsText, type PriceBasis, shownPrices, shownPricesAt } from '../../domain/pricing';
import {
  type INVALID_QUANTITY_MESSAGE_KEY,
  isQuantityControlDisabled,
  type QuantityMax,
} from '../../domain/quantity';
import { quantityControlStatus, quantityMessageKey } from '../../domain/quantity-control';
import type { CartItem, DecimalString, Unit } from '../../domain/types';
import { orderableUnits, primaryUnitOf, unitMultiplier } from '../../domain/units';
import type { ShownLineAmount } from './cart-figures';
import { type CartLineContext, type cartLineMachine, type LineChange, lineMaxOf } from './cart-line.machine';
import { type LineRefusal, type RefusalOffer, refusalOffer } from './cart-line.refusal';

export type CartLineSnapshot = SnapshotFrom<typeof cartLineMachine>;

/** The customer's latest quantity (never an older server answer while a change is pending). */
export const selectLineQuantity = (s: CartLineSnapshot): number => s.context.quantity;
export const selectLineUnit = (s: CartLineSnapshot): number => s.context.unit;
/** The line as the server last confirmed it (product, id). */
export const selectLineItem = (s: CartLineSnapshot): CartItem => s.context.item;

/** The server says the customer may no longer order the line's product: the order would refuse it. */
export const selectLineUnavailable = (s: CartLineSnapshot): boolean => s.context.item.unavailable === true;
export const selectIsLineSaving = (s: CartLineSnapshot): boolean =>
  s.matches({ editable: { save: 'pending' } });
export const selectIsConfirmingRemoval = (s: CartLineSnapshot): boolean => s.matches('confirmingRemoval');
export const selectIsRemoving = (s: CartLineSnapshot): boolean => s.hasTag('removing');
export const selectHasSaveFailed = (s: CartLineSnapshot): boolean =>
  s.matches({ editable: { save: { failed: 'saveFailed' } } });
export const selectHasRemoveFailed = (s: CartLineSnapshot): boolean => s.matches('removeFailed');
export const selectCanRetry = (s: CartLineSnapshot): boolean => s.can({ type: 'line.retried' });

/** Why the server refused the line's last change, while the line says so; null otherwise. */
export const selectLineRefusal = (s: CartLineSnapshot): LineRefusal | null =>
  s.matches({ editable: { save: { failed: 'saveRefused' } } }) ? s.context.refusal : null;

/** What the refused line offers beside Close: the most stock allows, removal, or nothing. */
export const selectRefusalOffer = (s: CartLineSnapshot): RefusalOffer => {
  const refusal = selectLineRefusal(s);
  return refusal ? refusalOffer(refusal) : null;
};

/** The unit of the refused change (the stock figure is counted in it); null while nothing is refused. */
export const selectRefusedUnit = (s: CartLineSnapshot): number | null =>
  selectLineRefusal(s) ? (s.context.failedChange?.unit ?? s.context.unit) : null;

/** The most the customer may order in the line's unit (stock is counted in the primary unit); null: no limit. */
export const selectLineMax = (s: CartLineSnapshot): QuantityMax => lineMaxOf(s.context);

/** What the quantity input shows: the line's quantity, or invalid text as typed until the quantity moves. */
export const selectLineQuantityText = (s: CartLineSnapshot): string => {
  const { invalidText, quantity } = s.context;
  return invalidText && invalidText.atQuantity === quantity ? invalidText.text : String(quantity);
};

/** quantity.invalidAmount while the input shows text that is not a valid quantity; null otherwise. */
export const selectLineQuantityMessageKey = (
  s: CartLineSnapshot,
): typeof INVALID_QUANTITY_MESSAGE_KEY | null =>
  quantityMessageKey(quantityControlStatus(selectLineQuantityText(s), selectLineMax(s)));

/** The quantity control is disabled when the stock allows none of the line's unit (maximum 0). */
export const selectIsLineQuantityDisabled = (s: CartLineSnapshot): boolean =>
  isQuantityControlDisabled(selectLineMax(s));

/**
 * While Undo of a unit change is offered: the quantity and unit it brings back (the line shows the
 * new ones already); null otherwise. The same object until the line changes.
 */
export const selectUnitUndo = (s: CartLineSnapshot): LineChange | null =>
  s.matches({ editable: { unitUndo: 'offered' } }) ? s.context.undoTo : null;

/** What a cart line shows beside the quantity and unit, on the customer's one price basis (decision 005). */
export interface CartLineFigures {
  /** the units the product can be ordered in */
  units: Unit[];
  /** the most the customer may order in the shown unit (stock is counted in the primary unit) */
  max: QuantityMax;
  /** the unit the unit price is per (the product's primary unit) */
  priceUnit: Unit | null;
  /** per primary unit, on the basis */
  unitPrice: DecimalString;
  /** the regular unit price struck through beside it while a campaign runs; null otherwise */
  oldUnitPrice: DecimalString | null;
  /** deposit per primary unit on the basis; null when the product has none */
  unitDeposit: DecimalString | null;
  /**
   * the line on its own (priceLine's goods): shown while a change of it is on its way; once the cart
   * holds the line it shows its share of the cart's figures instead (`shownLineAmount`)
   */
  amount: DecimalString;
  /** the line's deposit, its own line (adds up to the summary's deposit line); null when none */
  deposit: DecimalString | null;
}

type FiguresEntry = { basis: PriceBasis; value: CartLineFigures | null };
const figuresCache = new WeakMap<CartLineContext, FiguresEntry>();

/**
 * The line's figures on `basis`, counted in the units the line holds (the units resource's value, passed
 * on by the cart). Null while the units are unknown or the product's unit chain is broken (spec point 5's
 * conversion errors). Memoised per line context.
 */
export function selectLineFigures(s: CartLineSnapshot, basis: PriceBasis): CartLineFigures | null {
  const hit = figuresCache.get(s.context);
  if (hit && hit.basis === basis) return hit.value;
  const value = lineFigures(s.context, basis);
  figuresCache.set(s.context, { basis, value });
  return value;
}

export type CartLineAmount = Pick<CartLineFigures, 'amount' | 'deposit'>;
const amountCache = new WeakMap<CartLineFigures, CartLineAmount>();

/**
 * The line amount (priceLine's goods, exact decimals) and its deposit; null while unknown. The same
 * object until the figures change.
 */
export function selectLineAmount(s: CartLineSnapshot, basis: PriceBasis): CartLineAmount | null {
  const figures = selectLineFigures(s, basis);
  if (!figures) return null;
  let amount = amountCache.get(figures);
  if (!amount) {
    amount = { amount: figures.amount, deposit: figures.deposit };
    amountCache.set(figures, amount);
  }
  return amount;
}

function lineFigures(context: CartLineContext, basis: PriceBasis): CartLineFigures | null {
  const {
    item: { product },
    quantity,
    unit,
    units,
  } = context;
  if (!units) return null;
  try {
    const multiplier = unitMultiplier(product, unit, units);
    // the unit price the line is charged at: its price step by the primary units it holds
    const prices = shownPricesAt(product, basis, toDecimal(String(quantity)).times(multiplier));
    const line = priceLine({ product, quantity: String(quantity), unitMultiplier: multiplier }, basis);
    return {
      units: orderableUnits(product, units),
      max: lineMaxOf(context),
      priceUnit: primaryUnitOf(product, units),
      unitPrice: centsText(prices.current),
      oldUnitPrice: prices.old ? centsText(prices.old) : null,
      unitDeposit: showsAmountLine(prices.deposit) ? centsText(prices.deposit) : null,
      amount: centsText(line.goods),
      deposit: showsAmountLine(line.deposit) ? centsText(line.deposit) : null,
    };
  } catch {
    return null;
  }
}

/**
 * The amount and deposit a cart line shows. Once the cart holds the line's quantity and unit, the
 * line's share of the cart's figures (cart-figures.ts), so the lines add up to the summary's Goods to
 * the cent; while a change is on its way, the line's own figures, which the summary follows once saved.
 */
export function shownLineAmount(
  own: CartLineAmount | null,
  share: ShownLineAmount | null,
  quantity: number,
  unit: number,
): CartLineAmount | null {
  if (share && share.quantity === quantity && share.unit === unit)
    return { amount: share.amount, deposit: share.deposit };
  return own;
}

/** Why the line's price changed since the customer last saw it (sent by the server with the cart). */
export type PriceChange = 'campaignStarted' | 'campaignEnded';

export interface PriceChangeNotice {
  kind: PriceChange;
  /** the unit price that applies now, on the basis */
  current: DecimalString;
  /** the unit price before, when known (the regular price a campaign now undercuts) */
  old: DecimalString | null;
}

const priceChangeOf = (item: CartItem): PriceChange | null =>
  (item as CartItem & { priceChange?: PriceChange | null }).priceChange ?? null;

const noticeCache = new WeakMap<CartItem, { basis: PriceBasis; value: PriceChangeNotice | null }>();

/** The notice "Campaign price now applies" / "The campaign has ended" with the unit prices; null when none. */
export function selectPriceChangeNotice(s: CartLineSnapshot, basis: PriceBasis): PriceChangeNotice | null {
  const { item } = s.context;
  const hit = noticeCache.get(item);
  if (hit && hit.basis === basis) return hit.value;
  const kind = priceChangeOf(item);
  let value: PriceChangeNotice | null = null;
  if (kind) {
    const prices = shownPrices(item.product, basis);
    value = {
      kind,
      current: centsText(prices.current),
      old: kind === 'campaignStarted' && prices.old ? centsText(prices.old) : null,
    };
  }
  noticeCache.set(item, { basis, value });
  return value;
}
