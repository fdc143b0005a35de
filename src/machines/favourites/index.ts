export { addToListMachine, bindAddToList } from './add-to-list.machine';
export {
  selectAddToListProblemKey,
  selectCanRetryWrite,
  selectIsWritingItem,
  selectWritingListId,
} from './add-to-list.selectors';
export { bindFavouriteList, favouriteListMachine } from './favourite-list.machine';
export {
  sameCartLines,
  selectActionError,
  selectAllSelected,
  selectCanChangeList,
  selectCartLines,
  selectFavouriteList,
  selectFavouriteListStatus,
  selectIsConfirmingDelete,
  selectIsDeleting,
  selectIsListEditable,
  selectIsRenaming,
  selectIsSharing,
  selectNameAccepted,
  selectNameError,
  selectRemovedItem,
  selectSelectedIds,
  selectShownItems,
  selectShownLine,
  selectShownShared,
} from './favourite-list.selectors';
export {
  bindFavouriteListCreate,
  bindNewListForm,
  favouriteListCreateMachine,
} from './favourite-list-create.machine';
export {
  selectCanRetryCreate,
  selectCreatedList,
  selectCreateProblemKey,
  selectIsCreatingList,
  selectNewListName,
  selectNewListNameError,
  selectNewListShared,
  selectRetryWouldSend,
} from './favourite-list-create.selectors';
export {
  bindFavouriteListToCart,
  favouriteListToCartMachine,
} from './favourite-list-to-cart.machine';
export {
  selectToCartAdded,
  selectToCartBusy,
  selectToCartChanged,
  selectToCartDone,
  selectToCartError,
  selectToCartMode,
  selectToCartUnavailable,
} from './favourite-list-to-cart.selectors';
export { bindFavouriteLists, type FavouriteListsRef, favouriteListsMachine } from './favourite-lists.machine';
export {
  selectAreFavouriteListsLoading,
  selectFavouriteLists,
  selectFavouriteListsFailed,
  selectFavouriteListsNotOffered,
  selectFavouriteListsStatus,
  selectHasLoadedFavouriteLists,
  selectIsOnAnyList,
  selectOwnFavouriteLists,
  selectSharedByColleagues,
} from './favourite-lists.selectors';
export { bindOrderGuideBuild, orderGuideBuildMachine } from './order-guide-build.machine';
export {
  selectBuildProblemKey,
  selectBuiltGuideId,
  selectIsBuildingGuide,
} from './order-guide-build.selectors';
export { bindStockTake, type StockTakeRow, stockTakeMachine } from './stock-take.machine';
export {
  selectStockTakeAdded,
  selectStockTakeBusy,
  selectStockTakeCanAdd,
  selectStockTakeCurrent,
  selectStockTakeError,
  selectStockTakeListName,
  selectStockTakeOrderRows,
  selectStockTakeRows,
  selectStockTakeStep,
} from './stock-take.selectors';
