import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addIsoDays, earliestServedDay } from '../../../src/domain/delivery-calendar';
import type { IsoWeekday } from '../../../src/domain/delivery-calendar/types';
import type { MinimumOrderRule } from '../../../src/domain/minimum-order';
import type { CompanyDeliveryCalendar } from '../../../src/services/api/wire/delivery-calendar';
import { httpError } from '../../../src/test/api-errors';
import { aCompanyInfo, anAddress, anOrderPreview, aPreviewShipment } from '../../../src/test/builders';
import { fullDay, longDay } from '../../../src/ui/components/delivery-day-picker/date-texts';
import { cans, oil, twoWarehouses } from '../cart/support/cartData';
import { fakeApi } from '../cart/support/fakeApi';
import { renderPortal } from '../cart/support/renderPortal';

const allWeek: IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];
const weekdayOf = (day: string) => (((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1) as IsoWeekday;
/** the isolates around amounts and days are for the eye, not for the words */
const plain = (text: string) => text.replace(/[\u2068\u2069]/g, '');

/**
 * Route Altona (address 2) drives every day; route Ottensen (address 3) every day but the weekday of
 * Altona's earliest day. Orders close at 18:00 (UTC) the day before.
 */
function calendarFor(routeMinimum: MinimumOrderRule | null = null) {
  const everyDay = (id: number, name: string, weekdays: IsoWeekday[]) => ({
    id,
    name,
    weekdays,
    cutoff: { daysBefore: 1, time: '18:00' },
    leadDays: 0,
    minimumOrder: routeMinimum,
  });
  const altonaOnly: CompanyDeliveryCalendar = {
    timeZone: 'UTC',
    routes: [everyDay(1, 'Altona', allWeek)],
    warehouses: [],
    closures: [],
    addresses: [{ id: 2, routeId: 1, region: null }],
  };
  const earliest = earliestServedDay(altonaOnly, { routeId: 1, now: new Date().toISOString() });
  if (!earliest) throw new Error('the route serves no day');
  const calendar: CompanyDeliveryCalendar = {
    ...altonaOnly,
    routes: [
      ...altonaOnly.routes,
      everyDay(
        4,
        'Ottensen',
        allWeek.filter((day) => day !== weekdayOf(earliest.date)),
      ),
    ],
    addresses: [
      { id: 2, routeId: 1, region: null },
      { id: 3, routeId: 4, region: null },
    ],
  };
  return { calendar, earliest: earliest.date, ottensenEarliest: addIsoDays(earliest.date, 1) };
}

const twoShops = aCompanyInfo({
  deliveryAddresses: [
    anAddress({ pk: 2, name: 'Altona shop', line1: 'Große Bergstraße 1' }),
    anAddress({ pk: 3, name: 'Ottensen shop', line1: 'Bahrenfelder Straße 9' }),
  ],
});

async function openCart(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: /^cart/i }, { timeout: 60_000 }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

afterEach(() => vi.restoreAllMocks());

describe('the delivery address at checkout', { timeout: 90_000 }, () => {
  it('moves the day with a notice when the chosen address’s route does not serve it, and orders there', async () => {
    const user = userEvent.setup();
    const { calendar, earliest, ottensenEarliest } = calendarFor();
    const api = fakeApi({ cart: [oil], preview: twoWarehouses, orderId: 12 });
    Object.assign(api, {
      deliveryTerms: vi.fn(async () => ({ calendar, minimumOrder: null })),
      companyInfo: vi.fn(async () => twoShops),
    });
    renderPortal({ api });
    const drawer = await openCart(user);
    const choice = within(await drawer.findByRole('group', { name: 'Delivery address' }));
    expect(choice.getByRole('radio', { name: /Altona shop/ })).toBeChecked();
    expect(await drawer.findByRole('gridcell', { name: fullDay(earliest, 'en') })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    // the keyboard moves the choice to the other shop, whose route skips that day
    choice.getByRole('radio', { name: /Altona shop/ }).focus();
    await user.keyboard('{ArrowDown}');
    expect(choice.getByRole('radio', { name: /Ottensen shop/ })).toBeChecked();
    expect(
      await drawer.findByText(
        `${longDay(earliest, 'en')} is not a delivery day at this address; the delivery date is now ${longDay(ottensenEarliest, 'en')}.`,
      ),
    ).toBeVisible();
    expect(drawer.getByRole('gridcell', { name: fullDay(ottensenEarliest, 'en') })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await user.click(drawer.getByRole('button', { name: 'Order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    await confirm.findByRole('heading', { name: /North/ });
    expect(api.previewOrder).toHaveBeenCalledWith(
      expect.anything(),
      expect.objectContaining({ expectedDeliveryDate: ottensenEarliest, deliveryAddress: 3 }),
    );
    await user.click(confirm.getByRole('button', { name: 'Confirm order' }));
    await vi.waitFor(() => expect(api.placeOrder).toHaveBeenCalledTimes(1));
    expect(api.placeOrder.mock.calls[0]?.[0]).toMatchObject({
      expectedDeliveryDate: ottensenEarliest,
      deliveryAddress: 3,
    });
  });

  it('shows the one address without a choice', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil] });
    Object.assign(api, {
      deliveryTerms: vi.fn(async () => ({ calendar: null, minimumOrder: null })),
      companyInfo: vi.fn(async () =>
        aCompanyInfo({ deliveryAddresses: [anAddress({ pk: 2, name: 'Altona shop' })] }),
      ),
    });
    renderPortal({ api });
    const drawer = await openCart(user);
    expect(await drawer.findByText('Altona shop')).toBeVisible();
    expect(drawer.queryByRole('radio')).toBeNull();
  });
});

describe('the minimum order value in the cart', { timeout: 90_000 }, () => {
  it('says how much is missing, holds Order back in block mode, and disappears once reached', async () => {
    const user = userEvent.setup();
    const { calendar, earliest } = calendarFor({ value: '50.00', mode: 'block', fee: null });
    const api = fakeApi({ cart: [oil, cans] });
    Object.assign(api, {
      deliveryTerms: vi.fn(async () => ({ calendar, minimumOrder: null })),
      companyInfo: vi.fn(async () => twoShops),
    });
    renderPortal({ api });
    const drawer = await openCart(user);
    // goods 20.00 + 18.00 = 38.00: 12.00 short of Altona's 50.00
    const hint = await drawer.findByText(
      (_, element) =>
        element?.tagName === 'SPAN' &&
        plain(element.textContent ?? '').startsWith(
          `€12.00 more to reach the €50.00 minimum for ${longDay(earliest, 'en')}`,
        ),
    );
    expect(hint).toBeVisible();
    const order = drawer.getByRole('button', { name: 'Order' });
    expect(order).toBeDisabled();
    // the disabled button says why, to a screen reader too
    expect(order).toHaveAccessibleDescription(/Orders below the minimum cannot be placed\.$/);
    expect(drawer.getByText('Orders below the minimum cannot be placed.')).toBeVisible();

    // one more oil: 48.00, still 2.00 short; another: 58.00, reached
    const oilLine = within(drawer.getByRole('listitem', { name: 'Sunflower oil 1 l' }));
    await user.click(oilLine.getByRole('button', { name: /increase/i }));
    expect(
      await drawer.findByText(
        (_, element) =>
          element?.tagName === 'SPAN' && plain(element.textContent ?? '').startsWith('€2.00 more to reach'),
      ),
    ).toBeVisible();
    await user.click(oilLine.getByRole('button', { name: /increase/i }));
    await vi.waitFor(() => expect(drawer.queryByText(/more to reach the/)).toBeNull());
    await vi.waitFor(() => expect(drawer.getByRole('button', { name: 'Order' })).toBeEnabled());
  });

  it('says the fee that is added below a minimum in fee mode, and Order stays enabled', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil] });
    Object.assign(api, {
      deliveryTerms: vi.fn(async () => ({
        calendar: null,
        minimumOrder: { value: '150.00', mode: 'fee', fee: '15.00' },
      })),
      companyInfo: vi.fn(async () => twoShops),
    });
    renderPortal({ api });
    const drawer = await openCart(user);
    expect(
      await drawer.findByText(
        (_, element) =>
          element?.tagName === 'SPAN' &&
          plain(element.textContent ?? '').endsWith('or a €15.00 fee is added') &&
          plain(element.textContent ?? '').startsWith('€130.00 more to reach the €150.00 minimum for '),
      ),
    ).toBeVisible();
    expect(drawer.getByRole('button', { name: 'Order' })).toBeEnabled();
  });
});

