export { addToCartMachine, bindAddToCart } from './add-to-cart.machine';
export { selectCanAdd, selectIsAdding, selectIsInCart } from './add-to-cart.selectors';
export { productDialogMachine } from './product-dialog.machine';
export {
  selectAddBlockedKey,
  selectAmountPerUnit,
  selectCanDecrease,
  selectCanIncrease,
  selectDialogProduct,
  selectIsDialogOpen,
  selectIsImageEnlarged,
  selectIsInStock,
  selectIsQuantityDisabled,
  selectIsWaitingForUnits,
  selectLineAmount,
  selectListLine,
  selectOrderableUnits,
  selectQuantity,
  selectQuantityMessageKey,
  selectQuantityText,
  selectSelectedUnit,
  selectShownPrices,
  selectUnitErrorKey,
  selectUnitsPerPack,
} from './product-dialog.selectors';
export { bindProductRow, type ProductRowRef, productRowMachine } from './product-row.machine';
export {
  type ProductRowSnapshot,
  restingRowOf,
  selectCanRowAdd,
  selectIsRowAdding,
  selectRowQuantityMessageKey,
  selectRowQuantityText,
  selectRowUnitId,
  selectRowUnits,
} from './product-row.selectors';
