import { expect, type Page, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { fillLogin } from './helpers';

// A daily buyer orders straight from the list rows — type, Enter, next row — never a dialog.

async function signInAs(page: Page, user: { username: string; password: string }) {
  await page.goto('/');
  await fillLogin(page, user.username, user.password);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
}

const focusedLabel = (page: Page) =>
  page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');

test('order five products from the product list without opening a dialog', async ({ page }) => {
  test.setTimeout(90_000);
  const company = await registerFreshCompany(page, 'desk');
  await signInAs(page, company.main);
  await page.goto('/products/');
  const list = page.getByRole('main').getByRole('list').first();
  const firstBox = list
    .getByRole('textbox', { name: /^Quantity of / })
    .and(page.locator(':enabled'))
    .first();
  await expect(firstBox).toBeVisible();
  await firstBox.focus();

  const ordered: { name: string; quantity: string }[] = [];
  for (const quantity of ['3', '1', '2', '4', '5']) {
    const label = await focusedLabel(page);
    expect(label).toMatch(/^Quantity of /);
    const name = label.replace(/^Quantity of /, '');
    // the box's text is selected when focus arrives: typing replaces it
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(quantity);
    await page.keyboard.press('Enter');
    ordered.push({ name, quantity });
    // Enter moved on to the next row's box
    await expect.poll(() => focusedLabel(page)).not.toBe(label);
  }
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cart, 5 items' })).toBeVisible();

  // each row is a cart row now: its box shows the cart's quantity, with the "In cart" mark
  for (const { name, quantity } of ordered) {
    const box = list.getByRole('textbox', { name: `Quantity of ${name}`, exact: true });
    await expect(box).toHaveValue(quantity);
    const row = list
      .getByRole('listitem')
      .filter({ has: page.getByRole('textbox', { name: `Quantity of ${name}`, exact: true }) });
    await expect(row.getByText('In cart')).toBeVisible();
  }

  // a change in a row is the cart line's own: the drawer shows it
  const first = ordered[0]!;
  const box = list.getByRole('textbox', { name: `Quantity of ${first.name}`, exact: true });
  const saved = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('cart'));
  await box.fill('7');
  expect((await saved).ok()).toBe(true);
  await page.getByRole('button', { name: 'Cart, 5 items' }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  const line = drawer.getByRole('listitem', { name: first.name });
  await expect(line.getByRole('textbox')).toHaveValue('7');
  for (const { name } of ordered.slice(1)) await expect(drawer.getByRole('listitem', { name })).toBeVisible();
});
