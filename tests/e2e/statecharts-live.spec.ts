import { expect, type Page, test } from '@playwright/test';
import { fillLogin } from './helpers';

/** The owner reviews flows (can_review_flows); the studio's own tab runs a portal too. */
async function openLiveView(page: Page) {
  await page.goto('/');
  await fillLogin(page, 'owner', 'owner123');
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  await page.goto('/statecharts/live/');
  await expect(page.getByRole('heading', { name: 'Live', level: 1 })).toBeVisible();
}

/** Puts a product in the cart from the header search (if it is not there yet) and opens the cart. */
async function openCartWith(page: Page, query: string) {
  await page.getByRole('combobox', { name: 'Search products' }).first().fill(query);
  await page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option')
    .filter({ hasText: query })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  const add = dialog.getByRole('button', { name: 'Add to cart' });
  const inCart = dialog.getByRole('button', { name: 'In cart' });
  await expect(add.or(inCart)).toBeVisible();
  if (await add.isVisible()) {
    await expect(add).toBeEnabled();
    await add.click();
    await expect(inCart).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('heading', { name: 'Cart' })).toBeVisible();
  return drawer;
}

test('the live view follows a real sign-in and a cart change made in a second tab', async ({
  context,
}, testInfo) => {
  test.setTimeout(90_000);
  const studio = await context.newPage();
  await studio.setViewportSize({ width: 1280, height: 900 });
  await openLiveView(studio);
  // the studio's own portal is left out: nothing to follow yet
  await expect(studio.getByRole('heading', { name: 'No portal tab is answering yet' })).toBeVisible();
  await expect(studio.getByRole('link', { name: 'Open the portal in a new tab' })).toHaveAttribute(
    'href',
    '/',
  );

  // a second tab of the same browser: its session lives in that tab (no Remember Me), so it starts signed out
  const customer = await context.newPage();
  await customer.goto('/');
  await expect(customer.locator('input[name="username"]')).toBeVisible();

  const actors = studio.getByRole('list', { name: 'Actors' });
  const session = actors.getByRole('button', { name: /^Session/ });
  await expect(studio.getByText(/^Following portal tab \w+$/)).toBeVisible({ timeout: 10_000 });
  await expect(session).toContainText('new');

  // signed in in the same page (a new page load would be a new portal tab, which a studio hears only from its next hello)
  await fillLogin(customer, 'buyer', 'buyer123');
  await expect(customer.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
  await expect(session).toContainText('resolved.active');
  const log = studio.getByRole('table', { name: 'Last events' });
  await expect(log.getByRole('row', { name: /session\s*session\.login/ }).first()).toBeVisible();
  // never a payload: the password is nowhere in the studio
  await expect(studio.getByText('buyer123')).toHaveCount(0);
  await expect(
    actors.getByRole('button', { name: /^Cart\s*(new|loading|resolved|reloading)/ }),
  ).toBeVisible();

  const drawer = await openCartWith(customer, 'Ayran');
  const line = actors.getByRole('button', { name: /^Cart line, product \d+/ }).first();
  await expect(line).toContainText('editable.save.idle');
  await line.click();
  await expect(line).toHaveAttribute('aria-pressed', 'true');

  await drawer
    .getByRole('listitem', { name: /Ayran/ })
    .getByRole('button', { name: /increase/i })
    .click();
  await expect(log.getByRole('row', { name: /line\.\d+\s*line\.increased/ }).first()).toBeVisible();
  // the line's save went out and came back: it passed through debouncing and saving to idle again
  await expect(
    log.getByRole('row', { name: /line\.\d+\s*xstate\.done\.actor\.saveLine/ }).first(),
  ).toBeVisible({
    timeout: 10_000,
  });
  await expect(line).toContainText('editable.save.idle');
  await expect(studio.locator('[data-state-id="cartLine.editable.save.idle"]')).toHaveAttribute(
    'data-active',
    'true',
  );

  // mid-journey, as a product owner sees it (light and dark)
  await studio.screenshot({ path: testInfo.outputPath('live-1280-light.png'), fullPage: true });
  await studio.evaluate(() => document.documentElement.classList.add('dark'));
  await studio.screenshot({ path: testInfo.outputPath('live-1280-dark.png'), fullPage: true });
  await studio.evaluate(() => document.documentElement.classList.remove('dark'));
  await studio.setViewportSize({ width: 390, height: 844 });
  await expect(line).toBeVisible();
  await studio.screenshot({ path: testInfo.outputPath('live-390-light.png'), fullPage: true });
  await studio.setViewportSize({ width: 1280, height: 900 });

  // the customer's tab closes: the studio marks it gone and keeps its last states
  await customer.close();
  await expect(studio.getByText(/^Portal tab \w+ has gone quiet$/)).toBeVisible({ timeout: 10_000 });
  await expect(session).toContainText('resolved.active');
});
