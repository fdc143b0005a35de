import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Actor, createActor, fromPromise } from 'xstate';
import type { MinimumOrderRule } from '../../../src/domain/minimum-order';
import { checkoutMachine, type OrderPreview } from '../../../src/machines/checkout/checkout.machine';
import {
  minimumOrderBlocks,
  selectMinimumOrderHint,
  selectMinimumOrderRule,
  selectPreviewMinimumOrder,
  selectSuborderDays,
} from '../../../src/machines/checkout/checkout.selectors';
import { anAddress, anOrderPreview, aPreviewShipment } from '../../../src/test/builders';
import { twoRouteCalendar } from './delivery-calendar-fixture';

const block: MinimumOrderRule = { value: '150.00', mode: 'block', fee: null };
const fee: MinimumOrderRule = { value: '100.00', mode: 'fee', fee: '15.00' };
/** Ottensen (address 3) asks a minimum with a fee; Altona (address 2) none. */
const calendar = {
  ...twoRouteCalendar,
  routes: twoRouteCalendar.routes.map((route) => (route.id === 4 ? { ...route, minimumOrder: fee } : route)),
};

let actor: Actor<typeof checkoutMachine>;
function start(companyRule: MinimumOrderRule | null) {
  actor = createActor(checkoutMachine.provide({ actions: { reportError: () => undefined } })).start();
  actor.send({ type: 'checkout.calendarLoaded', calendar, minimumOrder: companyRule });
  actor.send({
    type: 'checkout.addressesLoaded',
    addresses: [anAddress({ pk: 2 }), anAddress({ pk: 3 })],
  });
}
const snapshot = () => actor.getSnapshot();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-20T11:00:00Z') });
});
afterEach(() => {
  actor.stop();
  vi.useRealTimers();
});

describe('the minimum order value at checkout', () => {
  it('follows the chosen address’s route when the company has none of its own', () => {
    start(null);
    expect(selectMinimumOrderRule(snapshot())).toBeNull();
    expect(selectMinimumOrderHint(snapshot(), '10.00')).toBeNull();
    actor.send({ type: 'checkout.addressChanged', addressId: 3 });
    expect(selectMinimumOrderRule(snapshot())).toEqual(fee);
    expect(selectMinimumOrderHint(snapshot(), '61.50')).toEqual({
      missing: '38.50',
      minimum: '100.00',
      mode: 'fee',
      fee: '15.00',
      day: '2026-11-25',
    });
  });

  it('takes the company’s own rule over the route’s, and blocks below it', () => {
    start(block);
    actor.send({ type: 'checkout.addressChanged', addressId: 3 });
    const hint = selectMinimumOrderHint(snapshot(), '111.50');
    expect(hint).toEqual({
      missing: '38.50',
      minimum: '150.00',
      mode: 'block',
      fee: null,
      day: '2026-11-25',
    });
    expect(minimumOrderBlocks(hint)).toBe(true);
  });

  it('is gone the moment the goods reach the minimum', () => {
    start(block);
    expect(selectMinimumOrderHint(snapshot(), '149.99')?.missing).toBe('0.01');
    expect(selectMinimumOrderHint(snapshot(), '150.00')).toBeNull();
    expect(minimumOrderBlocks(selectMinimumOrderHint(snapshot(), '150.00'))).toBe(false);
  });
});

describe('the preview’s own figures', () => {
  it('names a suborder’s day only where it differs from the chosen one, and the minimum missed', async () => {
    const preview: OrderPreview = anOrderPreview({
      suborders: [
        aPreviewShipment({ expectedDeliveryDate: '2026-11-24' }),
        aPreviewShipment({ warehouse: { id: 99, name: 'South' }, expectedDeliveryDate: '2026-11-26' }),
      ],
      minimumOrder: { value: '150.00', mode: 'fee', missing: '38.50', fee: '15.00' },
    });
    actor = createActor(
      checkoutMachine.provide({
        actors: { previewOrder: fromPromise(async () => preview) },
        actions: { reportError: () => undefined },
      }),
    ).start();
    actor.send({ type: 'checkout.itemsChanged', items: [{ product: 7, quantity: '2', unit: 1 }] });
    actor.send({ type: 'checkout.calendarLoaded', calendar: twoRouteCalendar });
    actor.send({ type: 'checkout.submitted' });
    await vi.waitFor(() => expect(snapshot().matches('confirming')).toBe(true));
    expect(selectSuborderDays(snapshot())).toEqual([null, '2026-11-26']);
    expect(selectPreviewMinimumOrder(snapshot())).toEqual(preview.minimumOrder);
  });
});
