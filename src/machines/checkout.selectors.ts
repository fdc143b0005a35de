import type { SnapshotFrom } from 'xstate';
import type { IsoDate } from '../domain/types';
import type { checkoutMachine, DeliveryDateErrorKey, OrderPreview } from './checkout.machine';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export const selectDeliveryDate = (s: CheckoutSnapshot): IsoDate | '' => s.context.deliveryDate;
/** The date input's `min` (today + 7 days). */
export const selectMinDeliveryDate = (s: CheckoutSnapshot): IsoDate => s.context.minDeliveryDate;
export const selectIsPreorder = (s: CheckoutSnapshot): boolean => s.context.isPreorder;
export const selectCustomerNote = (s: CheckoutSnapshot): string => s.context.customerNote;
/** A message key: cart.deliveryDateError (missing) or cart.invalidDeliveryDate. */
export const selectDateError = (s: CheckoutSnapshot): DeliveryDateErrorKey | null => s.context.dateError;
/** How the order splits into suborders per warehouse; null before the preview (or when it failed). */
export const selectPreview = (s: CheckoutSnapshot): OrderPreview | null => s.context.preview;
export const selectPlacedOrderId = (s: CheckoutSnapshot): number | null => s.context.orderId;
export const selectIsCheckoutBusy = (s: CheckoutSnapshot): boolean => s.hasTag('busy');
/** The confirmation dialog is open (with or without the split). */
export const selectIsConfirming = (s: CheckoutSnapshot): boolean =>
  s.matches('confirming') || s.matches('previewFailed') || s.matches('previewing') || s.matches('submitting');
/** The split into suborders is being fetched (the dialog shows a spinner in its place). */
export const selectIsPreviewing = (s: CheckoutSnapshot): boolean => s.matches('previewing');
export const selectPreviewFailed = (s: CheckoutSnapshot): boolean => s.matches('previewFailed');
export const selectIsSubmitting = (s: CheckoutSnapshot): boolean => s.matches('submitting');
export const selectHasSucceeded = (s: CheckoutSnapshot): boolean => s.matches('succeeded');
export const selectHasFailed = (s: CheckoutSnapshot): boolean => s.matches('submitFailed');
/** The Order / Confirm buttons: false while a submit runs (it is ignored anyway). */
export const selectCanSubmit = (s: CheckoutSnapshot): boolean => s.can({ type: 'checkout.submitted' });
export const selectCanConfirm = (s: CheckoutSnapshot): boolean => s.can({ type: 'checkout.confirmed' });
