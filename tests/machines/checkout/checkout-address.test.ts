import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromCallback } from 'xstate';
import type { OrderSubmissionItem } from '../../../src/domain/types';
import {
  checkoutMachine,
  type DraftStoreEvent,
  type OrderPreview,
  type PreviewOrderInput,
} from '../../../src/machines/checkout/checkout.machine';
import {
  selectChosenAddressId,
  selectCutoff,
  selectDateMovedNotice,
  selectDeliveryDate,
  selectDeliveryDays,
  selectMinDeliveryDate,
} from '../../../src/machines/checkout/checkout.selectors';
import { anAddress } from '../../../src/test/builders';
import { controllableActor } from '../../../src/test/controllableActor';
import { twoRouteCalendar } from './delivery-calendar-fixture';

const lines: OrderSubmissionItem[] = [{ product: 7, quantity: '2', unit: 1, cartItem: 107 }];
const addresses = [anAddress({ pk: 2, name: 'Altona shop' }), anAddress({ pk: 3, name: 'Ottensen shop' })];

let actor: Actor<typeof checkoutMachine>;
let previewOrder: ReturnType<typeof controllableActor<OrderPreview, PreviewOrderInput>>;
let stored: DraftStoreEvent[];

/** A checkout on Friday 20 November 2026 noon (Berlin), with the cart's lines and the two-route calendar. */
function start() {
  previewOrder = controllableActor<OrderPreview, PreviewOrderInput>();
  stored = [];
  actor = createActor(
    checkoutMachine.provide({
      actors: {
        previewOrder: previewOrder.logic,
        draftStore: fromCallback<DraftStoreEvent>(({ receive }) => receive((event) => stored.push(event))),
      },
      actions: { reportError: () => undefined },
    }),
  ).start();
  actor.send({ type: 'checkout.itemsChanged', items: lines });
  actor.send({ type: 'checkout.calendarLoaded', calendar: twoRouteCalendar });
}
const snapshot = () => actor.getSnapshot();
const month = selectDeliveryDays({ from: '2026-11-23', to: '2026-11-29' });

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: new Date('2026-11-20T11:00:00Z') });
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

describe('the delivery address chosen at checkout', () => {
  it('starts with the first address and its route’s earliest day', () => {
    start();
    actor.send({ type: 'checkout.addressesLoaded', addresses });
    expect(selectChosenAddressId(snapshot())).toBe(2);
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-24');
  });

  it('moves a day the new route does not serve to its earliest, with the notice', () => {
    start();
    actor.send({ type: 'checkout.addressesLoaded', addresses });
    actor.send({ type: 'checkout.dateChanged', date: '2026-12-01' });
    actor.send({ type: 'checkout.addressChanged', addressId: 3 });
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-25');
    expect(selectMinDeliveryDate(snapshot())).toBe('2026-11-25');
    expect(selectDateMovedNotice(snapshot())).toEqual({
      from: '2026-12-01',
      to: '2026-11-25',
      cause: 'addressChanged',
    });
    // the picker's days and the countdown follow Ottensen's route (Wednesdays and Fridays)
    expect(
      month(snapshot())
        .filter((day) => day.served)
        .map((day) => day.date),
    ).toEqual(['2026-11-25', '2026-11-27']);
    expect(selectCutoff(snapshot())).toEqual({ day: '2026-11-25', cutoffAt: '2026-11-24T17:00:00.000Z' });
  });

  it('keeps a chosen day the new route serves too, without a notice', () => {
    start();
    actor.send({ type: 'checkout.addressesLoaded', addresses });
    actor.send({ type: 'checkout.addressChanged', addressId: 3 });
    actor.send({ type: 'checkout.cancelled' });
    actor.send({ type: 'checkout.dateChanged', date: '2026-11-27' });
    actor.send({ type: 'checkout.addressChanged', addressId: 2 });
    // Altona does not drive on Fridays: moved; back to Ottensen, Friday stays out of it
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-24');
    actor.send({ type: 'checkout.cancelled' });
    actor.send({ type: 'checkout.dateChanged', date: '2026-11-26' });
    actor.send({ type: 'checkout.addressChanged', addressId: 2 });
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-26');
    expect(selectDateMovedNotice(snapshot())).toBeNull();
  });

  it('sends the chosen address with the preview and the order, and keeps it in the draft', async () => {
    start();
    actor.send({ type: 'checkout.addressesLoaded', addresses });
    actor.send({ type: 'checkout.addressChanged', addressId: 3 });
    actor.send({ type: 'checkout.submitted' });
    expect(previewOrder.calls[0]?.input.submission).toMatchObject({
      expectedDeliveryDate: '2026-11-25',
      deliveryAddress: 3,
    });
    expect(stored).toContainEqual({
      type: 'draft.saved',
      draft: expect.objectContaining({ deliveryAddressId: 3 }),
    });
  });

  it('takes the address of a restored draft once the addresses are read', () => {
    start();
    actor.send({
      type: 'checkout.draftRestored',
      draft: { deliveryDate: '', deliveryAddressId: 3, isPreorder: false, customerNote: '', pending: null },
    });
    actor.send({ type: 'checkout.addressesLoaded', addresses });
    expect(selectChosenAddressId(snapshot())).toBe(3);
  });

  it('sends no address when the addresses could not be read', () => {
    start();
    actor.send({ type: 'checkout.addressesFailed', error: new Error('no answer') });
    // an address chosen before they were read is not the company's as far as the checkout knows
    actor.send({ type: 'checkout.addressChanged', addressId: 3 });
    actor.send({ type: 'checkout.submitted' });
    expect(previewOrder.calls[0]?.input.submission.deliveryAddress).toBeUndefined();
    expect(selectDeliveryDate(snapshot())).toBe('2026-11-24');
  });
});
