import { expect, type Page, test } from '@playwright/test';
import { E2E_SUPPLIER_API_KEY } from '../../playwright.config';
import { registerFreshCompany } from './fresh-company';
import { addFromSearch, openCart, signInAs } from './helpers';

// Delivery days as a buyer meets them: a day the route does not drive cannot be picked and says why,
// the cart counts down to the cut-off and moves the day when it passes (a faked clock), and the
// minimum order hint goes once the cart reaches it. Each journey puts only the address of a company of
// its own on a route of its own, and puts the supplier's calendar back as it found it.

type User = { username: string; password: string };
const supplier = { Authorization: `Bearer ${E2E_SUPPLIER_API_KEY}` };
const weekdayNames = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';

async function accessToken(page: Page, user: User) {
  const tokens = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': await csrfOf(page) },
    data: user,
  });
  expect(tokens.status()).toBe(200);
  return ((await tokens.json()) as { access: string }).access;
}

/** Gives the fresh company one delivery address (registration makes none) and answers its id. */
async function addDeliveryAddress(page: Page, user: User): Promise<number> {
  const headers = {
    Authorization: `Bearer ${await accessToken(page, user)}`,
    'X-CSRFToken': await csrfOf(page),
  };
  const info = await page.request.get('/api/petekcore/company-info/', { headers });
  expect(info.status()).toBe(200);
  const { customer_type: _, ...body } = (await info.json()) as Record<string, unknown> & {
    delivery_addresses: unknown[];
  };
  const saved = await page.request.put('/api/petekcore/company-info/', {
    headers,
    data: {
      ...body,
      delivery_addresses: [
        ...body.delivery_addresses,
        {
          name: 'Probe shop',
          line1: 'Probestraße 1',
          line2: '',
          suburb: 'Altona',
          city: 'Hamburg',
          state: 'Hamburg',
          country: 'DE',
          postal_code: '22765',
          instructions: '',
        },
      ],
    },
  });
  expect(saved.status()).toBe(200);
  const { delivery_addresses } = (await saved.json()) as { delivery_addresses: { pk: number }[] };
  const address = delivery_addresses.at(-1);
  if (!address) throw new Error('the address was not saved');
  return address.pk;
}

interface Calendar {
  time_zone: string;
  routes: Record<string, unknown>[];
  [key: string]: unknown;
}

/** The supplier's calendar now (null: none), to put back afterwards. */
async function readCalendar(page: Page): Promise<Calendar | null> {
  const answer = await page.request.get('/api/supplier/delivery-calendar/', { headers: supplier });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { calendar: Calendar | null }).calendar;
}

async function putCalendar(page: Page, calendar: Calendar | null) {
  if (calendar === null) {
    const removed = await page.request.delete('/api/supplier/delivery-calendar/', { headers: supplier });
    expect(removed.status()).toBe(204);
    return;
  }
  const put = await page.request.put('/api/supplier/delivery-calendar/', {
    headers: supplier,
    data: calendar,
  });
  expect(put.status(), await put.text()).toBe(200);
}

/**
 * The calendar as found plus a route of the journey's own (the others keep theirs), with the fresh
 * company's address on it; `restore` puts the calendar back as it was.
 */
async function routeOfOurOwn(
  page: Page,
  addressId: number,
  route: { weekdays: number[]; cutoffTime: string; minimumOrder?: { value: string; mode: 'block' } },
) {
  const original = await readCalendar(page);
  const base: Calendar = original ?? { time_zone: 'Europe/Berlin', routes: [], warehouses: [], closures: [] };
  const id = 900_000 + Math.floor(Math.random() * 90_000);
  const name = `Probe ${id}`;
  await putCalendar(page, {
    ...base,
    routes: [
      ...base.routes,
      {
        id,
        name,
        weekdays: route.weekdays,
        cutoff: { days_before: 1, time: route.cutoffTime },
        lead_days: 0,
        ...(route.minimumOrder ? { minimum_order: { ...route.minimumOrder, fee: null } } : {}),
      },
    ],
  });
  const onRoute = await page.request.put(`/api/supplier/delivery-calendar/addresses/${addressId}/route/`, {
    headers: supplier,
    data: { route_id: id },
  });
  expect(onRoute.status()).toBe(200);
  return { name, timeZone: base.time_zone, restore: () => putCalendar(page, original) };
}

/** yyyy-mm-dd and HH:MM of an instant in a zone. */
function zoned(instant: Date, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}
const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/**
 * A day as the page's English names it, British ("Tuesday 1 December") or American ("Tuesday,
 * December 1"), as the browser's language has it: the app formats with the browser's Intl.
 */
