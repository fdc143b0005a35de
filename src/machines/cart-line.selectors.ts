import type { SnapshotFrom } from 'xstate';
import type { CartItem } from '../domain/types';
import type { cartLineMachine } from './cart-line.machine';
import type { ErrorInfo } from './errorInfo';

export type CartLineSnapshot = SnapshotFrom<typeof cartLineMachine>;

/** The customer's latest quantity (never an older server answer while a change is pending). */
export const selectLineQuantity = (s: CartLineSnapshot): number => s.context.quantity;
export const selectLineUnit = (s: CartLineSnapshot): number => s.context.unit;
/** The line as the server last confirmed it (product, id). */
export const selectLineItem = (s: CartLineSnapshot): CartItem => s.context.item;
export const selectIsLineSaving = (s: CartLineSnapshot): boolean =>
  s.hasTag('saving') || s.matches('debouncing');
export const selectIsConfirmingRemoval = (s: CartLineSnapshot): boolean => s.matches('confirmingRemoval');
export const selectIsRemoving = (s: CartLineSnapshot): boolean => s.hasTag('removing');
export const selectLineError = (s: CartLineSnapshot): ErrorInfo | null => s.context.error;
export const selectHasSaveFailed = (s: CartLineSnapshot): boolean => s.matches('saveFailed');
export const selectHasRemoveFailed = (s: CartLineSnapshot): boolean => s.matches('removeFailed');
export const selectCanRetry = (s: CartLineSnapshot): boolean => s.can({ type: 'line.retry' });
