import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Order } from '../../domain/types';
import type { cutoffCountdownMachine } from '../checkout';
import type { ErrorInfo } from '../kernel/errorInfo';
import { type AmendmentDraft, hasDraftChanges, isDraftComplete } from './order-amendment.draft';
import type { orderAmendmentMachine } from './order-amendment.machine';
import type { AmendmentRefusal } from './order-amendment.refusal';

export type OrderAmendmentSnapshot = SnapshotFrom<typeof orderAmendmentMachine>;
export type AmendmentCountdownRef = ActorRefFrom<typeof cutoffCountdownMachine>;

/** Change order and Cancel order are offered (with the time left). */
export const selectCanAmend = (s: OrderAmendmentSnapshot): boolean => s.matches('open');
/** The cut-off passed with the page open: the buttons went, a notice says why. */
export const selectAmendmentExpired = (s: OrderAmendmentSnapshot): boolean => s.matches('expired');
/** The draft editor is open (editing, its leave question, review, sending). */
export const selectIsAmending = (s: OrderAmendmentSnapshot): boolean => s.hasTag('editing');
export const selectIsReviewing = (s: OrderAmendmentSnapshot): boolean => s.matches('reviewing');
export const selectIsSending = (s: OrderAmendmentSnapshot): boolean => s.matches('sending');
export const selectIsConfirmingLeave = (s: OrderAmendmentSnapshot): boolean => s.matches('confirmingLeave');
export const selectIsConfirmingCancel = (s: OrderAmendmentSnapshot): boolean =>
  s.matches('confirmingCancel') || s.matches('cancelling');
export const selectIsCancelling = (s: OrderAmendmentSnapshot): boolean => s.matches('cancelling');
/** 409 order_cutoff_passed (or order_not_amendable): too late, said with the cut-off. */
export const selectAmendmentRefused = (s: OrderAmendmentSnapshot): boolean => s.matches('refused');
/** The refusal was the cut-off's (its time is named), not the order's state (a warehouse already on it). */
export const selectRefusedForCutoff = (s: OrderAmendmentSnapshot): boolean =>
  s.matches('refused') && s.context.refusal?.code === 'order_cutoff_passed';
export const selectIsReloadingOrder = (s: OrderAmendmentSnapshot): boolean => s.matches('reloading');
/** 409 order_changed: another change came first; the current order is shown. */
export const selectChangedElsewhere = (s: OrderAmendmentSnapshot): boolean => s.matches('changedElsewhere');
/** No answer or a server fault: Try again keeps the draft. */
export const selectAmendmentFailed = (s: OrderAmendmentSnapshot): boolean => s.matches('failed');
export const selectAmendmentOperation = (s: OrderAmendmentSnapshot): 'change' | 'cancel' =>
  s.context.operation;
export const selectAmendmentDraft = (s: OrderAmendmentSnapshot): AmendmentDraft => s.context.draft;
export const selectAmendmentRefusal = (s: OrderAmendmentSnapshot): AmendmentRefusal | null =>
  s.context.refusal;
export const selectAmendmentError = (s: OrderAmendmentSnapshot): ErrorInfo | null => s.context.error;
export const selectAmendedOrder = (s: OrderAmendmentSnapshot): Order => s.context.order;
/** Review changes is offered once the draft is complete and differs from the order. */
export const selectCanReview = (s: OrderAmendmentSnapshot): boolean =>
  isDraftComplete(s.context.draft) && hasDraftChanges(s.context.draft, s.context.order);
export const selectHasUnsentChanges = (s: OrderAmendmentSnapshot): boolean =>
  s.hasTag('editing') && hasDraftChanges(s.context.draft, s.context.order);
/** The cut-off passed while the draft was open: sending will be refused. */
export const selectCutoffPassed = (s: OrderAmendmentSnapshot): boolean => s.context.passed;
/** The countdown child: its `now` is the minute the time left counts from. */
export const selectAmendmentCountdown = (s: OrderAmendmentSnapshot): AmendmentCountdownRef | undefined =>
  s.children.countdown as AmendmentCountdownRef | undefined;
