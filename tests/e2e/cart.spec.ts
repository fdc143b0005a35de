import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

/** Finds a product with the header search and adds it from the product dialog. */
async function addFromSearch(page: Page, query: string) {
  const search = page.getByRole('combobox', { name: 'Search products' }).first();
  await search.fill(query);
  // the panel may still show the previous query's results while the new search runs
  await page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option')
    .filter({ hasText: query })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const add = dialog.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await add.click();
  // the toast of an earlier add may still be there (5 s)
  await expect(page.getByText('Product added to cart').last()).toBeVisible();
  // the product is in the cart now: a disabled "in cart" label and a go-to-cart action
  await expect(dialog.getByRole('button', { name: 'In cart' })).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Go to cart' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

async function openCart(page: Page) {
  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('heading', { name: 'Cart' })).toBeVisible();
  return drawer;
}

// covers: 4.product-dialog.added-toast, 4.product-dialog.in-cart, 4.cart-item.debounce, 4.drawer.confirmation,
// covers: 4.drawer.success, 4.cart.order-refetches, 4.drawer.empty
test('a customer fills the cart, orders once and finds the order everywhere', async ({ page }) => {
  test.setTimeout(90_000);
  const writes: { method: string; url: string }[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/netb2b/') && request.method() !== 'GET')
      writes.push({ method: request.method(), url: new URL(request.url()).pathname });
  });
  await signIn(page, 'buyer');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // two products from two warehouses: dairy is kept cold, oil in the main warehouse
  await addFromSearch(page, 'Ayran');
  await addFromSearch(page, 'Sonnenblumenöl');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 2 items');

  // six quick plus clicks: one (at most two) PUTs, and the server ends on the last value
  let drawer = await openCart(page);
  const ayran = drawer.getByRole('listitem', { name: /Ayran/ });
  const quantity = ayran.getByRole('textbox', { name: /Quantity/ });
  await expect(quantity).toHaveValue('1');
  const putsBefore = writes.filter((write) => write.method === 'PUT').length;
  const plus = ayran.getByRole('button', { name: /increase/i });
  // six clicks in one go, as a quick customer taps: dispatched in the page, so a busy test machine
  // cannot stretch the gaps between them past the 250 ms debounce (as CDP round trips can)
  await plus.evaluate((button: HTMLElement) => {
    for (let click = 0; click < 6; click++) button.click();
  });
  await expect(quantity).toHaveValue('7');
  await expect(ayran.getByRole('status')).toHaveCount(0); // nothing left to save
  const puts = writes.filter((write) => write.method === 'PUT').length - putsBefore;
  expect(puts).toBeGreaterThanOrEqual(1);
  expect(puts).toBeLessThanOrEqual(2);
  await page.reload();
  drawer = await openCart(page);
  await expect(
    drawer.getByRole('listitem', { name: /Ayran/ }).getByRole('textbox', { name: /Quantity/ }),
  ).toHaveValue('7');

  // the company's main address is on route Altona: the picker opens on the route's earliest served day
  const picker = drawer.getByRole('group', { name: 'Delivery date' });
  await expect(picker.getByRole('gridcell', { selected: true })).toHaveCount(1);
  await expect(drawer.getByRole('radio', { name: /^Restaurant Lindenhof/ })).toBeChecked();

  // the confirmation shows the split; a double click on confirm makes one order
  await drawer.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(confirm.getByRole('heading', { name: /^Shipment 1 from / })).toBeVisible();
  await expect(confirm.getByRole('heading', { name: /^Shipment 2 from / })).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm order' }).dblclick();
  await expect(drawer.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(drawer.getByText('Our operators will call you to start the delivery.')).toBeVisible();
  const placed = writes.filter((write) => write.method === 'POST' && write.url === '/api/netb2b/orders/');
  expect(placed).toHaveLength(1);
  const number = ((await drawer.getByText(/^#\d+$/).textContent()) ?? '').slice(1);

  // in the list, in the detail and on home
  await drawer.getByRole('link', { name: 'View your orders' }).click();
  await expect(page).toHaveURL(/\/orders\/$/);
  await page.getByRole('link', { name: `#${number}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Suborder / })).toHaveCount(2);
  await expect(page.getByText('Ayran').first()).toBeVisible();
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
  const latest = page.getByRole('table', { name: 'Latest orders' });
  await expect(latest.getByRole('row').nth(1)).toContainText(`#${number}`);
  await latest.getByRole('link', { name: `#${number}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/order-detail\\?id=${number}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();

  // the cart is empty afterwards
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
  drawer = await openCart(page);
  await expect(drawer.getByText('No items')).toBeVisible();
});
