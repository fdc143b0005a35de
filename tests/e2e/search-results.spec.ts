import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

test('search, press Enter, sort by price, filter in stock, add from the results page', async ({ page }) => {
  await signIn(page, 'buyer');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('gouda');
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeVisible();
  await box.press('Enter');

  await expect(page).toHaveURL(/\/products\/\?q=gouda$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “gouda”' })).toBeVisible();
  await expect(page.getByRole('listbox', { name: 'Search results' })).toBeHidden();
  await expect(page.getByText(/^\d+ products?$/)).toBeVisible();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price, lowest first' });
  await expect(page).toHaveURL(/[?&]sort=price/);
  await page.getByRole('checkbox', { name: 'In stock only' }).check();
  await expect(page).toHaveURL(/[?&]in_stock=1/);

  // every row now has stock (the order itself is checked against the database in tests/server)
  const adds = page.getByRole('button', { name: /^Add .+ to cart$/ });
  await expect(adds.first()).toBeVisible();
  await expect(page.getByText('Out of stock')).toHaveCount(0);
  // add the cheapest from its row, without a dialog
  const name = ((await adds.first().getAttribute('aria-label')) ?? (await adds.first().textContent()) ?? '')
    .replace(/^Add /, '')
    .replace(/ to cart$/, '');
  const quantity = page
    .getByRole('textbox', { name: `Quantity of ${name}` })
    .or(page.getByRole('spinbutton', { name: `Quantity of ${name}` }));
  await quantity.fill('2');
  await page.getByRole('button', { name: `Add ${name} to cart` }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(quantity).toHaveValue('2');
  await expect(page.getByText('In cart').first()).toBeVisible();
  // the address kept the search, its order and the filter
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price');
  await expect(page.getByRole('checkbox', { name: 'In stock only' })).toBeChecked();
});
