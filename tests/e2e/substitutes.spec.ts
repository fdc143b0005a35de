import { expect, type Page, test } from '@playwright/test';
import { accounts, addFromSearch, openCart, orderFromCart, signInAs } from './helpers';

// A line in the cart runs out: the supplier's products import sets its stock to 0 and names a
// substitute for it (the import's substitutes column). The buyer's cart offers the substitute with
// its reason, price and stock; the buyer takes it and orders, and the order says what was asked for
// and what was taken instead. The two products are this journey's own, made by the same import.

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const primary = { id: `SUBA-${run}`, name: `Quittengelee Hofgut ${run}` };
const substitute = { id: `SUBB-${run}`, name: `Quittengelee Klostergarten ${run}` };

const productsCsv = (primaryStock: number) =>
  [
    'id,name,brand,category,warehouse,price,tax_rate_percent,quantity_in_stock,substitutes',
    `${substitute.id},${substitute.name},Klostergarten,Pantry & Dry Goods,Hamburg Central,3.40,7,50,`,
    `${primary.id},${primary.name},Hofgut,Pantry & Dry Goods,Hamburg Central,3.10,7,${primaryStock},"${substitute.id}=Same jelly, other orchard"`,
  ].join('\n');

async function importProducts(page: Page, primaryStock: number) {
  await page.goto('/staff');
  const signIn = page.getByRole('button', { name: 'Sign in' });
  const signedIn = page.getByText('Signed in as Supplier staff');
  // the console keeps its session across visits: sign in on the first only
  await expect(signIn.or(signedIn)).toBeVisible();
  if (await signIn.isVisible()) {
    await page.getByLabel('User name').fill('staff');
    await page.getByLabel('Password').fill('staff123');
    await signIn.click();
  }
  await expect(signedIn).toBeVisible();
  await page.getByLabel('What the file holds').selectOption({ label: 'Products' });
  await page.getByLabel('Delta: only the rows in the file change').check();
  await page.getByLabel('File (CSV, XLSX or JSON)').setInputFiles({
    name: 'products.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(productsCsv(primaryStock)),
  });
  await page.getByRole('button', { name: 'Upload' }).click();
  const upload = page.getByRole('region', { name: 'Load a file' });
  await expect(upload.getByText('Done', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(upload.getByText('No row was refused.')).toBeVisible();
}

test('a buyer takes a substitute for a line that ran out, and the order says what it replaced', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await importProducts(page, 10);

  await signInAs(page, accounts.buyer);
  await addFromSearch(page, primary.name, '2');

  // the supplier sells out of it meanwhile
  await importProducts(page, 0);
  await page.goto('/');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();

  const drawer = await openCart(page);
  const line = drawer.getByRole('listitem', { name: primary.name });
  const offer = line.getByRole('region', { name: `Substitutes for ${primary.name}` });
  await expect(offer).toContainText('Out of stock');
  await expect(offer).toContainText(substitute.name);
  await expect(offer).toContainText('Same jelly, other orchard');
  await expect(offer).toContainText('50 in stock');
  await expect(offer).toContainText('€3.64');

  await offer.getByRole('button', { name: `Take ${substitute.name} instead` }).click();
  await expect(drawer.getByRole('listitem', { name: substitute.name })).toBeVisible();
  await expect(drawer.getByRole('listitem', { name: primary.name })).toHaveCount(0);

  const id = await orderFromCart(page, drawer);
  await page.goto(`/orders/${id}`);
  await expect(page.getByRole('heading', { level: 1, name: `Order #${id}` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: substitute.name });
  await expect(row).toContainText(`instead of ${primary.name}`);
  await expect(row).toContainText('2');
});
