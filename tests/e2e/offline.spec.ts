import { type Browser, expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { addFromSearch, fillLogin, openCart } from './helpers';

// Ordering from a cold room: the buyer browses, changes the cart and confirms an order while the
// browser is offline; the order waits on the device, survives the tab being closed, and is sent
// exactly once when the portal is open online again. A price that changes meanwhile is shown for
// review instead of being sent blindly. The journeys run with the portal's service worker.
test.use({ serviceWorkers: 'allow' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const product = { id: `OFFL-${run}`, name: `Kaltraum Butter ${run}` };

async function importProduct(browser: Browser, price: string) {
  // the supplier's staff work from their own office: another browser context, always online
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/staff');
  await page.getByLabel('User name').fill('staff');
  await page.getByLabel('Password').fill('staff123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as Supplier staff')).toBeVisible();
  await page.getByLabel('What the file holds').selectOption({ label: 'Products' });
  await page.getByLabel('Delta: only the rows in the file change').check();
  await page.getByLabel('File (CSV, XLSX or JSON)').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      [
        'id,name,brand,category,warehouse,price,tax_rate_percent,quantity_in_stock',
        `${product.id},${product.name},Kaltraum,Dairy & Cheese,Hamburg Central,${price},7,80`,
      ].join('\n'),
    ),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('region', { name: 'Load a file' });
  await expect(upload.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await context.close();
}

/** Signs in with "Remember me", so a tab opened later is still signed in, and waits for the worker. */
async function signInKept(page: Page, user: { username: string; password: string }) {
  await page.goto('/');
  await fillLogin(page, user.username, user.password, true);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The company's orders as the API lists them. */
async function ordersOf(page: Page, user: { username: string; password: string }) {
  if (!(await page.context().cookies()).some((cookie) => cookie.name === 'csrftoken')) await page.goto('/');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const tokens = await page.request.post('/api/token/', { headers: { 'X-CSRFToken': csrf }, data: user });
  const { access } = (await tokens.json()) as { access: string };
  const orders = await page.request.get('/api/netb2b/orders/', {
    headers: { Authorization: `Bearer ${access}` },
  });
  const body = (await orders.json()) as { results?: unknown[] } | unknown[];
  return Array.isArray(body) ? body : (body.results ?? []);
}

async function confirmOrder(page: Page) {
  const drawer = await openCart(page);
  await drawer.getByRole('button', { name: 'Order' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your order' })
    .getByRole('button', { name: 'Confirm order' })
    .click();
  return drawer;
}

test('an order confirmed offline is sent once after the tab was closed and opened online', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await importProduct(browser, '4.20');
  const { main } = await registerFreshCompany(page, 'offline');
  await signInKept(page, main);
  await addFromSearch(page, product.name, '2');
  // seen once online, so it can be read offline
  await page.goto('/products/');
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('button').first()).toBeVisible();

  await page.context().setOffline(true);
  const banner = page.locator('[data-banner="offline"]');
  await expect(banner).toContainText('You are offline.');
  // the catalogue already seen stays readable, its prices dated
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).first().click();
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('button').first()).toBeVisible();
  await expect(banner).toContainText(/Prices as of/);

  // a cart change offline: the line's quantity goes from 2 to 3
  const drawer = await openCart(page);
  const line = drawer.getByRole('listitem', { name: product.name });
  await line.getByRole('textbox', { name: /Quantity/ }).fill('3');
  await line.getByRole('textbox', { name: /Quantity/ }).press('Tab');
  await expect(banner).toContainText('1 cart change is waiting to be sent.');
  await page.keyboard.press('Escape');

  const confirmed = await confirmOrder(page);
  await expect(confirmed.getByRole('heading', { name: 'Your order is waiting to be sent' })).toBeVisible();
  await expect(banner).toContainText('1 order is waiting to be sent.');

  // the tab is closed while offline; nothing has reached the server
  await page.close();
  const checker = await browser.newPage();
  expect(await ordersOf(checker, main)).toHaveLength(0);

  // opened again online: the change and the order go out, once
  const context = confirmed.page().context();
  await context.setOffline(false);
  const reopened = await context.newPage();
  await reopened.goto('/');
  await expect(reopened.getByText(/Your order was sent: order #\d+\./)).toBeVisible({ timeout: 30_000 });
  const orders = await ordersOf(checker, main);
  expect(orders).toHaveLength(1);
  // a second tab and a reload send nothing more
  await reopened.reload();
  await expect(reopened.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  expect(await ordersOf(checker, main)).toHaveLength(1);
  const [order] = orders as { id: number }[];
  await reopened.goto(`/orders/${order?.id}`);
  const row = reopened.getByRole('row').filter({ hasText: product.name });
  await expect(row).toContainText('3');
  await checker.close();
});

test('a price that changed while offline is shown for review before the order is sent', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await importProduct(browser, '4.20');
  const { main } = await registerFreshCompany(page, 'offprice');
  await signInKept(page, main);
  await addFromSearch(page, product.name, '2');

  await page.context().setOffline(true);
  await expect(page.locator('[data-banner="offline"]')).toBeVisible();
  const confirmed = await confirmOrder(page);
  await expect(confirmed.getByRole('heading', { name: 'Your order is waiting to be sent' })).toBeVisible();
  await page.keyboard.press('Escape');

  // the supplier raises the price meanwhile
  await importProduct(browser, '5.00');
  await page.context().setOffline(false);

  const review = page.getByRole('dialog', { name: 'Check your waiting order' });
  // the dialog element is a zero-size wrapper: its title shows that it is open
  await expect(review.getByRole('heading', { name: 'Check your waiting order' })).toBeVisible({
    timeout: 30_000,
  });
  // gross prices (7 % VAT): €4.49 then, €5.35 now
  await expect(review).toContainText(`${product.name}: the price is now €5.35 (was €4.49).`);
  expect(await ordersOf(page, main)).toHaveLength(0);

  await review.getByRole('button', { name: 'Send as it is' }).click();
  await expect(page.getByText(/Your order was sent: order #\d+\./)).toBeVisible({ timeout: 30_000 });
  expect(await ordersOf(page, main)).toHaveLength(1);
});
