import { expect, type Page, test } from '@playwright/test';
import { accounts, signIn } from './helpers';

// A buyer who orders every day: search finds parts of words and words typed without umlauts, and a
// refusal the server explains reaches the screen in the interface language.

async function searchFor(page: Page, text: string) {
  const box = page.getByRole('combobox', { name: /Search products|Produkte suchen/ });
  await box.fill(text);
  return page.getByRole('listbox').getByRole('option');
}

test('wasser finds the mineral waters and kaese finds Käse', async ({ page }) => {
  await signIn(page, 'buyer');
  const waters = await searchFor(page, 'wasser');
  await expect(waters.filter({ hasText: 'Mineralwasser' }).first()).toBeVisible();
  const cheeses = await searchFor(page, 'kaese');
  await expect(cheeses.filter({ hasText: 'Käse' }).first()).toBeVisible();
  // the whole list behind Enter holds them too
  await page.getByRole('combobox', { name: 'Search products' }).press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Results for “kaese”' })).toBeVisible();
  await expect(page.getByRole('main').getByText(/Käse/).first()).toBeVisible();
});

interface WireProduct {
  id: number;
  name: string;
  quantity_in_stock: number;
  unit_amounts: { unit: number; amount: string }[];
}

test('a unit change the stock cannot serve shows its reason, in German', async ({ page }) => {
  test.setTimeout(90_000);
  // the buyer's cart, set up as another device of theirs would
  await page.goto('/?lng=de');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const token = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': csrf },
    data: accounts.buyer,
  });
  const { access } = (await token.json()) as { access: string };
  const headers = { Authorization: `Bearer ${access}`, 'X-CSRFToken': csrf };
  for (const item of (await (await page.request.get('/api/netb2b/cart-items/', { headers })).json()) as {
    id: number;
  }[])
    await page.request.delete(`/api/netb2b/cart-items/${item.id}/`, { headers });
  const found = (await (
    await page.request.get('/api/netb2b/products/search/?query=Gouda%20jung', { headers })
  ).json()) as WireProduct[];
  const gouda = found.find((product) => product.quantity_in_stock > 12);
  expect(gouda, 'a Gouda with more than a box in stock').toBeDefined();
  const piece = gouda!.unit_amounts.find((amount) => Number(amount.amount) === 1)!;
  const box = gouda!.unit_amounts.find((amount) => Number(amount.amount) > 1)!;
  const perBox = Number(box.amount);
  // one box more than the stock holds, once the pieces become boxes
  const pieces = Math.floor(gouda!.quantity_in_stock / perBox) + 1;
  const added = await page.request.post('/api/netb2b/cart-items/', {
    headers,
    data: { product: gouda!.id, quantity: String(pieces), unit: piece.unit },
  });
  expect(added.status()).toBe(201);

  // the address keeps ?lng=de through the sign-in
  await page.locator('input[name="username"]').fill(accounts.buyer.username);
  await page.locator('input[name="password"]').fill(accounts.buyer.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.locator('[data-slot="cart"] button').click();
  const line = page.getByRole('dialog').getByRole('listitem', { name: /Gouda jung/ });
  await line.getByRole('combobox').selectOption(String(box.unit));
  await expect(line).toContainText(
    `Nicht genug Bestand: höchstens ${Math.floor(gouda!.quantity_in_stock / perBox)}`,
  );
  // nothing was lost: the line still holds the pieces the server kept
  await expect(line.getByRole('textbox')).toHaveValue(String(pieces));
});
