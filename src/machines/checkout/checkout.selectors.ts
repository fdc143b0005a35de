import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { DeliveryDayOption } from '../../domain/delivery-calendar';
import type { UnservedReason } from '../../domain/delivery-calendar/types';
import {
  applicableMinimumOrder,
  type MinimumOrderMode,
  type MinimumOrderRule,
  minimumOrderShortfall,
} from '../../domain/minimum-order';
import type { DecimalString, IsoDate, IsoDateTime } from '../../domain/types';
import type { PreviewMinimumOrder } from '../../services/api/orders';
import {
  type CheckoutAddress,
  type checkoutMachine,
  chosenAddressId,
  type DateMove,
  type DeliveryDateErrorKey,
  type OrderPreview,
} from './checkout.machine';
import { clock } from './clock';
import type { cutoffCountdownMachine } from './cutoff-countdown.machine';
import { cutoffOf, deliveryDays, routeOf } from './delivery-day';

export type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
export type CutoffCountdownRef = ActorRefFrom<typeof cutoffCountdownMachine>;

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
/** the order was confirmed offline and waits on this device to be sent */
export const selectIsQueued = (s: CheckoutSnapshot): boolean => s.matches('queued');
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
/** Why the delivery calendar refuses the typed day (with `selectDateError`'s key), or null. */
export const selectDateRefusal = (s: CheckoutSnapshot): UnservedReason | null => s.context.dateRefusal;
/** Whether a delivery calendar applies: the picker shows served days and the cart a countdown. */
export const selectHasDeliveryCalendar = (s: CheckoutSnapshot): boolean => s.context.calendar !== null;
/** The days the picker shows from `from` to `to`: served or not, with the domain's reason. */
export const selectDeliveryDays = (range: { from: IsoDate; to: IsoDate }) => {
  // a year of days takes milliseconds to decide: worked out again only when the calendar, the range
  // or the minute changes, not on every keystroke in the note
  let last: { calendar: unknown; address: number | null; minute: number; days: DeliveryDayOption[] } | null =
    null;
  return (s: CheckoutSnapshot): DeliveryDayOption[] => {
    const now = clock();
    const minute = Math.floor(now.getTime() / 60_000);
    const address = chosenAddressId(s.context);
    if (last?.calendar !== s.context.calendar || last.address !== address || last.minute !== minute)
      last = {
        calendar: s.context.calendar,
        address,
        minute,
        days: deliveryDays(s.context.calendar, now, range, address),
      };
    return last.days;
  };
};
/** The chosen day and its cut-off when a calendar serves it (the countdown), or null. */
export const selectCutoff = (s: CheckoutSnapshot): { day: IsoDate; cutoffAt: IsoDateTime } | null =>
  cutoffOf(s.context.deliveryDate, s.context.calendar, clock(), chosenAddressId(s.context));
/**
 * The date moved with the cart open: the cut-off passed (to the next served day) or another address
 * was chosen whose route does not serve it (to its earliest); from, to and why.
 */
export const selectDateMovedNotice = (s: CheckoutSnapshot): DateMove | null =>
  s.matches({ form: 'dateMoved' }) ? s.context.dateMoved : null;
/** The supplier's IANA zone the cut-offs are read in (the countdown also shows the buyer's), or null. */
export const selectSupplierTimeZone = (s: CheckoutSnapshot): string | null =>
  s.context.calendar?.timeZone ?? null;
/** The countdown child: the view reads the instant it last read the clock (`selectCountdownNow`). */
export const selectCutoffCountdown = (s: CheckoutSnapshot): CutoffCountdownRef | undefined =>
  s.children.cutoffCountdown as CutoffCountdownRef | undefined;
/** When the countdown last read the clock (once a minute): "Order within …" counts from it. */
export const selectCountdownNow = (
  s: SnapshotFrom<typeof cutoffCountdownMachine> | undefined,
): Date | null => (s ? new Date(s.context.now) : null);
/** The company's delivery addresses the order can go to (several: the form offers the choice). */
export const selectDeliveryAddresses = (s: CheckoutSnapshot): CheckoutAddress[] =>
  s.context.deliveryAddresses;
/** The address the order goes to (its pk), or null when none is known. */
export const selectChosenAddressId = (s: CheckoutSnapshot): number | null => chosenAddressId(s.context);
/** The server refused the order as below the minimum order value; the drawer shows the cart afresh. */
export const selectMinimumNotReached = (s: CheckoutSnapshot): boolean =>
  s.matches({ form: 'minimumNotReached' });

/**
 * The minimum order value for the order's drop: the company's own rule, else the one of the route
 * serving the chosen address; null when none applies.
 */
export const selectMinimumOrderRule = (s: CheckoutSnapshot): MinimumOrderRule | null =>
  applicableMinimumOrder(
    s.context.minimumOrder,
    routeOf(s.context.calendar, clock(), chosenAddressId(s.context))?.minimumOrder ?? null,
  );

/** What the cart says under its totals while the goods are below the minimum order value. */
export interface MinimumOrderHint {
  /** how much more goods reach the minimum (on the customer's price basis) */
  missing: DecimalString;
  minimum: DecimalString;
  mode: MinimumOrderMode;
  /** 'fee': the charge added while below it; 'block': null */
  fee: DecimalString | null;
  /** the delivery day the minimum is for, or null while no day is chosen */
  day: IsoDate | null;
}

/**
 * The hint for `goods`, the cart's goods subtotal as it shows it (its own figure, so the hint and the
 * summary never disagree); null once the goods reach the minimum or when none applies.
 */
export const selectMinimumOrderHint = (
  s: CheckoutSnapshot,
  goods: DecimalString,
): MinimumOrderHint | null => {
  const rule = selectMinimumOrderRule(s);
  if (rule === null) return null;
  const shortfall = minimumOrderShortfall(rule, goods);
  if (shortfall.reached) return null;
  return {
    missing: shortfall.missing,
    minimum: rule.value,
    mode: rule.mode,
    fee: shortfall.fee,
    day: s.context.deliveryDate === '' ? null : s.context.deliveryDate,
  };
};

/** The minimum order value holds the order back ('block' and below it): Order is disabled and says why. */
export const minimumOrderBlocks = (hint: MinimumOrderHint | null): boolean => hint?.mode === 'block';

/**
 * Each suborder's own delivery day in the preview (in its order) where it differs from the chosen
 * day: a warehouse whose lead days rule the chosen day out delivers on its next served day. null: the
 * chosen day (or a server that does not say).
 */
export const selectSuborderDays = (s: CheckoutSnapshot): (IsoDate | null)[] =>
  (s.context.preview?.suborders ?? []).map((suborder) =>
    suborder.expectedDeliveryDate !== undefined && suborder.expectedDeliveryDate !== s.context.deliveryDate
      ? suborder.expectedDeliveryDate
      : null,
  );
/** The minimum order value the previewed goods fall short of (with the fee added), or null. */
export const selectPreviewMinimumOrder = (s: CheckoutSnapshot): PreviewMinimumOrder | null =>
  s.context.preview?.minimumOrder ?? null;
