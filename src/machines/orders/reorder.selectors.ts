import type { SnapshotFrom } from 'xstate';
import type { OrderItem } from '../../domain/types';
import type { ErrorInfo } from '../kernel/errorInfo';
import type { reorderMachine, UnavailableLine } from './reorder.machine';

export type ReorderSnapshot = SnapshotFrom<typeof reorderMachine>;

export const selectIsReordering = (s: ReorderSnapshot): boolean => s.hasTag('busy');
export const selectIsReorderDone = (s: ReorderSnapshot): boolean => s.matches('done');
export const selectReorderAdded = (s: ReorderSnapshot): OrderItem[] => s.context.added;
export const selectReorderUnavailable = (s: ReorderSnapshot): UnavailableLine[] => s.context.unavailable;
export const selectReorderError = (s: ReorderSnapshot): ErrorInfo | null =>
  s.matches('failed') ? s.context.error : null;
