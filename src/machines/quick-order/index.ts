export type { QuickOrderOutcomeProblem } from './quick-order.calls';
export {
  bindQuickOrder,
  type QuickOrderRefusal,
  quickOrderMachine,
  type TypedQuickOrderRow,
} from './quick-order.machine';
export {
  type RowStatus,
  selectAddMode,
  selectBusyPhase,
  selectCanAdd,
  selectInCartChanges,
  selectInvalidRowCount,
  selectMergedProducts,
  selectNotices,
  selectPasteText,
  selectPreviewRows,
  selectQuickOrderStage,
  selectReadProgress,
  selectRefusal,
  selectResult,
  selectRowStatuses,
  selectSourceFileFacts,
  selectValidRowCount,
} from './quick-order.selectors';
export {
  bindQuickOrderFiles,
  quickOrderFilesMachine,
  type StatusSheetLines,
} from './quick-order-files.machine';
export { selectFilesBusy, selectFilesFailed } from './quick-order-files.selectors';
