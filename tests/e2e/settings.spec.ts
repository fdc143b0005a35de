import { expect, type Page, test } from '@playwright/test';
import { fillLogin, signIn } from './helpers';

const settingsTabs = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

test('buyer adds a delivery address, finds it after a reload, edits and deletes it', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/settings/addresses/');
  await page.getByRole('button', { name: 'Add delivery address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Address name').fill('Night kitchen');
  await dialog.getByLabel('Address line 1').fill('Spaldingstraße 64');
  await dialog.getByLabel('City').fill('Hamburg');
  await dialog.getByLabel('Country').fill('Germany');
  await dialog.getByLabel('Postal code').fill('20097');
  await dialog.getByLabel('Delivery instructions').fill('Ramp 3, after 22:00 only');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Night kitchen')).toBeVisible();

  await page.reload();
  await expect(page.getByText('Night kitchen')).toBeVisible();
  await expect(page.getByText('Instructions: Ramp 3, after 22:00 only')).toBeVisible();

  await page.getByRole('button', { name: 'Edit address Night kitchen' }).click();
  await page.getByRole('dialog').getByLabel('Address name').fill('Night kitchen, Ramp 3');
  await page.getByRole('dialog').getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Night kitchen, Ramp 3')).toBeVisible();

  await page.getByRole('button', { name: 'Delete address Night kitchen, Ramp 3' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete address?');
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Night kitchen, Ramp 3')).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Delivery addresses' })).toBeVisible();
  await expect(page.getByText('Night kitchen')).toHaveCount(0);
});

test('buyer creates a user who then signs in', async ({ page, browser }) => {
  const username = `lena${Date.now() % 1_000_000}`;
  await signIn(page, 'buyer');
  await page.goto('/settings/users/');
  await page.getByRole('link', { name: 'New user' }).click();
  await expect(page).toHaveURL(/\/settings\/users\/new\/$/);
  await page.getByLabel('Username').fill(username);
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(`${username}@lindenhof.example`);
  await page.getByLabel('First name').fill('Lena');
  await page.getByLabel('Last name').fill('Brandt');
  await page.getByLabel('Set an initial password').check();
  await page.locator('input[type="password"]').fill('lena-start-1');
  await page.getByRole('button', { name: 'Create user' }).click();
  await expect(page.getByText('User created.')).toBeVisible();

  const other = await browser.newPage();
  await other.goto(page.url().replace(/\/settings.*/, '/'));
  await fillLogin(other, username, 'lena-start-1');
  await expect(other.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  await other.close();
});

test('buyer deactivates colleague, whose next sign-in shows the inactive message', async ({
  page,
  browser,
}) => {
  await signIn(page, 'buyer');
  await page.goto('/settings/users/');
  await page.getByRole('link', { name: /Jonas Weber/ }).click();
  await page.getByRole('button', { name: 'Deactivate' }).click();
  await expect(page.getByText('This user is deactivated and cannot sign in.')).toBeVisible();

  const colleague = await browser.newPage();
  await colleague.goto(page.url().replace(/\/settings.*/, '/'));
  await fillLogin(colleague, 'colleague', 'colleague123');
  await expect(colleague.getByRole('alert')).toContainText('contact the administrator');

  // leave the demo data as the other journeys expect it
  await page.getByRole('button', { name: 'Reactivate' }).click();
  await expect(page.getByText('This user can sign in.')).toBeVisible();
  await fillLogin(colleague, 'colleague', 'colleague123');
  await expect(colleague.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  await colleague.close();
});

test('colleague reads the company information but manages no users', async ({ page }) => {
  await signIn(page, 'colleague');
  await page.goto('/settings/company/');
  await expect(page.getByText('Lindenhof Gastro GmbH')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit company information' })).toHaveCount(0);
  await expect(settingsTabs(page).getByRole('link', { name: 'Users' })).toHaveCount(0);
  await page.goto('/settings/users/');
  await expect(page.getByText('403')).toBeVisible();
});
