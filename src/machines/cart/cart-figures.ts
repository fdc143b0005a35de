// Edges: the cart's items, the units, the basis and the drawer's quote in; what the summary and each
// line show out, as decimal strings. One computation serves both, so the lines add up to the summary.
import {
  cartTotalsLines,
  type LineFigures,
  priceDocument,
  showsAmountLine,
  sumLineFigures,
  toCartTotals,
} from '../../domain/cart-totals';
import { centsText, type PriceBasis } from '../../domain/pricing';
import type { CartItem, CartTotals, DecimalString, Unit } from '../../domain/types';
import type { OrderPreview } from '../../services/api/orders';
import { shownQuantity } from './cart.calls';
import type { CartActorRef } from './cart.machine';
import { type CartSnapshot, selectQuoteRef } from './cart.selectors';
import { type QuotedCartFigures, quotedCartFigures, selectCurrentQuote } from './cart-quote.selectors';

/** What one line shows beside its quantity: its share of the figures the summary adds up. */
export interface ShownLineAmount {
  /** the quantity and unit the figures are for (the cart's, which a change on its way has not reached) */
  quantity: number;
  unit: number;
  /** the goods: on the gross basis net plus the line's share of its rate's VAT (decision 007) */
  amount: DecimalString;
  /** the line's deposit on the basis; null when none */
  deposit: DecimalString | null;
}

export interface CartFigures {
  /** the goods figures the summary shows: the sums of `lines` */
  totals: CartTotals;
  /** the shipments with their fees, when the quote is for these lines; null before */
  quoted: QuotedCartFigures | null;
  /** by product id */
  lines: ReadonlyMap<number, ShownLineAmount>;
}

/**
 * Before the quote the cart is one document (decision 007); with it, each shipment is one. Either way
 * each line's gross figures carry its share of its document's VAT per rate, so with several lines of
 * one rate a line may read a cent off what it would alone, and the lines add up to the goods.
 */
function computeCartFigures(
  items: readonly CartItem[],
  units: readonly Unit[],
  basis: PriceBasis,
  quote: OrderPreview | null,
): CartFigures | null {
  const quoted = quote ? quotedCartFigures(items, units, basis, quote) : null;
  let lines: LineFigures[];
  let totals: CartTotals;
  if (quoted) {
    lines = quoted.lines;
    totals = quoted.goods;
  } else {
    try {
      lines = priceDocument(cartTotalsLines(items, units), [], basis).lines;
    } catch {
      return null;
    }
    totals = toCartTotals(sumLineFigures(lines));
  }
  const shown = new Map<number, ShownLineAmount>();
  items.forEach((item, index) => {
    const figures = lines[index];
    if (!figures) return;
    shown.set(item.product.id, {
      quantity: shownQuantity(item),
      unit: item.unit,
      amount: centsText(figures.goods),
      deposit: showsAmountLine(figures.deposit) ? centsText(figures.deposit) : null,
    });
  });
  return { totals, quoted, lines: shown };
}

interface Computed {
  items: readonly CartItem[];
  units: readonly Unit[];
  basis: PriceBasis;
  quote: OrderPreview | null;
  value: CartFigures | null;
}
let last: Computed | null = null;

/**
 * The cart's figures, computed once per change of its items, units, basis or quote: the summary and
 * every line (each with its own selector) read the same result, so a cart of thousands of lines
 * prices once per change, not once per line.
 */
export function cartFigures(
  items: readonly CartItem[],
  units: readonly Unit[],
  basis: PriceBasis,
  quote: OrderPreview | null,
): CartFigures | null {
  if (last && last.items === items && last.units === units && last.basis === basis && last.quote === quote)
    return last.value;
  const value = computeCartFigures(items, units, basis, quote);
  last = { items, units, basis, quote, value };
  return value;
}

/** One line's shown figures (by product id); null while the cart cannot be priced or has no such line. */
export const selectShownLineAmount = (
  s: CartSnapshot,
  productId: number,
  units: readonly Unit[],
  basis: PriceBasis,
  quote: OrderPreview | null,
): ShownLineAmount | null => cartFigures(s.context.items, units, basis, quote)?.lines.get(productId) ?? null;

/**
 * One line's shown figures as the cart and its quote stand now: for a view that follows both actors
 * (it subscribes to each and reads this on any change), so a quote change costs each line a lookup.
 */
export function currentShownLineAmount(
  cart: CartActorRef,
  productId: number,
  units: readonly Unit[],
  basis: PriceBasis,
): ShownLineAmount | null {
  const snapshot = cart.getSnapshot();
  const quoteRef = selectQuoteRef(snapshot);
  const quote = quoteRef ? selectCurrentQuote(quoteRef.getSnapshot()) : null;
  return selectShownLineAmount(snapshot, productId, units, basis, quote);
}

/** Compare for `useSelector`: a line re-renders only when its own figures change. */
export const sameShownLineAmount = (a: ShownLineAmount | null, b: ShownLineAmount | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.quantity === b.quantity &&
    a.unit === b.unit &&
    a.amount === b.amount &&
    a.deposit === b.deposit);
