import type { SnapshotFrom } from 'xstate';
import type { IsoDate } from '../../domain/types';
import type { checkoutMachine, DeliveryDateErrorKey, OrderPreview } from './checkout.machine';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;

export const selectDeliveryDate = (s: CheckoutSnapshot): IsoDate | '' => s.context.deliveryDate;
/** The date input's `min` (today + 7 days). */
export const selectMinDeliveryDate = (s: CheckoutSnapshot): IsoDate => s.context.minDeliveryDate;
/** The date input's `max` (a year from today). */
export const selectMaxDeliveryDate = (s: CheckoutSnapshot): IsoDate => s.context.maxDeliveryDate;
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
  s.matches('confirming') ||
  s.matches('confirmingWithoutPreview') ||
  s.matches('previewFailed') ||
  s.matches('previewing') ||
  s.matches('submitting');
/**
 * The confirmation shows the cart's own summary and says the supplier adds delivery fees and charges:
 * the backend has no order preview (known before, or its call turned out to be missing).
 */
export const selectConfirmsWithoutPreview = (s: CheckoutSnapshot): boolean =>
  s.matches('confirmingWithoutPreview') || (!s.context.previewOffered && s.matches('submitting'));
/** The split into suborders is being fetched (the dialog shows a spinner in its place). */
export const selectIsPreviewing = (s: CheckoutSnapshot): boolean => s.matches('previewing');
export const selectPreviewFailed = (s: CheckoutSnapshot): boolean => s.matches('previewFailed');
export const selectIsSubmitting = (s: CheckoutSnapshot): boolean => s.matches('submitting');
export const selectHasSucceeded = (s: CheckoutSnapshot): boolean => s.matches('succeeded');
export const selectHasFailed = (s: CheckoutSnapshot): boolean => s.matches('submitFailed');
/** The Order / Confirm buttons: false while a submit runs (it is ignored anyway). */
export const selectCanSubmit = (s: CheckoutSnapshot): boolean => s.can({ type: 'checkout.submitted' });
export const selectCanConfirm = (s: CheckoutSnapshot): boolean => s.can({ type: 'checkout.confirmed' });
/**
 * The form's fields take input only where the machine takes the edits; elsewhere (an order found
 * pending after a reload, a failed or cancelled order waiting for Try again or Close) they are
 * disabled rather than silently dropping what is typed.
 */
export const selectCanEditForm = (s: CheckoutSnapshot): boolean =>
  s.can({ type: 'checkout.noteChanged', note: '' });
/** The Order button waits for changes to the cart's lines ("Saving your changes…"). */
export const selectIsWaitingForSaves = (s: CheckoutSnapshot): boolean => s.matches('waitingForSaves');
/** A line's change was refused while the order waited for it: the order was not sent. */
export const selectLineSaveFailed = (s: CheckoutSnapshot): boolean => s.matches({ form: 'lineSaveFailed' });
/** The server refused the order because the cart changed meanwhile; the drawer shows the cart afresh. */
export const selectCartChanged = (s: CheckoutSnapshot): boolean => s.matches({ form: 'cartChanged' });
/** Placing the order is taking longer than usual: the dialog says so and Cancel is enabled. */
export const selectIsSubmittingSlowly = (s: CheckoutSnapshot): boolean => s.matches({ submitting: 'slow' });
/** The customer cancelled a slow order here: it may still arrive, and sending it again is safe. */
export const selectSubmitCancelled = (s: CheckoutSnapshot): boolean => s.matches('submitCancelled');
/** After a reload: an order was on its way when the page was left (Send again or Discard). */
export const selectHasPendingOrder = (s: CheckoutSnapshot): boolean => s.matches('resumable');
/** The dialog's Cancel: refused while an order call runs, until it is slow. */
export const selectCanCancelDialog = (s: CheckoutSnapshot): boolean => s.can({ type: 'checkout.cancelled' });
