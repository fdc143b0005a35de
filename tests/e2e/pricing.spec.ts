import { expect, type Locator, type Page, test } from '@playwright/test';
import { accounts, fillLogin, signIn } from './helpers';

// One true price: a campaign product is one wherever it appears and is charged at its
// campaign price; fees show in the drawer before Order and the confirmation shows the same total;
// catalogue texts follow the interface language.

const money = /[€]\s?[\d.,]+|[\d.,]+\s?€/;
const moneyIn = async (locator: Locator) => ((await locator.textContent()) ?? '').match(money)?.[0] ?? '';

/** Signs in with the interface language fixed by ?lng= (the account's own language otherwise wins). */
async function signInSpeaking(page: Page, account: keyof typeof accounts, lng: string, home: string) {
  await page.goto(`/?lng=${lng}`);
  await fillLogin(page, accounts[account].username, accounts[account].password);
  await expect(page.getByRole('navigation').getByRole('link', { name: home }).first()).toBeVisible();
}

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart, \d+ items?$/ });

async function openCart(page: Page) {
  await cartButton(page).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('heading', { name: 'Cart' })).toBeVisible();
  return drawer;
}

async function search(
  page: Page,
  query: string,
  labels = { box: 'Search products', results: 'Search results' },
) {
  await page.getByRole('combobox', { name: labels.box }).first().fill(query);
  return page.getByRole('listbox', { name: labels.results }).getByRole('option').filter({ hasText: query });
}

async function addFromDialog(page: Page) {
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog.getByRole('button', { name: 'In cart' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

test('a campaign product found by search is added and ordered at the campaign price', async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'colleague');
  // a search result in a running campaign shows its campaign price with the regular one struck through
  const options = await search(page, 'Ayran');
  const onOffer = options.filter({ has: page.locator('[data-price="old"]') }).first();
  await expect(onOffer).toBeVisible();
  const campaignPrice = await moneyIn(onOffer.locator('[data-price="current"]'));
  const regularPrice = await moneyIn(onOffer.locator('[data-price="old"]'));
  expect(campaignPrice).not.toBe('');
  expect(campaignPrice).not.toBe(regularPrice);
  const name = ((await onOffer.locator('[dir="auto"]').first().textContent()) ?? '').trim();
  await onOffer.click();

  // the dialog opened from search shows the same campaign price; one piece is added at it
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog.locator('[data-price="current"]').first()).toContainText(campaignPrice);
  await expect(dialog.locator('[data-price="old"]').first()).toContainText(regularPrice);
  await addFromDialog(page);

  const drawer = await openCart(page);
  const line = drawer.getByRole('listitem', { name });
  await expect(line.getByRole('textbox', { name: /Quantity/ })).toHaveValue('1');
  await expect(line).toContainText(campaignPrice);

  // the confirmation and the stored order charge the campaign price too
  await drawer.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(confirm.getByRole('listitem').filter({ hasText: name }).last()).toContainText(campaignPrice);
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  await expect(drawer.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const number = ((await drawer.getByText(/^#\d+$/).textContent()) ?? '').slice(1);
  await drawer.getByRole('link', { name: 'View your orders' }).click();
  await page.getByRole('link', { name: `#${number}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${number}` })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(campaignPrice);
});

test('a cart from two warehouses shows the fees before Order, and the confirmation the same total', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // a Turkish account with its own cart, in English for the assertions
  await signInSpeaking(page, 'other', 'en', 'Home');
  // dairy ships from the cold store, oil from the central warehouse
  await (await search(page, 'Ayran')).first().click();
  await addFromDialog(page);
  await (await search(page, 'Sonnenblumenöl')).first().click();
  await addFromDialog(page);

  const drawer = await openCart(page);
  const summary = drawer.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('Prices incl. VAT')).toBeVisible();
  await expect(summary.getByText('From Hamburg Cold Store')).toBeVisible();
  await expect(summary.getByText('Delivery fee').first()).toBeVisible();
  await expect(summary.getByText('Cold chain surcharge')).toBeVisible();
  await expect(summary.getByText(/for free delivery\.$/).first()).toBeVisible();
  const drawerTotal = await moneyIn(summary.getByTestId('cart-total'));
  expect(drawerTotal).not.toBe('');

  await drawer.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(confirm.getByTestId('order-total')).toContainText(drawerTotal);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
});

test('the German interface shows German category and unit names', async ({ page }) => {
  test.setTimeout(60_000);
  // the private customer's account speaks German
  await page.goto('/');
  await fillLogin(page, accounts.private.username, accounts.private.password);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Startseite' }).first()).toBeVisible();
  const categories = page.getByRole('region', { name: 'Kategorien' });
  await expect(categories.getByRole('link', { name: 'Milchprodukte & Käse' })).toBeVisible();
  await expect(categories.getByRole('link', { name: 'Dairy & Cheese' })).toHaveCount(0);
  // a drink sold by the crate: the dialog's unit sentence and unit choices read German
  await (await search(page, 'Apfelschorle', { box: 'Produkte suchen', results: 'Suchergebnisse' }))
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^1 Kiste enthält \d+ Flaschen$/)).toBeVisible();
  await expect(dialog.getByRole('combobox').first()).toContainText('Kiste');
});
