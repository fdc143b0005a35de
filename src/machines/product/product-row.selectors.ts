import { initialTransition, type SnapshotFrom, transition } from 'xstate';
import { type INVALID_QUANTITY_MESSAGE_KEY, isQuantityControlDisabled } from '../../domain/quantity';
import { quantityControlStatus, quantityMessageKey } from '../../domain/quantity-control';
import { type ProductRowInput, productRowMachine, rowMaxOf } from './product-row.machine';

export type ProductRowSnapshot = SnapshotFrom<typeof productRowMachine>;

/** What the quantity box shows: the number, or invalid text as typed. */
export const selectRowQuantityText = (s: ProductRowSnapshot): string => s.context.quantityText;
/** The chosen unit; null while the units are unknown (or the product's unit chain is broken). */
export const selectRowUnitId = (s: ProductRowSnapshot): number | null => s.context.unitId;
/** quantity.invalidAmount while the box holds text that is not a valid quantity; null otherwise. */
export const selectRowQuantityMessageKey = (
  s: ProductRowSnapshot,
): typeof INVALID_QUANTITY_MESSAGE_KEY | null => {
  const max = rowMaxOf(s.context);
  // a row whose unit the stock does not fill shows no message: its add button is simply off
  if (isQuantityControlDisabled(max)) return null;
  return quantityMessageKey(quantityControlStatus(s.context.quantityText, max));
};
/** The units the row counts its maximum in; null until the row was told them. */
export const selectRowUnits = (s: ProductRowSnapshot) => s.context.units;
/** The add button shows a spinner. */
export const selectIsRowAdding = (s: ProductRowSnapshot): boolean => s.hasTag('busy');
/** The machine's guard: a valid quantity of a unit the stock fills, not while adding or in the cart. */
export const selectCanRowAdd = (s: ProductRowSnapshot): boolean => s.can({ type: 'productRow.addRequested' });
/** The product has a cart line: the view edits that line instead. */
export const selectIsRowInCart = (s: ProductRowSnapshot): boolean => s.matches('inCart');

/**
 * A row nobody has touched yet: the snapshot its machine would have once woken in a row whose product
 * has no cart line, worked out by XState's pure transitions (no actor runs). An idle row reads it with
 * the selectors above, so it shows the chart's answers (the guard's "can add" among them), not a copy.
 */
export const restingRowOf = (input: ProductRowInput): ProductRowSnapshot => {
  const [woken] = initialTransition(productRowMachine, input);
  return transition(productRowMachine, woken, { type: 'productRow.cartChanged', inCart: false })[0];
};
