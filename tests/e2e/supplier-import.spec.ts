import { expect, type Page, test } from '@playwright/test';
import { mailedCode, openCart, orderFromCart, signInAs } from './helpers';

// The supplier's staff load a customer and its contract prices in the staff console; a price file
// with a bad row is applied all but that row, whose reason the report names. The customer then sees
// its price in the list, the product dialog, the cart and the placed order. The customer is a company
// of this journey's own (made by the customers import), so no other journey's prices move.

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const company = `E2E-${run}`;
const user = { username: `imp${run}`, email: `imp${run}@example.test`, password: 'Imported-2026' };

// Gewürzkontor Hansa Sumach 100 g (seeded, in stock, in no campaign; its stock code is the supplier's
// id): 7 % VAT, no deposit. The company is taxed, so it sees gross prices: 2.00 net is €2.14, 1.80 net
// €1.93 (1.926 to the cent).
const product = { id: 'SPI-00036' };

const customersCsv = [
  'record,id,customer,name,customer_type,email,tax_applies,username,first_name,last_name,language,line1,postal_code,city,country',
  `company,${company},,Imported Kitchen ${run},corporate,${user.email},yes,,,,,,,,`,
  `user,${company}-U1,${company},,,${user.email},,${user.username},Ida,Import,en,,,,`,
  `delivery_address,${company}-D1,${company},Imported Kitchen,,,,,,,,Am Kai 1,20457,Hamburg,DE`,
  `billing_address,${company}-B1,${company},Imported Kitchen GmbH,,,,,,,,Am Kai 1,20457,Hamburg,DE`,
].join('\n');

const pricesCsv = [
  'id,product,customer,min_quantity,price',
  `${company}-P1,${product.id},${company},1,2.00`,
  `${company}-P2,${product.id},${company},24,1.80`,
  `${company}-P3,${product.id},${company},1,one euro`,
].join('\n');

async function uploadFile(page: Page, kind: string, name: string, content: string) {
  await page.getByLabel('What the file holds').selectOption({ label: kind });
  await page.getByLabel('Delta: only the rows in the file change').check();
  await page.getByLabel('File (CSV, XLSX or JSON)').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  // the upload's own job (the recent imports list below says Done of earlier jobs too)
  const upload = page.getByRole('region', { name: 'Load a file' });
  await expect(upload.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  return upload;
}

async function setPasswordByMail(page: Page) {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const headers = { 'X-CSRFToken': csrf };
  const asked = await page.request.post('/api/password-reset/', { headers, data: { email: user.email } });
  expect(asked.status()).toBe(202);
  const code = await mailedCode(page, user.email);
  const confirmed = await page.request.post('/api/password-reset/confirm/', {
    headers,
    data: { email: user.email, code, password: user.password },
  });
  expect(confirmed.status()).toBe(200);
}

test('staff load a price file with a bad row; the customer sees its price from list to order', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/staff');
  await page.getByLabel('User name').fill('staff');
  await page.getByLabel('Password').fill('staff123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Signed in as Supplier staff')).toBeVisible();

  const customers = await uploadFile(page, 'Customers', 'customers.csv', customersCsv);
  await expect(customers.getByText('4 applied')).toBeVisible();
  await page.getByRole('button', { name: 'Upload another file' }).click();

  const prices = await uploadFile(page, 'Prices', 'prices.csv', pricesCsv);
  await expect(prices.getByText('2 applied')).toBeVisible();
  await expect(prices.getByText('1 refused')).toBeVisible();
  const refused = page.getByRole('region', { name: 'Refused rows' });
  await expect(refused.getByRole('row').filter({ hasText: `${company}-P3` })).toContainText('4');
  await expect(refused).toContainText('one euro');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download report' }).click();
  const report = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of report) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  expect(text).toContain(`2,${company}-P1,applied`);
  expect(text).toContain(`4,${company}-P3,refused,price_invalid`);

  await setPasswordByMail(page);
  await signInAs(page, user);

  // the search list: the customer's price, said to be its own, and where it steps down
  await page.getByRole('combobox', { name: 'Search products' }).first().fill(product.id);
  const option = page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option')
    .filter({ hasText: product.id })
    .first();
  await expect(option).toContainText('€2.14');
  await expect(option).toContainText('Your price');
  await option.click();

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Your price');
  await expect(dialog).toContainText('€2.14');
  const steps = dialog.getByRole('region', { name: 'Volume prices' });
  await expect(steps.getByRole('term')).toHaveText('from 24 pieces');
  await expect(steps.getByRole('definition')).toHaveText('€1.93per piece');
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog.getByRole('button', { name: 'In cart' })).toBeDisabled();
  await page.keyboard.press('Escape');

  const drawer = await openCart(page);
  await expect(drawer).toContainText('€2.14');
  const id = await orderFromCart(page, drawer);

  await page.goto(`/orders/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('€2.14');
});
