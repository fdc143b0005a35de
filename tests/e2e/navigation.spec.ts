import { expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { fillLogin } from './helpers';

// Navigation: Back from an auth screen opened in a fresh tab, "Go to cart" from the product
// dialog, "Continue shopping" after an order, the order list's tab in the address, and the order detail
// with what the buyer sent.

test('Back from a fresh /auth/forgot-password/ tab lands on the login screen', async ({ context }) => {
  const page = await context.newPage();
  await page.goto('/auth/forgot-password/');
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  // a reload does not put a second login screen behind
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'B2B LOGIN' })).toBeVisible();
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Forgot password' })).toBeVisible();
});

async function addFromSearchAndGoToCart(page: Page, query: string) {
  await page.getByRole('combobox', { name: 'Search products' }).first().fill(query);
  await page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option')
    .filter({ hasText: query })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: new RegExp(query) });
  const add = dialog.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await add.click();
  await dialog.getByRole('button', { name: 'Go to cart' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('heading', { name: 'Cart' })).toBeVisible();
  // the product dialog closed first: only the drawer is open
  await expect(dialog).toHaveCount(0);
  return drawer;
}

test('from the product dialog to the cart, an order, back to the page, and the order with its note', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { main } = await registerFreshCompany(page, 'nav');
  await page.goto('/');
  await fillLogin(page, main.username, main.password);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();

  await page.goto('/catalog/');
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();
  const drawer = await addFromSearchAndGoToCart(page, 'Ayran');
  await expect(drawer.getByRole('listitem', { name: /Ayran/ })).toBeVisible();

  await drawer.getByRole('checkbox', { name: 'Pre-order' }).check();
  await drawer.getByRole('textbox', { name: 'Note for the supplier' }).fill('Ring twice.\nBack door');
  await drawer.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(confirm.getByRole('heading', { name: /^Shipment 1 from / })).toBeVisible();
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  await expect(drawer.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const number = ((await drawer.getByText(/^#\d+$/).textContent()) ?? '').slice(1);

  // "Continue shopping": the drawer closes on the page ordered from, with no dialog left open
  await drawer.getByRole('button', { name: 'Continue shopping' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/catalog\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Catalog' })).toBeVisible();

  // the order list's tab lives in the address: reload and Back keep it
  await page.goto('/orders/');
  await page.getByRole('tab', { name: /^Closed/ }).click();
  await expect(page).toHaveURL(/\/orders\/\?tab=closed$/);
  await page.reload();
  await expect(page.getByRole('tab', { name: /^Closed/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
  await page.goBack();
  await expect(page.getByRole('tab', { name: /^Closed/ })).toHaveAttribute('aria-selected', 'true');

  // the open order, with the pre-order flag and the note it was sent with; Back returns to its tab
  await page.getByRole('tab', { name: /^Open/ }).click();
  await expect(page).toHaveURL(/\/orders\/$/);
  await page.getByRole('link', { name: `#${number}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Ring twice.' })).toHaveText(
    'Ring twice.\nBack door',
  );
  await expect(
    page.getByText('Pre-order', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText('Yes');

  // the contact person's phone is a 44 px touch target on a phone
  await page.setViewportSize({ width: 390, height: 844 });
  const phone = page.locator('a[href^="tel:"]').first();
  await expect(phone).toBeVisible();
  const box = await phone.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);

  await page.goBack();
  await expect(page.getByRole('tab', { name: /^Open/ })).toHaveAttribute('aria-selected', 'true');
});
