import { expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import {
  type AxeViolationReport,
  axeViolations,
  fillLogin,
  mailedCode,
  signIn,
  signInOnPhone,
  themes,
  useTheme,
} from './helpers';

// Axe (every rule it runs by default: WCAG 2.x A/AA, colour contrast included, and its best
// practices) finds nothing on any screen, in the light theme and the dark one. Each journey walks its
// screens and collects what axe reports, so one run names every screen and rule that fails.

test.use({ reducedMotion: 'reduce' });

/** Waits until the screen has settled (no loading indicator, its heading shown). */
async function settled(page: Page, heading?: string | RegExp) {
  if (heading) await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  else await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
}

/** Waits for an open dialog (drawer, modal) to be fully shown: its title visible, its transitions done. */
async function dialogShown(page: Page, name?: string | RegExp) {
  const dialog = page.getByRole('dialog', name ? { name } : {}).last();
  // a drawer's dialog element is a zero-size wrapper; its title shows that the panel is in
  await expect(dialog.getByRole('heading').first()).toBeVisible();
  // finite transitions only: a spinner's endless animation never finishes
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished),
    ),
  );
  await expect(dialog.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
  return dialog;
}

for (const theme of themes) {
  test.describe(`axe, ${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await useTheme(page, theme);
    });

    test(`signed out: login, password reset steps, registration (${theme})`, async ({ page }) => {
      test.setTimeout(90_000);
      const found: AxeViolationReport[] = [];
      const check = async (screen: string) =>
        found.push(...(await axeViolations(page, `${screen} (${theme})`)));

      await page.goto('/');
      await expect(page.locator('input[name="username"]')).toBeVisible();
      await check('login');

      // a refused sign-in shows the error banner
      await fillLogin(page, 'nobody', 'wrong-password');
      await expect(page.getByRole('alert')).toBeVisible();
      await check('login, refused');

      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      await expect(page).toHaveURL(/\/auth\/forgot-password\/$/);
      await settled(page);
      await check('forgot password');

      const email = 'maria.keller@lindenhof-gastro.example';
      await page.getByLabel('E-mail address').fill(email);
      await page.getByRole('button', { name: 'Send code' }).click();
      await expect(page).toHaveURL(/\/auth\/secure-code\/$/);
      await settled(page);
      await check('security code');

      await page.getByLabel('Security code').fill(await mailedCode(page, email));
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page).toHaveURL(/\/auth\/new-password\/$/);
      await settled(page);
      await check('new password');

      await page.goto('/auth/register/');
      await settled(page);
      await check('registration');
      // submitted empty, every field shows its error
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
      await check('registration, errors');

      expect(found).toEqual([]);
    });

    test(`signed in: home, products, search results, catalog, campaigns (${theme})`, async ({ page }) => {
      test.setTimeout(120_000);
      const found: AxeViolationReport[] = [];
      const check = async (screen: string) =>
        found.push(...(await axeViolations(page, `${screen} (${theme})`)));
      await signIn(page, 'buyer');
      await settled(page);
      await check('home');

      await page.goto('/products/');
      await settled(page);
      await expect(page.getByRole('list', { name: 'Products' }).getByRole('button').first()).toBeVisible();
      await check('products');

      await page.goto('/products/?q=gouda');
      await settled(page);
      await expect(page.getByRole('main').getByText(/gouda/i).first()).toBeVisible();
      await check('search results');

      // the search panel of the header, open with its results
      await page.getByLabel('Search products').first().fill('kase');
      await expect(page.getByRole('listbox').getByRole('option').first()).toBeVisible();
      await check('search panel');
      await page.getByRole('listbox').getByRole('option').first().click();
      await dialogShown(page);
      await check('product dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/catalog/');
      await settled(page);
      await check('catalog');
      await page.getByRole('main').getByRole('link').first().click();
      await settled(page);
      await check('catalog detail');

      await page.goto('/campaigns/');
      await settled(page);
      await check('campaigns');
      await page.getByRole('main').getByRole('link').first().click();
      await settled(page);
      await check('campaign');

      expect(found).toEqual([]);
    });

    test(`phone layout (390 px): home, menu drawer, products, order detail (${theme})`, async ({ page }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width: 390, height: 844 });
      const found: AxeViolationReport[] = [];
      const check = async (screen: string) =>
        found.push(...(await axeViolations(page, `${screen} at 390 px (${theme})`)));
      await page.goto('/');
      await expect(page.locator('input[name="username"]')).toBeVisible();
      await check('login');
      await signInOnPhone(page, 'buyer');
      await settled(page);
      await check('home');

      await page.getByRole('button', { name: 'Open menu' }).click();
      await dialogShown(page);
      await check('menu drawer');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/products/?q=gouda');
      await settled(page);
      await expect(page.getByRole('main').getByText(/gouda/i).first()).toBeVisible();
      await check('search results');

      await page.goto('/orders/');
      await settled(page);
      await page.getByRole('main').getByRole('link', { name: /\d/ }).first().click();
      await settled(page);
      await check('order detail');

      expect(found).toEqual([]);
    });

    test(`a cart with a line: drawer, order confirmation, confirm dialogs (${theme})`, async ({ page }) => {
      test.setTimeout(90_000);
      const found: AxeViolationReport[] = [];
      const check = async (screen: string) =>
        found.push(...(await axeViolations(page, `${screen} (${theme})`)));
      // a company of its own: the demo buyer's cart stays empty for the other journeys
      const company = await registerFreshCompany(page, `axe${theme}`);
      await page.goto('/');
      await fillLogin(page, company.main.username, company.main.password);
      await settled(page);

      await page.getByLabel('Search products').first().fill('Ayran');
      await page.getByRole('listbox').getByRole('option').filter({ hasText: 'Ayran' }).first().click();
      const product = await dialogShown(page);
      await product.getByRole('button', { name: 'Add to cart' }).click();
      await expect(product.getByRole('button', { name: 'Go to cart' })).toBeVisible();
      await check('product dialog, in cart');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
      const cart = await dialogShown(page, 'Cart');
      await expect(cart.getByRole('listitem', { name: /Ayran/ })).toBeVisible();
      await check('cart drawer with a line');

      await cart.getByRole('button', { name: /^Remove .*Ayran/ }).click();
      await dialogShown(page, 'Remove this item?');
      await check('remove confirmation');
      await page
        .getByRole('dialog', { name: 'Remove this item?' })
        .getByRole('button', { name: 'Cancel' })
        .click();
      await expect(page.getByRole('dialog', { name: 'Remove this item?' })).toHaveCount(0);

      await cart.getByRole('button', { name: 'Order' }).click();
      await dialogShown(page, 'Confirm your order');
      await check('order confirmation');

      expect(found).toEqual([]);
    });

    test(`signed in: orders, cart, notifications, favourites, documents, settings (${theme})`, async ({
      page,
    }) => {
      test.setTimeout(150_000);
      const found: AxeViolationReport[] = [];
      const check = async (screen: string) =>
        found.push(...(await axeViolations(page, `${screen} (${theme})`)));
      await signIn(page, 'buyer');

      await page.goto('/orders/');
      await settled(page);
      await check('orders, open');
      await page.getByRole('tab', { name: /closed/i }).click();
      await settled(page);
      await check('orders, closed');
      await page.getByRole('main').getByRole('link', { name: /\d/ }).first().click();
      await settled(page);
      await check('order detail');

      await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
      await dialogShown(page, 'Cart');
      await check('cart drawer');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page
        .getByRole('button', { name: /notification/i })
        .first()
        .click();
      const drawer = await dialogShown(page);
      await check('notification drawer');
      await drawer.getByRole('link').first().click();
      await settled(page);
      await check('notification detail');
      // the one just opened is read now: read notifications have their own (muted) look
      await page
        .getByRole('button', { name: /notification/i })
        .first()
        .click();
      await dialogShown(page);
      await check('notification drawer, one read');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/favourites/');
      await settled(page, 'Favourite lists');
      await check('favourite lists');
      await page.getByRole('main').getByRole('link', { name: 'Weekly order' }).first().click();
      await settled(page, 'Weekly order');
      await check('favourite list');

      await page.goto('/documents/');
      await settled(page);
      await check('documents');

      for (const section of ['', 'company/', 'addresses/', 'users/', 'users/new/', 'account/', 'language/']) {
        await page.goto(`/settings/${section}`);
        await settled(page);
        await check(`settings ${section || 'index'}`);
      }
      await page.goto('/settings/quick-order/');
      await settled(page);
      await check('quick order');

      for (const [screen, path] of [
        ['statechart studio', '/statecharts/'],
        ['statechart diagram', '/statecharts/session/'],
        ['statechart simulation', '/statecharts/checkout/simulate/'],
        ['statechart live view', '/statecharts/live/'],
      ] as const) {
        await page.goto(path);
        await settled(page);
        await check(screen);
      }

      await page.goto('/no-such-page/');
      await settled(page);
      await check('not found');

      expect(found).toEqual([]);
    });
  });
}