describe('each suborder’s own day in the confirmation', { timeout: 90_000 }, () => {
  it('says "Delivered on …" on a suborder arriving after the chosen day', async () => {
    const user = userEvent.setup();
    const { calendar, earliest } = calendarFor();
    const later = addIsoDays(earliest, 3);
    const [north, south] = twoWarehouses.suborders;
    const preview = anOrderPreview({
      ...twoWarehouses,
      suborders: [
        aPreviewShipment({ ...north, expectedDeliveryDate: earliest }),
        aPreviewShipment({ ...south, expectedDeliveryDate: later }),
      ],
    });
    const api = fakeApi({ cart: [oil, cans], preview });
    Object.assign(api, {
      deliveryTerms: vi.fn(async () => ({ calendar, minimumOrder: null })),
      companyInfo: vi.fn(async () => twoShops),
    });
    renderPortal({ api });
    const drawer = await openCart(user);
    await drawer.findByRole('gridcell', { name: fullDay(earliest, 'en') });
    await user.click(drawer.getByRole('button', { name: 'Order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    const southShipment = (await confirm.findByRole('heading', { name: /South cold store/ })).closest('li');
    expect(
      within(southShipment as HTMLElement).getByText(
        (_, element) =>
          element?.tagName === 'P' &&
          plain(element.textContent ?? '') === `Delivered on ${longDay(later, 'en')}`,
      ),
    ).toBeVisible();
    const northShipment = confirm.getByRole('heading', { name: /North/ }).closest('li');
    expect(within(northShipment as HTMLElement).queryByText(/Delivered on/)).toBeNull();
  });
});

describe('an order refused as below the minimum', { timeout: 90_000 }, () => {
  it('says so with the amount missing from the cart as another tab left it', async () => {
    const user = userEvent.setup();
    const api = fakeApi({ cart: [oil, cans], preview: twoWarehouses });
    Object.assign(api, {
      deliveryTerms: vi.fn(async () => ({
        calendar: null,
        minimumOrder: { value: '30.00', mode: 'block', fee: null },
      })),
      companyInfo: vi.fn(async () => twoShops),
    });
    api.placeOrder.mockRejectedValueOnce(httpError(400, 'minimum_order_not_reached'));
    renderPortal({ api });
    const drawer = await openCart(user);
    // goods 38.00 reach the 30.00 minimum here; another tab took the cans out meanwhile
    await user.click(await drawer.findByRole('button', { name: 'Order' }));
    const confirm = within(await screen.findByRole('dialog', { name: 'Confirm your order' }));
    await confirm.findByRole('heading', { name: /North/ });
    api.cartItems.mockResolvedValue([oil]);
    await user.click(confirm.getByRole('button', { name: 'Confirm order' }));
    expect(
      await drawer.findByText(
        (_, element) =>
          element?.tagName === 'P' &&
          plain(element.textContent ?? '').endsWith('€10.00 more to reach the €30.00 minimum.') &&
          plain(element.textContent ?? '').startsWith('The order was not placed'),
      ),
    ).toBeVisible();
  });
});
