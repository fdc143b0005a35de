import { expect, type Page, type Response, test } from '@playwright/test';
import { signIn } from './helpers';

// Demo mode hides prices and stock at the API, not only on screen. A demo user
// walks through every screen that shows products; no answer the browser receives carries a price
// or a stock figure, and the language change is refused as every other hidden action is.

const FIGURES = ['price', 'old_price', 'new_price', 'deposit_price', 'quantity_in_stock'];

interface Leak {
  url: string;
  at: string;
  value: unknown;
}

function leaksIn(url: string, value: unknown, at = '$'): Leak[] {
  if (Array.isArray(value)) return value.flatMap((entry, index) => leaksIn(url, entry, `${at}[${index}]`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, entry]) => [
    ...(FIGURES.includes(key) && entry !== null ? [{ url, at: `${at}.${key}`, value: entry }] : []),
    ...leaksIn(url, entry, `${at}.${key}`),
  ]);
}

/** Every JSON answer under /api/, read as it arrives; `figureKeys` counts the figures seen (all null). */
function watchApi(page: Page) {
  const reads: Promise<void>[] = [];
  const leaks: Leak[] = [];
  const seen = { answers: 0, figureKeys: 0, access: '' };
  page.on('request', (request) => {
    const authorization = request.headers().authorization;
    if (request.url().includes('/api/netb2b/') && authorization?.startsWith('Bearer '))
      seen.access = authorization.slice('Bearer '.length);
  });
  page.on('response', (response: Response) => {
    const url = response.url();
    if (!new URL(url).pathname.startsWith('/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return;
    reads.push(
      response
        .json()
        .then((body: unknown) => {
          seen.answers += 1;
          seen.figureKeys += JSON.stringify(body).match(/"(price|quantity_in_stock)":null/g)?.length ?? 0;
          leaks.push(...leaksIn(url, body));
        })
        .catch(() => undefined),
    );
  });
  return { leaks, seen, settled: () => Promise.all(reads) };
}

test('a demo user browses home, products, search, a product and a campaign without receiving a price or stock figure', async ({
  page,
}) => {
  const api = watchApi(page);
  await signIn(page, 'demo');
  await expect(page.getByRole('region', { name: 'Categories' })).toBeVisible();

  await page.goto('/products/');
  const list = page.getByRole('list', { name: 'Products' });
  await expect(list.getByRole('button').first()).toBeVisible();

  const box = page.locator('header input[type="search"]');
  await box.fill('kase');
  const first = page.getByRole('listbox').getByRole('option').first();
  await expect(first).toContainText('Käse');
  await expect(first).not.toContainText('€');
  await first.click();

  // the product dialog: its facts, but no price, no stock row and no "Out of stock"
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Barcode')).toBeVisible();
  await expect(dialog.locator('[data-price]')).toHaveCount(0);
  await expect(dialog.getByText('Out of stock')).toHaveCount(0);
  await expect(dialog.getByText('In stock')).toHaveCount(0);
  await expect(dialog).not.toContainText('€');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await page.goto('/campaigns/');
  const campaign = page.getByRole('main').getByRole('link').first();
  await expect(campaign).toBeVisible();
  await campaign.click();
  await expect(page).toHaveURL(/\/campaigns\/\d+/);
  await expect(page.getByRole('main').getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('€');

  await api.settled();
  expect(api.leaks).toEqual([]);
  // the walk did read product answers: their figures arrived, as null
  expect(api.seen.figureKeys).toBeGreaterThan(20);

  // the language cannot be changed with the demo's own token either
  expect(api.seen.access).not.toBe('');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const refused = await page.request.post('/api/baf/update-language/', {
    headers: { Authorization: `Bearer ${api.seen.access}`, 'X-CSRFToken': csrf },
    data: { language: 3 },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('demo_account');
});
