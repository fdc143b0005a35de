import { expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { fillLogin } from './helpers';

// A stock-take on a phone: a buyer opens an order guide (a favourite list with par levels), walks its
// lines in shelf order typing what is on hand with the number keyboard, sees what to order before
// anything goes to the cart, and fills the cart with it. A company of its own keeps the cart clean.

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

const API = '/api/netb2b';
type User = { username: string; password: string };
type ProductAnswer = {
  id: number;
  name: string;
  quantity_in_stock: number | null;
  unit_amounts: { unit: number; amount: string | number }[];
};

const csrfOf = async (page: Page) =>
  (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';

async function apiHeaders(page: Page, user: User) {
  const tokens = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': await csrfOf(page) },
    data: user,
  });
  expect(tokens.status()).toBe(200);
  const { access } = (await tokens.json()) as { access: string };
  return { Authorization: `Bearer ${access}`, 'X-CSRFToken': await csrfOf(page) };
}

test('a buyer counts an order guide’s shelves on a phone and the cart gets what is missing', async ({
  page,
}) => {
  const company = await registerFreshCompany(page, 'guide');
  const headers = await apiHeaders(page, company.main);

  // oil by the box, salt and a third product by the piece
  const product = async (id: number) => {
    const answer = await page.request.get(`${API}/products/${id}/`, { headers });
    expect(answer.status()).toBe(200);
    return (await answer.json()) as ProductAnswer;
  };
  const full = await product(2);
  // products of the piece → box chain whose stock covers what this journey orders (the seed's stock is random)
  const byTheBox: ProductAnswer[] = [];
  for (let id = 1; id < 120 && byTheBox.length < 2; id += 1) {
    const candidate = await product(id);
    const box = Number(candidate.unit_amounts.find((amount) => amount.unit === 2)?.amount ?? 0);
    if (id !== full.id && box > 1 && (candidate.quantity_in_stock ?? 0) >= 2 * box + 10)
      byTheBox.push(candidate);
  }
  const [boxed, loose] = byTheBox;
  if (!boxed || !loose) throw new Error('no two products by the box with stock for the journey');
  const perBox = Number(boxed.unit_amounts.find((amount) => amount.unit === 2)?.amount);
  expect(perBox).toBeGreaterThan(1);

  const created = await page.request.post(`${API}/favourite-lists/`, {
    headers,
    data: {
      name: 'Bar guide',
      items: [
        { product: boxed.id, quantity: '1', unit: 2 },
        { product: loose.id, quantity: '1', unit: 1 },
        { product: full.id, quantity: '1', unit: 4 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id: listId } = (await created.json()) as { id: number };
  // shelf order: the loose product first, then the boxed one, then the third
  const guide = [
    { product: loose.id, unit: 1, par_level: '10', shelf_position: 1 },
    { product: boxed.id, unit: 2, par_level: String(2 * perBox + 1), shelf_position: 2 },
    { product: full.id, unit: 4, par_level: '5', shelf_position: 3 },
  ];
  for (const { product: id, ...line } of guide) {
    const put = await page.request.put(`${API}/favourite-lists/${listId}/items/${id}/`, {
      headers,
      data: { quantity: '1', ...line },
    });
    expect(put.status()).toBe(200);
  }

  // on a phone the main menu is in a drawer
  await page.goto('/');
  await fillLogin(page, company.main.username, company.main.password);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  await page.goto(`/favourites/${listId}/`);
  await page.getByRole('link', { name: 'Stock-take' }).click();
  await expect(page).toHaveURL(new RegExp(`/favourites/${listId}/stock-take/$`));
  await expect(page.getByRole('heading', { name: /Stock-take: Bar guide/ })).toBeVisible();

  const lines = page.getByTestId('stock-take-line');
  await expect(lines).toHaveCount(3);
  const line = (name: string) => lines.filter({ hasText: name });
  const onHand = (name: string) => line(name).getByRole('textbox', { name: /On hand/ });
  await expect(lines.nth(0)).toContainText(loose.name);
  await expect(lines.nth(1)).toContainText(boxed.name);

  // the first shelf's field has the focus and the number keyboard
  await expect(onHand(loose.name)).toBeFocused();
  await expect(onHand(loose.name)).toHaveAttribute('inputmode', 'decimal');
  await page.keyboard.type('3');
  await expect(line(loose.name)).toContainText('To order: 7 pieces');
  // Enter moves to the next shelf
  await page.keyboard.press('Enter');
  await expect(onHand(boxed.name)).toBeFocused();
  await page.keyboard.type('1');
  await expect(line(boxed.name)).toContainText('To order: 2 boxes');

  // a reload loses nothing that was typed
  await page.reload();
  await expect(onHand(loose.name)).toHaveValue('3');
  await expect(onHand(boxed.name)).toHaveValue('1');
  await expect(onHand(boxed.name)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(onHand(full.name)).toBeFocused();
  await page.keyboard.type('8');
  await expect(line(full.name)).toContainText('Enough on the shelf');

  // Enter on the last shelf shows what will be ordered, before anything goes to the cart
  await page.keyboard.press('Enter');
  const review = page.getByTestId('stock-take-review');
  await expect(page.getByRole('heading', { name: 'What to order' })).toBeVisible();
  await expect(review.getByRole('listitem')).toHaveCount(2);
  await expect(review.getByRole('listitem').filter({ hasText: loose.name })).toContainText('7 pieces');
  await expect(review.getByRole('listitem').filter({ hasText: boxed.name })).toContainText('2 boxes');
  const emptyCart = await page.request.get(`${API}/cart-items/`, { headers });
  expect(await emptyCart.json()).toEqual([]);

  await page.getByRole('button', { name: 'Add to cart' }).click();
  await expect(page.getByRole('status').filter({ hasText: '2 products went into the cart.' })).toBeVisible();

  const cart = await page.request.get(`${API}/cart-items/`, { headers });
  const items = (await cart.json()) as { product: { id: number }; quantity: string | number; unit: number }[];
  expect(
    items
      .map((item) => [item.product.id, Number(item.quantity), item.unit])
      .sort((a, b) => Number(a[0]) - Number(b[0])),
  ).toEqual(
    [
      [boxed.id, 2, 2],
      [loose.id, 7, 1],
    ].sort((a, b) => Number(a[0]) - Number(b[0])),
  );
  // the header's cart shows the new lines
  await expect(page.getByRole('button', { name: 'Cart, 2 items' })).toBeVisible();
});
