import { expect, test } from '@playwright/test';
import { accounts, fillLogin, signIn } from './helpers';

// covers: 4.session.login-success, 4.session.login-start
test('buyer signs in, lands on home and stays signed in after a reload', async ({ page }) => {
  await signIn(page, 'buyer', { remember: true });
  await expect(page).toHaveURL(/\/$/);
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  await expect(page.locator('input[name="password"]')).toHaveCount(0);
});

test('without Remember Me the session lives in the tab only', async ({ page, context }) => {
  await signIn(page, 'buyer');
  await page.reload();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  const second = await context.newPage();
  await second.goto('/');
  await expect(second.locator('input[name="username"]')).toBeVisible();
});

// covers: 4.session.login-failure, 5.login.no-client-check, 8.login.unauthorized
test('a wrong password shows the banner and keeps the typed username', async ({ page }) => {
  await page.goto('/');
  await fillLogin(page, 'buyer', 'not-the-password');
  const banner = page.getByRole('alert');
  await expect(banner).toContainText('Please enter your username and password in the relevant fields.');
  await expect(page.locator('input[name="username"]')).toHaveValue('buyer');
});

// covers: 4.session.logout-clears
test('logout asks for confirmation and then requires signing in again', async ({ page }) => {
  await signIn(page, 'buyer', { remember: true });
  await page.getByRole('button', { name: 'Logout' }).first().click();
  // Headless UI's dialog element is a zero-size wrapper: look at what the customer sees in it.
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: /cancel/i })).toBeVisible();
  await dialog.getByRole('button', { name: /cancel/i }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await page.reload();
  await expect(page.locator('input[name="username"]')).toBeVisible();
});

// covers: 4.other.inactive-user
test('an inactive user is told to contact the administrator', async ({ page }) => {
  await page.goto('/');
  await fillLogin(page, accounts.inactive.username, accounts.inactive.password);
  await expect(page.getByRole('alert')).toContainText(/administrator/i);
  await expect(page.locator('input[name="username"]')).toBeVisible();
});

test('a demo user sees no Orders or Settings, no cart and no language picker', async ({ page }) => {
  await signIn(page, 'demo');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Products' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Orders', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Settings', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /cart/i })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /language/i })).toHaveCount(0);
});

test('?lng=ar renders right to left in Arabic', async ({ page }) => {
  await page.goto('/?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('input[name="username"]')).toBeVisible();
});

// covers: 8.router.errors
test('an unknown path shows the 404 error page', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/no/such/page');
  await expect(page.getByText('Unexpected Application Error!')).toBeVisible();
  await expect(page.getByText(/No route matches URL/)).toBeVisible();
});

// covers: 4.other.theme
test('the theme toggle switches to dark and is remembered', async ({ page }) => {
  await signIn(page, 'buyer', { remember: true });
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await page
    .getByRole('button', { name: /dark|theme/i })
    .first()
    .click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
});

test('a German account is greeted in German after signing in, and stays so after a reload', async ({
  page,
}) => {
  await page.goto('/');
  await fillLogin(page, accounts.private.username, accounts.private.password, true);
  await expect(page.getByRole('heading', { level: 1, name: /^Willkommen/ })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /^Willkommen/ })).toBeVisible();
});

test('a signed-in customer who opens ?lng=ar reads Arabic: the account language applies at sign-in only', async ({
  page,
}) => {
  await signIn(page, 'buyer', { remember: true });
  await page.goto('/?lng=ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1, name: /مرحب/ })).toBeVisible();
});
