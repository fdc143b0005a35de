import { type APIResponse, expect, type Page, type Route, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { addFromSearch, openCart, signInAs } from './helpers';

// The checkout keeps what the customer typed and the order on its way through a reload, a
// slow answer and a quantity changed at the last moment. Each journey orders in a company of its own,
// so its order count is not touched by other journeys.

type User = { username: string; password: string };

/** Matches the app's SLOW_ANSWER_MS (src/machines/kernel/slow-answer.ts); the page's clock is moved on by it. */
const SLOW_ANSWER_MS = 10_000;
const ORDERS = '**/api/netb2b/orders/';

/** The company's orders as the API lists them (newest first), read with a token of the user's own. */
async function companyOrders(page: Page, user: User) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const tokens = await page.request.post('/api/token/', { headers: { 'X-CSRFToken': csrf }, data: user });
  expect(tokens.status()).toBe(200);
  const { access } = (await tokens.json()) as { access: string };
  const orders = await page.request.get('/api/netb2b/orders/', {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(orders.status()).toBe(200);
  return (await orders.json()) as {
    id: number;
    suborders: { items: { product: { name: string }; quantity: string }[] }[];
  }[];
}

/** A company of its own, signed in, with Ayran in the cart. */
async function customerWithAyran(page: Page, label: string) {
  const { main } = await registerFreshCompany(page, label);
  await signInAs(page, main);
  await addFromSearch(page, 'Ayran');
  return main;
}

/**
 * Lets the first order POST reach the server (it stores the order) but never answers the page, as
 * when the answer is lost or slow; later POSTs go through. `stored` is the server's answer to it.
 */
async function holdFirstOrder(page: Page) {
  let holding = true;
  let forwarded!: (answer: APIResponse) => void;
  const stored = new Promise<APIResponse>((resolve) => {
    forwarded = resolve;
  });
  await page.route(ORDERS, async (route: Route) => {
    if (route.request().method() !== 'POST' || !holding) return route.fallback();
    holding = false;
    forwarded(await route.fetch());
  });
  // wrapped: an async function returning the promise itself would wait for it
  return { stored };
}

async function orderNumberShown(page: Page) {
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  return Number(((await drawer.getByText(/^#\d+$/).textContent()) ?? '').slice(1));
}

test('an order sent just before a reload is sent again after it and placed once', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await customerWithAyran(page, 'resume');
  expect(await companyOrders(page, user)).toHaveLength(0);

  const { stored } = await holdFirstOrder(page);
  let drawer = await openCart(page);
  await drawer.getByRole('button', { name: 'Order' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your order' })
    .getByRole('button', { name: 'Confirm order' })
    .click();
  // the server has the order; the page never heard of it
  const answer = await stored;
  expect(answer.status()).toBe(201);
  const { id: storedId } = (await answer.json()) as { id: number };

  // the held request stays registered: unrouting it would let the page hear the answer after all
  await page.reload();
  drawer = await openCart(page);
  const notice = drawer
    .getByRole('alert')
    .filter({ hasText: 'An order was being sent when the page was left.' });
  await expect(notice).toHaveText(/Send it again to make sure it arrives: it cannot be placed twice\./);
  await notice.getByRole('button', { name: 'Send again' }).click();

  const shown = await orderNumberShown(page);
  expect(shown).toBe(storedId);
  const orders = await companyOrders(page, user);
  expect(orders.map((order) => order.id)).toEqual([shown]);
});

test('a half-filled checkout comes back after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  await customerWithAyran(page, 'draft');
  let drawer = await openCart(page);
  const date = drawer.getByRole('textbox', { name: 'Delivery date' });
  // the form opens on the earliest day, written dd.mm.yyyy as the app writes dates
  const [day, month, year] = (await date.inputValue()).split('.');
  // a few days after the earliest, so the restored value cannot be the form's default
  const later = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day) + 3));
  const chosen = later.toISOString().slice(0, 10).split('-').reverse().join('.');
  await date.fill(chosen);
  await drawer.getByRole('checkbox', { name: 'Pre-order' }).check();
  const note = 'Ring twice, the back door please.';
  await drawer.getByRole('textbox', { name: 'Note for the supplier' }).fill(note);

  await page.reload();
  drawer = await openCart(page);
  await expect(drawer.getByRole('textbox', { name: 'Delivery date' })).toHaveValue(chosen);
  await expect(drawer.getByRole('checkbox', { name: 'Pre-order' })).toBeChecked();
  await expect(drawer.getByRole('textbox', { name: 'Note for the supplier' })).toHaveValue(note);
  // nothing was on its way, so nothing is offered to send again
  await expect(drawer.getByRole('button', { name: 'Send again' })).toHaveCount(0);
});

test('a quantity changed just before pressing Order is the quantity ordered', async ({ page }) => {
  test.setTimeout(90_000);
  const user = await customerWithAyran(page, 'lastqty');
  const drawer = await openCart(page);
  const ayran = drawer.getByRole('listitem', { name: /Ayran/ });
  const quantity = ayran.getByRole('textbox', { name: /Quantity/ });
  await expect(quantity).toHaveValue('1');

  // the line's save is held until Order has been pressed, so the order surely comes before the save
  let releaseSave!: () => void;
  const saveReleased = new Promise<void>((resolve) => {
    releaseSave = resolve;
  });
  await page.route('**/api/netb2b/cart-items/*/', async (route: Route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await saveReleased;
    await route.continue();
  });
  const saveSent = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().includes('/api/netb2b/cart-items/'),
  );
  await quantity.fill('4');
  await drawer.getByRole('button', { name: 'Order' }).click();
  await expect(drawer.getByRole('button', { name: 'Saving your changes…' })).toBeVisible();
  await saveSent;
  releaseSave();

  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  const shown = await orderNumberShown(page);
  const [order] = await companyOrders(page, user);
  expect(order?.id).toBe(shown);
  const lines = order?.suborders.flatMap((suborder) => suborder.items) ?? [];
  expect(lines).toHaveLength(1);
  expect(lines[0]?.product.name).toMatch(/Ayran/);
  expect(Number(lines[0]?.quantity)).toBe(4);
});

test('a slow order can be cancelled and sent again, and is placed once', async ({ page }) => {
  test.setTimeout(90_000);
  await page.clock.install();
  const user = await customerWithAyran(page, 'slow');
  const { stored } = await holdFirstOrder(page);
  const drawer = await openCart(page);
  await drawer.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  expect((await stored).status()).toBe(201);
  // while an answer is still expected soon, the order cannot be given up
  await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeDisabled();

  await page.clock.fastForward(SLOW_ANSWER_MS);
  await expect(confirm.getByText('Placing the order is taking longer than usual.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  const notice = drawer.getByRole('alert').filter({ hasText: 'The order was cancelled here' });
  await expect(notice).toContainText('Sending it again is safe: it cannot be placed twice.');
  await notice.getByRole('button', { name: 'Try again' }).click();

  const shown = await orderNumberShown(page);
  const orders = await companyOrders(page, user);
  expect(orders.map((order) => order.id)).toEqual([shown]);
});
