import { accounts, fillLogin, signIn } from '../e2e/helpers';
import { expect, expectMainLayout, test } from './spec-table';

// SPEC.md point 2 (Login, Home, Header and shell) and point 4 (Session) against a backend that has
// only point 7's calls with point 3's fields (API_PROFILE=spec).

test('a wrong password shows the banner and signs nobody in', async ({ page }) => {
  await page.goto('/');
  await fillLogin(page, 'buyer', 'not-the-password');
  await expect(page.getByRole('alert')).toContainText(
    'Please enter your username and password in the relevant fields.',
  );
  await expect(page.locator('input[name="username"]')).toHaveValue('buyer');
});

test('an inactive user is told to contact the administrator', async ({ page }) => {
  await page.goto('/');
  await fillLogin(page, accounts.inactive.username, accounts.inactive.password);
  await expect(page.getByRole('alert')).toContainText(/administrator/i);
  await expect(page.locator('input[name="username"]')).toBeVisible();
});

test('home shows the campaigns, categories, the 5 latest orders and the product tables', async ({ page }) => {
  await signIn(page, 'buyer');
  await expect(
    page.getByRole('region', { name: 'Campaign banners' }).getByRole('link').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Categories' }).getByRole('link').first()).toBeVisible();
  // the backend answers every order (it has no ?limit): the table still shows the 5 latest
  const latest = page.getByRole('table', { name: 'Latest orders' });
  await expect(latest.getByRole('row').nth(1)).toBeVisible();
  await expect(latest.getByRole('row')).toHaveCount(6);
  // the product tables are drawn once scrolled near (a placeholder holds their place till then, unless
  // they start near): scroll down until the first one shows
  const featured = page.getByRole('table', { name: 'Featured products' }).getByRole('row').nth(1);
  await page.mouse.move(640, 400);
  await expect(async () => {
    await page.mouse.wheel(0, 1500);
    await expect(featured).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('table', { name: 'Newest products' }).getByRole('row').nth(1)).toBeVisible();
  // no load failure anywhere on the screen
  await expect(page.getByText(/Unknown error|could not be loaded/i)).toHaveCount(0);
});

test('logout asks for confirmation and then requires signing in again', async ({ page }) => {
  await signIn(page, 'buyer', { remember: true });
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await fillLogin(page, accounts.buyer.username, accounts.buyer.password);
  await expectMainLayout(page);
});
