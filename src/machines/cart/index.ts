export { addLinesInBulk, type BulkAddInput, refetchAppCart } from './bulk-add';
export { campaignOf, cartLineOf, cartLineWrite, confirmedItem } from './cart.calls';
export { bindCart, type CartActorRef, cartMachine } from './cart.machine';
export {
  selectCartError,
  selectCartItems,
  selectCheckoutRef,
  selectInvalidLineItem,
  selectIsCartEmpty,
  selectIsCartLoading,
  selectItemCount,
  selectLineRefOf,
  selectLineRefs,
  selectQuoteRef,
} from './cart.selectors';
export {
  cartFigures,
  currentShownLineAmount,
  type ShownLineAmount,
  sameShownLineAmount,
} from './cart-figures';
export { type CartLineRef, cartLineMachine } from './cart-line.machine';
export type { LineRefusal } from './cart-line.refusal';
export {
  selectCanRetry,
  selectHasRemoveFailed,
  selectHasSaveFailed,
  selectIsConfirmingRemoval,
  selectIsLineQuantityDisabled,
  selectIsLineSaving,
  selectIsRemoving,
  selectLineFigures,
  selectLineItem,
  selectLineQuantity,
  selectLineQuantityMessageKey,
  selectLineQuantityText,
  selectLineRefusal,
  selectLineUnavailable,
  selectLineUnit,
  selectPriceChangeNotice,
  selectRefusalOffer,
  selectRefusedUnit,
  selectUnitUndo,
  shownLineAmount,
} from './cart-line.selectors';
export { type CartQuoteRef, cartQuoteMachine } from './cart-quote.machine';
export {
  type AvoidableCharge,
  type QuotedCartFigures,
  type ShipmentQuote,
  selectCurrentQuote,
  selectHasQuoteFailed,
  selectIsQuoteUpdating,
} from './cart-quote.selectors';
