import { expect, type Page, test } from '@playwright/test';
import { accounts, signIn } from './helpers';

/** The header search box (desktop layout); its panel lists product cards as options. */
async function search(page: Page, text: string) {
  const box = page.locator('header input[type="search"]');
  await box.fill(text);
  return page.getByRole('listbox');
}

test('search by name finds products ignoring diacritics ("kase" → Käse)', async ({ page }) => {
  await signIn(page, 'buyer');
  const results = await search(page, 'kase');
  await expect(results.getByRole('option').first()).toContainText('Käse');
  await expect(results.getByRole('option').first()).toContainText('€');
});

test('search by stock code ranks the exact code first and opens the product dialog', async ({ page }) => {
  await signIn(page, 'buyer');
  const results = await search(page, 'DAI-00001');
  const first = results.getByRole('option').first();
  await expect(first).toContainText('DAI-00001');
  await first.click();

  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading').first()).toBeVisible();
  await expect(dialog.getByText('DAI-00001')).toBeVisible();
  await expect(dialog.getByText('Barcode')).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Unit' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Increase quantity' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /add to cart/i })).toBeVisible();
  // English: currency first, comma for thousands, dot for decimals
  await expect(dialog.getByText(/^€\d{1,3}(,\d{3})*\.\d{2}$/).first()).toBeVisible();

  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(dialog.getByRole('textbox', { name: /Quantity/ })).toHaveValue('2');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('keyboard: arrows move through the results and Enter opens the dialog', async ({ page }) => {
  await signIn(page, 'buyer');
  const results = await search(page, 'gouda');
  await expect(results.getByRole('option').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(results.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByText(/Gouda/).first()).toBeVisible();
});

test('German prices use a decimal comma (private customer, German interface)', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('i18nextLng', 'de'));
  await page.goto('/');
  // the form is German too, so it is filled by field name and submitted by its button's type
  await page.locator('input[name="username"]').fill(accounts.private.username);
  await page.locator('input[name="password"]').fill(accounts.private.password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('header input[type="search"]')).toBeVisible();
  const results = await search(page, 'DAI-00001');
  await results.getByRole('option').first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Artikelnummer')).toBeVisible();
  await expect(dialog.getByText(/^€\d{1,3}(\.\d{3})*,\d{2}$/).first()).toBeVisible();
});

test('a category button on the home page opens the product list with that category chosen', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  const categories = page.getByRole('region', { name: 'Categories' });
  await categories.getByRole('link', { name: 'Dairy & Cheese' }).click();
  await expect(page).toHaveURL(/\/products\/\?category=\d+$/);
  const categoryId = new URL(page.url()).searchParams.get('category');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue(categoryId ?? '');
  const list = page.getByRole('list', { name: 'Products' });
  await expect(list.getByRole('button').first()).toContainText('Dairy & Cheese');
  await list.getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Dairy & Cheese' })).toBeVisible();
});

test('a campaign slide opens the campaign with its dates, learn more and products', async ({ page }) => {
  await signIn(page, 'buyer');
  const carousel = page.getByRole('region', { name: 'Campaign banners' });
  const slide = carousel.getByRole('link').first();
  // the slide reads "<campaign name> (1 of 3)"
  const name = ((await slide.textContent()) ?? '').replace(/\s*\(\d+ of \d+\)\s*$/, '').trim();
  await slide.click();
  await expect(page).toHaveURL(/\/campaigns\/\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByText(/^From \d{2}\.\d{2}\.\d{4} to \d{2}\.\d{2}\.\d{4}$/)).toBeVisible();
  await page.getByRole('button', { name: 'Learn more' }).click();
  const products = page.getByRole('region', { name: 'Campaign products' });
  await expect(products.getByRole('row').nth(1)).toBeVisible();
  // the row's product name opens the dialog (its star beside it opens the add-to-list menu)
  await products.getByRole('row').nth(1).getByRole('button').first().click();
  await expect(page.getByRole('dialog').getByRole('combobox', { name: 'Unit' })).toBeVisible();
});
