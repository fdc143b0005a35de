import { expect, type Page, test } from '@playwright/test';
import { E2E_SUPPLIER_API_KEY } from '../../playwright.config';
import { registerFreshCompany } from './fresh-company';
import { addFromSearch, openCart, orderFromCart, signInAs } from './helpers';

// A placed order changed before its cut-off: the order page lists both versions. A change the server
// no longer takes is refused with its reason, and with a faked clock the cut-off passes while the
// page is open: the buttons go and a notice says why. Each journey orders in a company of its own.

type User = { username: string; password: string };

/** Puts a product found by the header search into the cart and places the order on the earliest day. */
async function placeOrder(page: Page, query: string): Promise<number> {
  await addFromSearch(page, query);
  return orderFromCart(page, await openCart(page));
}

async function openOrder(page: Page, id: number) {
  await page.goto(`/orders/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
}

/** Opens the draft and types a new quantity into the order's only line. */
async function changeQuantity(page: Page, quantity: string) {
  await page.getByRole('button', { name: 'Change order' }).click();
  const line = page.getByRole('list', { name: 'Order lines' }).getByRole('listitem').first();
  await line.getByRole('textbox', { name: /^Quantity/ }).fill(quantity);
  await page.getByRole('button', { name: 'Review changes' }).click();
  await expect(page.getByRole('region', { name: 'Your changes' })).toContainText(/from 1 .+ to /);
}

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';

async function suborderIds(page: Page, user: User, orderId: number): Promise<number[]> {
  const tokens = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': await csrfOf(page) },
    data: user,
  });
  const { access } = (await tokens.json()) as { access: string };
  const order = await page.request.get(`/api/netb2b/orders/${orderId}/`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(order.status()).toBe(200);
  return ((await order.json()) as { suborders: { id: number }[] }).suborders.map((suborder) => suborder.id);
}

test('an order changed before its cut-off shows both versions', async ({ page }) => {
  test.setTimeout(120_000);
  const { main } = await registerFreshCompany(page, 'amend');
  await signInAs(page, main);
  const id = await placeOrder(page, 'Ayran');
  await openOrder(page, id);

  await expect(page.getByText(/^Changes possible until .+ \(.+ left\)$/)).toBeVisible();
  await changeQuantity(page, '3');
  await page.getByRole('button', { name: 'Send changes' }).click();

  const history = page.getByRole('region', { name: 'Order history' });
  await expect(history.getByRole('listitem', { name: 'Earlier version 1' })).toBeVisible();
  await expect(history.getByRole('listitem', { name: 'Version 2 (current)' })).toContainText('3');
  // after a reload the server still answers both
  await page.reload();
  const reloaded = page.getByRole('region', { name: 'Order history' });
  await expect(reloaded.getByRole('listitem', { name: 'Earlier version 1' })).toBeVisible();
  await expect(reloaded.getByRole('listitem', { name: 'Version 2 (current)' })).toBeVisible();
});

test('a change the server no longer takes is refused with its reason; a passing cut-off takes the buttons away', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { main } = await registerFreshCompany(page, 'amendlate');
  await signInAs(page, main);
  const late = await placeOrder(page, 'Ayran');

  // the page offers the change; meanwhile the supplier delivers the order
  await openOrder(page, late);
  await changeQuantity(page, '2');
  for (const suborder of await suborderIds(page, main, late)) {
    const delivered = await page.request.post(`/api/supplier/suborders/${suborder}/delivered/`, {
      headers: { Authorization: `Bearer ${E2E_SUPPLIER_API_KEY}` },
    });
    expect(delivered.status()).toBe(201);
  }
  await page.getByRole('button', { name: 'Send changes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'This order can no longer be changed.' }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change order' })).toHaveCount(0);

  // a second order, and the browser's clock moved past its cut-off while its page is open
  await page.clock.install();
  const open = await placeOrder(page, 'Ayran');
  await openOrder(page, open);
  await expect(page.getByRole('button', { name: 'Change order' })).toBeVisible();
  const tokens = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': await csrfOf(page) },
    data: main,
  });
  const { access } = (await tokens.json()) as { access: string };
  const detail = await page.request.get(`/api/netb2b/orders/${open}/`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  const { amendable_until } = (await detail.json()) as { amendable_until: string };
  await page.clock.setSystemTime(new Date(Date.parse(amendable_until) + 30_000));
  await page.clock.runFor(61_000);
  await expect(
    page.getByText(/^Changes were possible until .+; this order can no longer be changed\.$/),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change order' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
});