const dayPattern = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  const weekday = weekdayNames[isoWeekday(day) - 1]?.slice(0, -1) ?? '';
  const month = monthNames[date.getUTCMonth()];
  const dayOfMonth = date.getUTCDate();
  return `${weekday},? (?:${dayOfMonth} ${month}|${month} ${dayOfMonth})`;
};
/** The picker's name of a day: with its year. */
const fullDay = (day: string) => new RegExp(`^${dayPattern(day)},? ${day.slice(0, 4)}$`);

test('a closed day cannot be picked, and the day moves when the cut-off passes', async ({ page }) => {
  test.setTimeout(120_000);
  const { main } = await registerFreshCompany(page, 'days');
  const addressId = await addDeliveryAddress(page, main);
  // The route's next cut-off is 20 minutes from now: orders for day `first` close then. The day after
  // it is one the route does not drive; the date moves past it to the day after.
  const now = new Date();
  const zone = (await readCalendar(page))?.time_zone ?? 'Europe/Berlin';
  const cutoff = zoned(new Date(now.getTime() + 20 * 60_000), zone);
  const first = addDays(cutoff.date, 1);
  const closed = addDays(first, 1);
  const next = addDays(first, 2);
  const route = await routeOfOurOwn(page, addressId, {
    weekdays: [1, 2, 3, 4, 5, 6, 7].filter((day) => day !== isoWeekday(closed)),
    cutoffTime: cutoff.time,
  });
  try {
    // the page's clock runs from now on, and is moved on by the journey only
    await page.clock.install({ time: now });
    await signInAs(page, main);
    await addFromSearch(page, 'Ayran');
    const drawer = await openCart(page);

    const chosen = drawer.getByRole('gridcell', { name: fullDay(first) });
    await expect(chosen).toHaveAttribute('aria-selected', 'true');
    await expect(drawer.getByText(/^Order within .+ for delivery on /)).toBeVisible();

    // the closed day says why on focus and cannot be picked
    await chosen.focus();
    await page.keyboard.press('ArrowRight');
    const refused = drawer.getByRole('gridcell', { name: fullDay(closed) });
    await expect(refused).toBeFocused();
    await expect(refused).toHaveAttribute('aria-disabled', 'true');
    await expect(refused).toHaveAccessibleDescription(
      `No delivery on ${weekdayNames[isoWeekday(closed) - 1]} on route ${route.name}`,
    );
    await page.keyboard.press('Enter');
    await expect(chosen).toHaveAttribute('aria-selected', 'true');

    // past the cut-off with the cart open: the day moves, with a notice
    await page.clock.fastForward('21:00');
    await expect(
      drawer.getByText(
        new RegExp(
          `^The order cut-off for ${dayPattern(first)} has passed; the delivery date is now ${dayPattern(next)}\\.$`,
        ),
      ),
    ).toBeVisible();
    await expect(drawer.getByRole('gridcell', { name: fullDay(next) })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  } finally {
    await route.restore();
  }
});

test('the minimum order hint goes once the cart reaches the minimum', async ({ page }) => {
  test.setTimeout(120_000);
  const { main } = await registerFreshCompany(page, 'minimum');
  const addressId = await addDeliveryAddress(page, main);
  await signInAs(page, main);
  await addFromSearch(page, 'Ayran');
  // the goods of one line of Ayran on the buyer's own basis, as the server prices them
  const headers = {
    Authorization: `Bearer ${await accessToken(page, main)}`,
    'X-CSRFToken': await csrfOf(page),
  };
  const lines = (await (await page.request.get('/api/netb2b/cart-items/', { headers })).json()) as {
    product: { id: number };
    quantity: string;
    unit: number;
  }[];
  const preview = await page.request.post('/api/netb2b/orders/preview/', {
    headers,
    data: {
      items: lines.map((line) => ({ product: line.product.id, quantity: line.quantity, unit: line.unit })),
    },
  });
  expect(preview.status()).toBe(200);
  const goods = Number(((await preview.json()) as { totals: { subtotal: string } }).totals.subtotal);
  // one and a half lines' worth: one line is short of it, two reach it
  const minimum = (Math.ceil(goods * 150) / 100).toFixed(2);
  const route = await routeOfOurOwn(page, addressId, {
    weekdays: [1, 2, 3, 4, 5, 6, 7],
    cutoffTime: '23:59',
    minimumOrder: { value: minimum, mode: 'block' },
  });
  try {
    // the checkout reads the calendar when the page starts
    await page.reload();
    const drawer = await openCart(page);
    const hint = drawer.getByText(/more to reach the .+ minimum for /);
    await expect(hint.first()).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Order' })).toBeDisabled();

    const line = drawer.getByRole('listitem').filter({ hasText: 'Ayran' }).first();
    const quantity = line.getByRole('textbox');
    const before = Number(await quantity.inputValue());
    await quantity.fill(String(before * 2));
    await expect(hint).toHaveCount(0);
    await expect(drawer.getByRole('button', { name: 'Order' })).toBeEnabled();
  } finally {
    await route.restore();
  }
});
