import { readFileSync } from 'node:fs';
import { read, utils, write } from '@e965/xlsx';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { accounts, signIn } from './helpers';

type WireProduct = { id: number; name: string; stock_code: string; quantity_in_stock: number };

/** Real stock codes of the seeded catalogue, read from the API as the buyer. */
async function catalogueProducts(request: APIRequestContext): Promise<WireProduct[]> {
  const token = await request.post('/api/token/', { data: accounts.buyer });
  expect(token.ok()).toBe(true);
  const { access } = (await token.json()) as { access: string };
  const page = await request.get('/api/netb2b/products/?page_size=200', {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(page.ok()).toBe(true);
  return ((await page.json()) as { results: WireProduct[] }).results;
}

function xlsx(rows: (string | number)[][]): Buffer {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet([['Stock code', 'Quantity', 'Unit'], ...rows]), 'Order');
  return Buffer.from(write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array);
}

async function upload(page: Page, name: string, buffer: Buffer) {
  const input = page.locator('input[type="file"]').first();
  await expect(input).toBeAttached({ timeout: 15_000 });
  await input.setInputFiles({ name, mimeType: 'application/octet-stream', buffer });
}

// covers: 5.quick-order.row-errors, 5.quick-order.invalid-values
test('a sheet with valid and invalid rows: each error by row number, the valid rows land in the cart', async ({
  page,
  request,
}) => {
  const products = await catalogueProducts(request);
  const inStock = products.filter((product) => product.quantity_in_stock >= 20);
  const [first, second, scarce] = inStock;
  expect(scarce, 'the seeded catalogue has three products in stock').toBeDefined();
  // Sheet rows 2..7 (row 1 is the header).
  const sheet = xlsx([
    [first!.stock_code, 2, ''],
    ['NO-SUCH-CODE-42', 1, ''],
    [second!.stock_code.toLowerCase(), 3, ''],
    [scarce!.stock_code, 'many', ''],
    [scarce!.stock_code, scarce!.quantity_in_stock + 5, ''],
    [first!.stock_code, 1, 'barrel'],
  ]);

  await signIn(page, 'buyer');
  await upload(page, 'reorder.xlsx', sheet);

  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Error in row 3: Invalid stock code.')).toBeVisible();
  await expect(page.getByText('Error in row 5: Invalid product quantity.')).toBeVisible();
  await expect(
    page.getByText(new RegExp(`Error in row 6: Not enough stock: at most ${scarce!.quantity_in_stock} `)),
  ).toBeVisible();
  await expect(page.getByText('Error in row 7: Invalid unit value.')).toBeVisible();
  await expect(page.getByText('Error in row 2')).toHaveCount(0);
  await expect(page.getByText('Error in row 4')).toHaveCount(0);

  await page.getByRole('button', { name: 'Add valid rows to cart: 2' }).click();
  // added, or replaced when another test already put the product in the buyer's cart
  await expect(
    page.getByRole('status').filter({ hasText: /Products (added to the cart|already in the cart)/ }),
  ).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Rows not added')).toBeVisible();

  await page.getByRole('button', { name: 'Go to cart' }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart.getByRole('listitem', { name: first!.name })).toBeVisible({ timeout: 15_000 });
  await expect(cart.getByRole('listitem', { name: second!.name })).toBeVisible();
});

// covers: 5.quick-order.file-format, 8.quick-order.messages
test('a file that is not a spreadsheet gives the format message', async ({ page }) => {
  await signIn(page, 'buyer');
  const randomBytes = Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256));
  await upload(page, 'broken.xlsx', randomBytes);
  await expect(page.getByRole('alert').filter({ hasText: /incorrect file format/i })).toBeVisible({
    timeout: 15_000,
  });
  // the import area stays for the next try
  await expect(page.locator('input[type="file"]').first()).toBeAttached();
});

/** The rows of the first sheet of a downloaded workbook, as text. */
async function downloadedRows(download: import('@playwright/test').Download): Promise<string[][]> {
  const path = await download.path();
  const book = read(readFileSync(path));
  const sheet = book.Sheets[book.SheetNames[0]!]!;
  return utils.sheet_to_json<string[]>(sheet, { header: 1, raw: false, defval: '' });
}

test('the template and the uploaded sheet with a status column download as workbooks', async ({
  page,
  request,
}) => {
  const [product] = await catalogueProducts(request);
  await signIn(page, 'buyer');

  const templateDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download template' }).first().click();
  const template = await downloadedRows(await templateDownload);
  expect(template[0]?.map((cell) => cell.toLowerCase())).toEqual(
    expect.arrayContaining([expect.stringMatching(/stock code/), expect.stringMatching(/quantity/)]),
  );

  await upload(
    page,
    'mine.xlsx',
    xlsx([
      [product!.stock_code, 1, ''],
      ['NO-SUCH-CODE-42', 1, ''],
    ]),
  );
  await expect(page.getByText('Error in row 3: Invalid stock code.')).toBeVisible({ timeout: 15_000 });
  const statusDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my file with a status column' }).click();
  const rows = await downloadedRows(await statusDownload);
  const statusColumn = rows[0]!.indexOf('Status');
  expect(statusColumn, 'a Status column is added to the header row').toBeGreaterThan(2);
  expect(rows[1]![0]).toBe(product!.stock_code);
  expect(rows[2]![statusColumn]).toMatch(/invalid stock code/i);
  expect(rows[1]![statusColumn]).not.toMatch(/invalid/i);
});

test('pasted lines survive a reload and are checked and added, also right after a refused file', async ({
  page,
  request,
}) => {
  const [first, second] = (await catalogueProducts(request)).filter(
    (product) => product.quantity_in_stock >= 20,
  );
  expect(second, 'the seeded catalogue has two products in stock').toBeDefined();
  const lines = `${first!.stock_code};2\n${second!.stock_code}\t1`;
  await signIn(page, 'buyer');

  await page.getByText('Or type or paste stock codes').click({ timeout: 15_000 });
  await page.getByLabel('Paste lines').click();
  await page.keyboard.insertText(lines);
  await page.reload();
  // the fold-out opens by itself to show what was kept
  await expect(page.getByLabel('Paste lines')).toHaveValue(lines, { timeout: 15_000 });

  // a refused file leaves the whole import area beside its message, the pasted lines included
  await upload(
    page,
    'broken.xlsx',
    Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256)),
  );
  await expect(page.getByRole('alert').filter({ hasText: /incorrect file format/i })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.getByLabel('Paste lines')).toHaveValue(lines);
  await page.getByRole('button', { name: 'Check lines' }).click();

  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible({ timeout: 15_000 });
  const preview = page.getByRole('table', { name: 'Preview' });
  await expect(preview.getByRole('cell', { name: `${first!.stock_code} ${first!.name}` })).toBeVisible();
  await expect(preview.getByRole('cell', { name: `${second!.stock_code} ${second!.name}` })).toBeVisible();
  await page.getByRole('button', { name: 'Add valid rows to cart: 2' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /Products (added to the cart|already in the cart)/ }),
  ).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Go to cart' }).click();
  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart.getByRole('listitem', { name: first!.name })).toBeVisible({ timeout: 15_000 });
  await expect(cart.getByRole('listitem', { name: second!.name })).toBeVisible();
});
