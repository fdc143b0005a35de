import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chromiumFlags } from '../../playwright.config';
import { caseGtin } from '../../server/seed/products';
import { writeBarcodeVideo } from './fixtures/barcode-video';
import { registerFreshCompany } from './fresh-company';
import { openCart, signInAs } from './helpers';

// Scan to order with a fake camera: Chromium plays a rendered ITF-14 of a seeded product's case code
// as its camera. Chromium on Linux has no BarcodeDetector, so zxing-wasm reads the frames (in its
// worker, its .wasm served by the portal itself).

// Seed product 4 (a bakery product in stock, ten pieces to the box): its piece code and its box's code
const PIECE_EAN = '4000000000044';
const BOX_GTIN = caseGtin(1, PIECE_EAN);

const video = join(mkdtempSync(join(tmpdir(), 'scan-video-')), 'box-itf14.y4m');
writeBarcodeVideo(video, BOX_GTIN);

test.use({
  permissions: ['camera'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...chromiumFlags,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  },
});

test('scanning a case code selects the box, and confirming 2 puts 2 boxes in the cart', async ({ page }) => {
  const company = await registerFreshCompany(page, 'scan');
  await signInAs(page, company.main);

  await page.getByRole('button', { name: 'Scan a barcode' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Scan a barcode' });
  // the camera reads the box's code: the product is found with the box selected
  await expect(dialog.getByText('This code is on: box')).toBeVisible({ timeout: 15_000 });
  await expect(dialog.getByRole('combobox', { name: 'Unit' })).toHaveValue('2');
  const name = (await dialog.locator('p.font-semibold').textContent()) ?? '';
  expect(name).toContain('Brötchen');
  const quantity = dialog.getByRole('textbox', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await quantity.fill('2');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText(`Added to the cart: 2 × boxes ${name}`)).toBeVisible();

  const drawer = await openCart(page);
  const line = drawer.getByRole('listitem', { name: new RegExp(name.slice(0, 20)) });
  await expect(line.getByRole('textbox', { name: /Quantity/ })).toHaveValue('2');
  await expect(line.getByRole('combobox', { name: /Unit/ })).toHaveValue('2');
});

test('a typed code is checked: a wrong check digit and an unknown code say so', async ({ page }) => {
  const company = await registerFreshCompany(page, 'scantype');
  await signInAs(page, company.main);

  await page.getByRole('button', { name: 'Scan a barcode' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Scan a barcode' });
  await dialog.getByRole('button', { name: 'Type the code' }).click();
  const box = dialog.getByRole('textbox', { name: 'Barcode number' });
  await box.fill('4000000000045');
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Not a product barcode (check digit): 4000000000045');

  await dialog.getByRole('button', { name: 'Type the code' }).click();
  await box.fill('4000009999998');
  await dialog.getByRole('button', { name: 'Find' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('No product has the code 4000009999998');

  // closing the dialog turns the camera off and adds nothing
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
});
