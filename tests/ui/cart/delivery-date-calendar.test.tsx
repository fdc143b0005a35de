import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addIsoDays, earliestServedDay } from '../../../src/domain/delivery-calendar';
import type { IsoWeekday } from '../../../src/domain/delivery-calendar/types';
import type { CompanyDeliveryCalendar } from '../../../src/services/api/wire/delivery-calendar';
import { fullDay } from '../../../src/ui/components/delivery-day-picker/date-texts';
import { oil, twoWarehouses } from './support/cartData';
import { fakeApi } from './support/fakeApi';
import { renderPortal } from './support/renderPortal';

const allWeek: IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];
const weekdayOf = (day: string) => (((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1) as IsoWeekday;
const weekdayNames = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** Route Altona drives every day but `skipped`; orders close at 18:00 the day before (UTC). */
const calendarWithout = (skipped: IsoWeekday | null): CompanyDeliveryCalendar => ({
  timeZone: 'UTC',
  routes: [
    {
      id: 1,
      name: 'Altona',
      weekdays: allWeek.filter((day) => day !== skipped),
      cutoff: { daysBefore: 1, time: '18:00' },
      leadDays: 0,
    },
  ],
  warehouses: [],
  closures: [],
  addresses: [{ id: 2, routeId: 1, region: null }],
});

/**
 * The earliest day the route serves now, the day after it (the route skips that weekday) and the day
 * after that (served): worked out by the domain, as the server does.
 */
function days() {
  const earliest = earliestServedDay(calendarWithout(null), { routeId: 1, now: new Date().toISOString() });
  if (!earliest) throw new Error('the route serves no day');
  const skipped = addIsoDays(earliest.date, 1);
  return {
    earliest: earliest.date,
    skipped,
    next: addIsoDays(earliest.date, 2),
    calendar: calendarWithout(weekdayOf(skipped)),
  };
}

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

afterEach(() => vi.restoreAllMocks());

describe('the delivery date with the supplier’s calendar', { timeout: 60_000 }, () => {
  it('preselects the earliest served day, says why a day is not served and orders the day picked', async () => {
    const user = userEvent.setup();
    const { earliest, skipped, next, calendar } = days();
    const api = fakeApi({ cart: [oil], preview: twoWarehouses, orderId: 11 });
    Object.assign(api, { deliveryTerms: vi.fn(async () => ({ calendar, minimumOrder: null })) });
    renderPortal({ api });
    const drawer = await openCart(user);
    const chosen = await drawer.findByRole('gridcell', { name: fullDay(earliest, 'en') });
    expect(chosen).toHaveAttribute('aria-selected', 'true');
    expect(drawer.queryByRole('textbox', { name: 'Delivery date' })).toBeNull();
    expect(await drawer.findByText(/^Order within .+ for delivery on /)).toBeVisible();

    // the keyboard walks onto the day the route skips: it says why, and cannot be picked
    chosen.focus();
    await user.keyboard('{ArrowRight}');
    const refused = drawer.getByRole('gridcell', { name: fullDay(skipped, 'en') });
    expect(refused).toHaveAttribute('aria-disabled', 'true');
    expect(refused).toHaveAccessibleDescription(
      `No delivery on ${weekdayNames[weekdayOf(skipped) - 1]} on route Altona`,
    );
    await user.keyboard('{ArrowRight}{Enter}');
    expect(drawer.getByRole('gridcell', { name: fullDay(next, 'en') })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.click(drawer.getByRole('button', { name: 'Order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    await confirm.findByRole('heading', { name: /North/ });
    await user.click(confirm.getByRole('button', { name: 'Confirm order' }));
    await vi.waitFor(() => expect(api.placeOrder).toHaveBeenCalledTimes(1));
    expect(api.placeOrder.mock.calls[0]?.[0]).toMatchObject({ expectedDeliveryDate: next });
  });

  it("keeps the typed date of the specification's rule when no calendar applies", async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil] });
    Object.assign(api, { deliveryTerms: vi.fn(async () => ({ calendar: null, minimumOrder: null })) });
    renderPortal({ api });
    const drawer = await openCart(user);
    expect(await drawer.findByRole('textbox', { name: 'Delivery date' })).toBeVisible();
    expect(drawer.queryByRole('grid')).toBeNull();
    expect(api.deliveryTerms).toHaveBeenCalledTimes(1);
  });
});
