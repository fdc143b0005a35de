import type { SnapshotFrom } from 'xstate';
import type { ErrorInfo } from '../kernel/errorInfo';
import {
  linesToOrder,
  type StockTakeRefusal,
  type StockTakeRow,
  type stockTakeMachine,
  stockTakeRows,
} from './stock-take.machine';

export type StockTakeSnapshot = SnapshotFrom<typeof stockTakeMachine>;

/** Which part of the stock-take the page shows. */
export type StockTakeStep =
  | 'loading'
  | 'failed'
  | 'noParLevels'
  | 'counting'
  | 'reviewing'
  | 'adding'
  | 'addFailed'
  | 'added';

export const selectStockTakeStep = (s: StockTakeSnapshot): StockTakeStep => s.value as StockTakeStep;
export const selectStockTakeBusy = (s: StockTakeSnapshot): boolean => s.hasTag('busy');
export const selectStockTakeListName = (s: StockTakeSnapshot): string => s.context.listName;
export const selectStockTakeRows = (s: StockTakeSnapshot): StockTakeRow[] => stockTakeRows(s.context);
export const selectStockTakeCurrent = (s: StockTakeSnapshot): number => s.context.current;
export const selectStockTakeOrderRows = (s: StockTakeSnapshot): StockTakeRow[] => linesToOrder(s.context);
export const selectStockTakeCanAdd = (s: StockTakeSnapshot): boolean => s.can({ type: 'toCart.requested' });
export const selectStockTakeAdded = (
  s: StockTakeSnapshot,
): { count: number; refused: StockTakeRefusal[] } => ({
  count: s.context.addedCount,
  refused: s.context.refused,
});
export const selectStockTakeError = (s: StockTakeSnapshot): ErrorInfo | null => s.context.error;
