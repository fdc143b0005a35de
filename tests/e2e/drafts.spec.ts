import { expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { fillLogin } from './helpers';

// What a buyer typed survives a reload of the tab (sessionStorage) until it is sent or
// discarded; passwords are never kept.

async function signInAs(page: Page, user: { username: string; password: string }) {
  await page.goto('/');
  await fillLogin(page, user.username, user.password);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
}

test('a half-filled registration comes back after a reload, without the passwords', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/auth\/register\/$/);
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await page.getByRole('radio', { name: 'Private person' }).check();
  await field('Full name').fill('Berta Buyer');
  await field('E-mail address').fill('berta@example.test');
  await field('Phone number').fill('+49 40 123456');
  await field('Password').fill('secret-1');

  await page.reload();
  await expect(page.getByRole('radio', { name: 'Private person' })).toBeChecked();
  await expect(field('Full name')).toHaveValue('Berta Buyer');
  await expect(field('E-mail address')).toHaveValue('berta@example.test');
  await expect(field('Phone number')).toHaveValue('+49 40 123456');
  await expect(field('Password')).toHaveValue('');
  const kept = await page.evaluate(() => JSON.stringify({ ...sessionStorage }));
  expect(kept).not.toContain('secret-1');
});

test('the paste box, the company edit and the address dialog come back after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const { main } = await registerFreshCompany(page, 'drafts');
  await signInAs(page, main);

  // the quick order's paste box
  await page.goto('/settings/quick-order/');
  await page.getByText('Or type or paste stock codes').click();
  await page.getByLabel('Paste lines').fill('DAI-00001;2\nDRI-00012;5');
  await page.reload();
  await expect(page.getByLabel('Paste lines')).toBeVisible();
  await expect(page.getByLabel('Paste lines')).toHaveValue('DAI-00001;2\nDRI-00012;5');

  // the company edit form, until it is cancelled
  await page.goto('/settings/company/');
  const section = page.getByRole('region', { name: 'Company information' });
  await section.getByRole('button', { name: 'Edit company information' }).click();
  await section.getByLabel('Company name').fill('Probe Renamed GmbH');
  await page.reload();
  await expect(section.getByLabel('Company name')).toHaveValue('Probe Renamed GmbH');
  await section.getByRole('button', { name: 'Cancel' }).click();
  await expect(section.getByLabel('Company name')).toHaveCount(0);
  await page.reload();
  await expect(section.getByRole('button', { name: 'Edit company information' })).toBeVisible();
  await expect(section.getByLabel('Company name')).toHaveCount(0);

  // the address dialog
  await page.goto('/settings/addresses/');
  await page.getByRole('button', { name: 'Add delivery address' }).click();
  await page.getByRole('dialog').getByLabel('Address name').fill('Night kitchen');
  await page.getByRole('dialog').getByLabel('City').fill('Hamburg');
  await page.reload();
  const dialog = page.getByRole('dialog', { name: 'New delivery address' });
  await expect(dialog.getByLabel('Address name')).toHaveValue('Night kitchen');
  await expect(dialog.getByLabel('City')).toHaveValue('Hamburg');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
