import type { Page } from '@playwright/test';
import { signIn } from '../e2e/helpers';
import { expect, test } from './spec-table';

// SPEC.md point 4 (Search box, Product dialog, Cart, Cart drawer, Cart item) against a backend of
// point 7's calls and point 3's fields only (API_PROFILE=spec).

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

async function openCart(page: Page) {
  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('heading', { name: 'Cart' })).toBeVisible();
  return drawer;
}

test('search, the product dialog, the cart, a quantity and a unit change, the order and the order list', async ({
  page,
  apiCalls,
}) => {
  test.setTimeout(90_000);
  await signIn(page, 'buyer');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // search and the product dialog
  const search = page.getByRole('combobox', { name: 'Search products' }).first();
  await search.fill('Ayran');
  const results = page.getByRole('listbox', { name: 'Search results' });
  await results.getByRole('option').filter({ hasText: 'Ayran' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: /Ayran/ })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Unit', exact: true })).toBeVisible();
  await expect(dialog.getByText(/DAI-\d+/)).toBeVisible();

  // add to cart: the toast, then the "in cart" label
  const add = dialog.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByText('Product added to cart').last()).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'In cart' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 1 item');

  // the quantity (debounced PUT), then the unit: both kept by the backend
  let drawer = await openCart(page);
  const line = () => drawer.getByRole('listitem', { name: /Ayran/ });
  const quantity = line().getByRole('textbox', { name: /Quantity/ });
  await expect(quantity).toHaveValue('1');
  await line()
    .getByRole('button', { name: /increase/i })
    .click();
  await expect(quantity).toHaveValue('2');
  await expect(line().getByRole('status')).toHaveCount(0);
  const unit = line().getByRole('combobox');
  const units = await unit.locator('option').allTextContents();
  expect(units.length).toBeGreaterThan(1);
  const chosen = units.find((label) => label !== (units[0] ?? '')) ?? '';
  await unit.selectOption({ label: chosen });
  await expect
    .poll(() => apiCalls.filter((c) => c.method === 'PUT' && c.call.startsWith('/netb2b/cart-items/')).length)
    .toBeGreaterThanOrEqual(2);
  await page.reload();
  drawer = await openCart(page);
  await expect(line().getByRole('textbox', { name: /Quantity/ })).toHaveValue('2');
  await expect(line().getByRole('combobox').locator('option:checked')).toHaveText(chosen);

  // the delivery date: emptied, the order is refused and nothing is sent
  const date = drawer.getByRole('textbox', { name: 'Delivery date' });
  const earliest = await date.inputValue();
  expect(earliest).toMatch(/^\d{2}\.\d{2}\.\d{4}$/);
  await date.fill('');
  const ordersBefore = apiCalls.filter((c) => c.method === 'POST' && c.call === '/netb2b/orders/').length;
  await drawer.getByRole('button', { name: 'Order' }).click();
  await expect(drawer.getByRole('alert')).toHaveText('Please choose a delivery date.');
  expect(apiCalls.filter((c) => c.method === 'POST' && c.call === '/netb2b/orders/')).toHaveLength(
    ordersBefore,
  );

  // confirmation, the order, the success view
  await date.fill(earliest);
  await drawer.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  await expect(drawer.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(drawer.getByText('Our operators will call you to start the delivery.')).toBeVisible();
  expect(apiCalls.filter((c) => c.method === 'POST' && c.call === '/netb2b/orders/')).toHaveLength(1);
  const number = ((await drawer.getByText(/^#\d+$/).textContent()) ?? '').slice(1);
  expect(number).toMatch(/^\d+$/);

  // the order list has it, open; the cart is empty
  await drawer.getByRole('link', { name: 'View your orders' }).click();
  await expect(page).toHaveURL(/\/orders\/$/);
  await expect(page.getByRole('link', { name: `#${number}`, exact: true })).toBeVisible();
  await expect(page.getByText(/Unknown error/)).toHaveCount(0);
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');
});
