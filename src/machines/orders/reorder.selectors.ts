import type { SnapshotFrom } from 'xstate';
import type { OrderItem } from '../../domain/types';
import type { ErrorInfo } from '../kernel/errorInfo';
import type { ChangedLine, reorderMachine, UnavailableLine } from './reorder.machine';

export type ReorderSnapshot = SnapshotFrom<typeof reorderMachine>;

export const selectIsReordering = (s: ReorderSnapshot): boolean => s.hasTag('busy');
export const selectIsReorderDone = (s: ReorderSnapshot): boolean => s.matches('done');
export const selectReorderAdded = (s: ReorderSnapshot): OrderItem[] => s.context.added;
/** Lines whose product was in the cart: its line before and after, added to or replaced. */
export const selectReorderChanged = (s: ReorderSnapshot): ChangedLine[] => s.context.changed;
/** Whether lines of products already in the cart add to their quantity or replace it. */
export const selectReorderMode = (s: ReorderSnapshot) => s.context.mode;
export const selectReorderUnavailable = (s: ReorderSnapshot): UnavailableLine[] => s.context.unavailable;
export const selectReorderError = (s: ReorderSnapshot): ErrorInfo | null =>
  s.matches('failed') ? s.context.error : null;
