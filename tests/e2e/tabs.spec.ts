import { expect, type Page, test } from '@playwright/test';
import { accounts, signIn } from './helpers';

// Tabs that agree: two tabs of one browser signed in as the same buyer stay in step.

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

async function openCart(page: Page) {
  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('heading', { name: 'Cart' })).toBeVisible();
  return drawer;
}

async function addFromSearch(page: Page, query: string) {
  await page.getByRole('combobox', { name: 'Search products' }).first().fill(query);
  await page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option')
    .filter({ hasText: query })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog.getByRole('button', { name: 'In cart' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/**
 * Another device of the same buyer (not a tab of this browser): it talks to the server only, with a
 * token of its own (the page's CSRF cookie lets it write).
 */
async function otherDevice(page: Page) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const { username, password } = accounts.buyer;
  const token = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': csrf },
    data: { username, password },
  });
  expect(token.status()).toBe(200);
  const { access } = (await token.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}`, 'X-CSRFToken': csrf };
  return {
    async emptyCart() {
      const answer = await page.request.get('/api/netb2b/cart-items/', { headers });
      for (const item of (await answer.json()) as { id: number }[])
        await page.request.delete(`/api/netb2b/cart-items/${item.id}/`, { headers });
    },
    async add(query: string) {
      const found = await page.request.get(
        `/api/netb2b/products/search/?query=${encodeURIComponent(query)}`,
        {
          headers,
        },
      );
      const [product] = (await found.json()) as { id: number; unit_amounts: { unit: number }[] }[];
      const unit = product?.unit_amounts[0]?.unit;
      const added = await page.request.post('/api/netb2b/cart-items/', {
        headers,
        data: { product: product?.id, quantity: '1', unit },
      });
      expect(added.status()).toBe(201);
    },
  };
}

test('two tabs of one buyer follow each other: cart, stale order, theme, language and sign-out', async ({
  context,
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, 'buyer', { remember: true });
  const device = await otherDevice(page);
  await device.emptyCart();
  await page.reload();
  const second = await context.newPage();
  // the second tab finds the remembered sign-in
  await second.goto('/');
  await expect(second.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  await expect(cartButton(second)).toHaveAccessibleName('Cart, 0 items');

  // added in the first tab: the second tab's cart shows it
  await addFromSearch(page, 'Ayran');
  await expect(cartButton(second)).toHaveAccessibleName('Cart, 1 item');

  // a quantity changed in the second tab shows in the first
  const secondDrawer = await openCart(second);
  const secondQuantity = secondDrawer
    .getByRole('listitem', { name: /Ayran/ })
    .getByRole('textbox', { name: /Quantity/ });
  await secondQuantity.fill('3');
  await secondQuantity.press('Tab');
  await expect(secondDrawer.getByRole('listitem', { name: /Ayran/ }).getByRole('status')).toHaveCount(0);
  const firstDrawer = await openCart(page);
  await expect(
    firstDrawer.getByRole('listitem', { name: /Ayran/ }).getByRole('textbox', { name: /Quantity/ }),
  ).toHaveValue('3');

  // another device adds a line the tabs never heard of: the first tab is stale now
  await device.add('Sonnenblumenöl');
  await firstDrawer.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  // refused with a clear message, and the tab then shows the cart as it is now
  await expect(
    page.getByText('Your cart changed while the order was being placed. Check it and order again.'),
  ).toBeVisible();
  await expect(
    page.getByRole('dialog', { name: 'Cart' }).getByRole('listitem', { name: /Sonnenblumenöl/ }),
  ).toBeVisible();
  await second.keyboard.press('Escape');

  // ordered from the first tab, now that it shows the current cart: the second tab's cart empties
  await page.getByRole('dialog', { name: 'Cart' }).getByRole('button', { name: 'Order' }).click();
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  await expect(cartButton(second)).toHaveAccessibleName('Cart, 0 items');
  await page.getByRole('button', { name: 'Continue shopping' }).click();
  await expect(cartButton(page)).toHaveAccessibleName('Cart, 0 items');

  // the theme follows
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(second.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Dark theme' }).click();
  await expect(second.locator('html')).not.toHaveClass(/\bdark\b/);

  // the language follows (and is set back for the other journeys)
  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(second.locator('html')).toHaveAttribute('lang', 'de');
  await expect(second.getByRole('navigation', { name: 'Hauptmenü' })).toBeVisible();
  await second.getByRole('button', { name: 'Sprache: Deutsch' }).click();
  await second.getByRole('menuitem', { name: 'English' }).click();
  await expect(second.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await device.emptyCart();

  // signing out in one tab lands the other on the login screen
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await expect(second.locator('input[name="username"]')).toBeVisible();
});
