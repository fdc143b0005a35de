import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor } from 'xstate';
import type { OrderSubmissionItem } from '../../../src/domain/types';
import {
  checkoutMachine,
  type OrderPreview,
  type PreviewOrderInput,
} from '../../../src/machines/checkout/checkout.machine';
import {
  selectCountdownNow,
  selectCutoff,
  selectCutoffCountdown,
  selectDateError,
  selectDateMovedNotice,
  selectDateRefusal,
  selectDeliveryDate,
  selectDeliveryDays,
  selectMinDeliveryDate,
  selectSupplierTimeZone,
} from '../../../src/machines/checkout/checkout.selectors';
import type { CutoffCountdownContext } from '../../../src/machines/checkout/cutoff-countdown.machine';
import { networkError } from '../../../src/test/api-errors';
import { controllableActor } from '../../../src/test/controllableActor';
import { altonaCalendar } from './delivery-calendar-fixture';

const lines: OrderSubmissionItem[] = [{ product: 7, quantity: '2', unit: 1, cartItem: 107 }];

let actor: Actor<typeof checkoutMachine>;
let previewOrder: ReturnType<typeof controllableActor<OrderPreview, PreviewOrderInput>>;
const reportedErrors = vi.fn();

/** A checkout started at `now`, with the cart's lines told. */
function startAt(now: string) {
  vi.setSystemTime(new Date(now));
  previewOrder = controllableActor<OrderPreview, PreviewOrderInput>();
  actor = createActor(
    checkoutMachine.provide({
      actors: { previewOrder: previewOrder.logic },
      actions: { reportError: (_, params) => reportedErrors(params.error) },
    }),
  ).start();
  actor.send({ type: 'checkout.itemsChanged', items: lines });
}
const snapshot = () => actor.getSnapshot();
/** what the countdown shows: the instant it last read the clock, and the cut-off it counts to */
const countdown = (): CutoffCountdownContext => {
  const child = snapshot().children.cutoffCountdown;
  if (!child) throw new Error('the checkout runs no countdown');
  return (child.getSnapshot() as { context: CutoffCountdownContext }).context;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  reportedErrors.mockReset();
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

describe('checkout with the delivery calendar', () => {
  it("keeps the specification's rule when no calendar applies (null)", () => {
    startAt('2026-11-20T12:00:00Z');
    actor.send({ type: 'checkout.calendarLoaded', calendar: null });
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-27');
    expect(selectMinDeliveryDate(snapshot())).toBe('2026-11-27');
    expect(selectCutoff(snapshot())).toBeNull();
    // any day from today + 7, a Wednesday too
    actor.send({ type: 'checkout.dateChanged', date: '2026-12-02' });
    actor.send({ type: 'checkout.submitted' });
    expect(snapshot().matches('previewing')).toBe(true);
  });

  it('refuses a day before today + 7 without a calendar, as before', () => {
    startAt('2026-11-20T12:00:00Z');
    actor.send({ type: 'checkout.calendarLoaded', calendar: null });
    actor.send({ type: 'checkout.dateChanged', date: '2026-11-24' });
    actor.send({ type: 'checkout.submitted' });
    expect(selectDateError(snapshot())).toBe('cart.invalidDeliveryDate');
    expect(selectDateRefusal(snapshot())).toBeNull();
    expect(previewOrder.calls).toHaveLength(0);
  });

  it('preselects the earliest served day and counts down to its cut-off', () => {
    startAt('2026-11-20T12:00:00Z');
    actor.send({ type: 'checkout.calendarLoaded', calendar: altonaCalendar });
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-24');
    expect(selectMinDeliveryDate(snapshot())).toBe('2026-11-24');
    expect(selectCutoff(snapshot())).toEqual({ day: '2026-11-24', cutoffAt: '2026-11-23T17:00:00.000Z' });
    expect(countdown()).toEqual({ now: '2026-11-20T12:00:00.000Z', cutoffAt: '2026-11-23T17:00:00.000Z' });
    expect(selectSupplierTimeZone(snapshot())).toBe('Europe/Berlin');
    // the countdown reads the clock once a minute
    vi.advanceTimersByTime(60_000);
    expect(selectCountdownNow(selectCutoffCountdown(snapshot())?.getSnapshot())).toEqual(
      new Date('2026-11-20T12:01:00.000Z'),
    );
  });

  it('keeps a date the customer chose before the calendar arrived', () => {
    startAt('2026-11-20T12:00:00Z');
    actor.send({ type: 'checkout.dateChanged', date: '2026-12-03' });
    actor.send({ type: 'checkout.calendarLoaded', calendar: altonaCalendar });
    expect(selectDeliveryDate(snapshot())).toBe('2026-12-03');
  });

  it('lists the days for the picker, served or not with the reason', () => {
    startAt('2026-11-20T12:00:00Z');
    actor.send({ type: 'checkout.calendarLoaded', calendar: altonaCalendar });
    expect(selectDeliveryDays({ from: '2026-11-23', to: '2026-11-24' })(snapshot())).toEqual([
      { date: '2026-11-23', served: false, reason: { kind: 'notOnRoute', weekday: 1, routeName: 'Altona' } },
      { date: '2026-11-24', served: true },
    ]);
  });

  it('refuses a day the route does not serve, with the reason, and sends nothing', () => {
    startAt('2026-11-20T12:00:00Z');
    actor.send({ type: 'checkout.calendarLoaded', calendar: altonaCalendar });
    actor.send({ type: 'checkout.dateChanged', date: '2026-11-25' });
    actor.send({ type: 'checkout.submitted' });
    expect(selectDateError(snapshot())).toBe('deliveryDays.reason.notOnRoute');
    expect(selectDateRefusal(snapshot())).toEqual({ kind: 'notOnRoute', weekday: 3, routeName: 'Altona' });
    actor.send({ type: 'checkout.dateChanged', date: '2026-12-24' });
    actor.send({ type: 'checkout.submitted' });
    expect(selectDateError(snapshot())).toBe('deliveryDays.reason.closure');
    expect(selectDateRefusal(snapshot())).toEqual({ kind: 'closure', name: 'Stocktaking' });
    expect(previewOrder.calls).toHaveLength(0);
    expect(snapshot().matches({ form: 'editing' })).toBe(true);
  });

  it('moves the date to the next served day with a notice when the cut-off passes', () => {
    startAt('2026-11-23T16:58:30Z');
    actor.send({ type: 'checkout.calendarLoaded', calendar: altonaCalendar });
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-24');
    vi.advanceTimersByTime(60_000);
    // in time until the cut-off's very millisecond
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-24');
    expect(selectDateMovedNotice(snapshot())).toBeNull();
    vi.advanceTimersByTime(31_000);
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-26');
    expect(selectDateMovedNotice(snapshot())).toEqual({
      from: '2026-11-24',
      to: '2026-11-26',
      cause: 'cutoffPassed',
    });
    // the countdown now counts to Thursday's cut-off
    expect(selectCutoff(snapshot())).toEqual({ day: '2026-11-26', cutoffAt: '2026-11-25T17:00:00.000Z' });
    expect(countdown().cutoffAt).toBe('2026-11-25T17:00:00.000Z');
    actor.send({ type: 'checkout.cancelled' });
    expect(selectDateMovedNotice(snapshot())).toBeNull();
    expect(snapshot().matches({ form: 'editing' })).toBe(true);
  });

  it('closes the confirmation when the cut-off passes, so the order is confirmed with the new date', () => {
    startAt('2026-11-23T16:59:00Z');
    actor.send({ type: 'checkout.calendarLoaded', calendar: altonaCalendar });
    actor.send({ type: 'checkout.submitted' });
    expect(previewOrder.calls[0]?.input.submission.expectedDeliveryDate).toBe('2026-11-24');
    vi.advanceTimersByTime(61_000);
    expect(snapshot().matches({ form: 'dateMoved' })).toBe(true);
    expect(previewOrder.calls[0]?.signal.aborted).toBe(true);
    actor.send({ type: 'checkout.submitted' });
    expect(previewOrder.calls[1]?.input.submission.expectedDeliveryDate).toBe('2026-11-26');
  });

  it("falls back to the specification's rule when the calendar cannot be read, reported once", () => {
    startAt('2026-11-20T12:00:00Z');
    actor.send({ type: 'checkout.calendarFailed', error: networkError });
    expect(reportedErrors).toHaveBeenCalledTimes(1);
    expect(reportedErrors).toHaveBeenCalledWith(networkError);
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-27');
    expect(selectCutoff(snapshot())).toBeNull();
    actor.send({ type: 'checkout.submitted' });
    expect(snapshot().matches('previewing')).toBe(true);
  });

  it('forgets the calendar on sign-out (the next company may have none)', () => {
    startAt('2026-11-20T12:00:00Z');
    actor.send({ type: 'checkout.calendarLoaded', calendar: altonaCalendar });
    actor.send({ type: 'checkout.reset' });
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-27');
    expect(countdown().cutoffAt).toBeNull();
  });
});
