import { expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { accounts, fillLogin, signIn } from './helpers';

// The buyer's place is kept (a deep link survives the sign-in, Back closes the product
// dialog before it leaves the list, filters are in history), focus stays where the buyer acts, and
// Escape closes the innermost layer.

async function openFirstProduct(page: Page) {
  // the list is named "Products", or "Search results" on a search's results page
  const list = page.getByRole('list', { name: /^(Products|Search results)$/ });
  await list.getByRole('button').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('combobox', { name: 'Unit' })).toBeVisible();
  return dialog;
}

test('a deep link opened signed out is where the sign-in lands', async ({ page }) => {
  await page.goto('/products/?q=gouda&in_stock=1');
  const { username, password } = accounts.buyer;
  await fillLogin(page, username, password);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “gouda”' })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/\?q=gouda&in_stock=1$/);
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
});

test('Back closes the product dialog and stays on the list; Back undoes a filter', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.getByRole('navigation').getByRole('link', { name: 'Products' }).first().click();
  await expect(page).toHaveURL(/\/products\/$/);

  const dialog = await openFirstProduct(page);
  await page.goBack();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/products\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();

  // closed by its own button, the dialog leaves no entry behind: the next Back leaves the list
  await openFirstProduct(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const category = page.getByRole('combobox', { name: 'Category' });
  await category.selectOption({ label: 'Dairy & Cheese' });
  await expect(page).toHaveURL(/\/products\/\?category=\d+$/);
  await expect(page.getByRole('list', { name: 'Products' }).getByRole('button').first()).toContainText(
    'Dairy & Cheese',
  );
  await page.goBack();
  await expect(page).toHaveURL(/\/products\/$/);
  await expect(category).toHaveValue('');
  // a reload keeps a filter: it is in the address
  await page.goForward();
  await expect(page).toHaveURL(/\/products\/\?category=\d+$/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Category' })).not.toHaveValue('');

  await page.goBack();
  await expect(page).toHaveURL(/\/products\/$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
});

test('Escape on the enlarged image shrinks it; the next Escape closes the dialog', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/products/');
  const dialog = await openFirstProduct(page);
  const image = dialog.getByRole('button', { name: 'Enlarge image' });
  await image.click();
  await expect(image).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  // the dialog element itself is a zero-size wrapper: its panel's heading shows that it is still open
  await expect(image).toHaveAttribute('aria-pressed', 'false');
  await expect(dialog.getByRole('heading').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/products\/$/);
});

test('after Add to cart in the dialog the keyboard focus is on Go to cart', async ({ page }) => {
  const company = await registerFreshCompany(page, 'focus');
  await page.goto('/products/?q=gouda&in_stock=1');
  await fillLogin(page, company.main.username, company.main.password);
  const dialog = await openFirstProduct(page);
  await dialog.getByRole('button', { name: 'Add to cart' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Go to cart' })).toBeFocused();
});

test('Back closes the cart drawer and stays on the page, also when the product dialog handed over to it', async ({
  page,
}) => {
  const company = await registerFreshCompany(page, 'drawer');
  await page.goto('/products/?q=gouda&in_stock=1');
  await fillLogin(page, company.main.username, company.main.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “gouda”' })).toBeVisible();
  const cart = page.getByRole('dialog', { name: 'Cart' });

  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  await expect(cart.getByRole('heading', { name: 'Cart' })).toBeVisible();
  await page.goBack();
  await expect(cart).toHaveCount(0);
  await expect(page).toHaveURL(/\/products\/\?q=gouda&in_stock=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “gouda”' })).toBeVisible();

  const dialog = await openFirstProduct(page);
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await dialog.getByRole('button', { name: 'Go to cart' }).click();
  await expect(cart.getByRole('heading', { name: 'Cart' })).toBeVisible();
  // the product dialog went: the drawer is the only dialog
  await expect(page.getByRole('dialog')).toHaveCount(1);
  await page.goBack();
  await expect(cart).toHaveCount(0);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/products\/\?q=gouda&in_stock=1$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “gouda”' })).toBeVisible();

  // no entry of a closed layer is left: the next Back leaves the results
  await page.goBack();
  await expect(page).not.toHaveURL(/\/products\/\?q=gouda&in_stock=1$/);
});
