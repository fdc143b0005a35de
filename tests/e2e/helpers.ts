import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

export const accounts = {
  buyer: { username: 'buyer', password: 'buyer123' },
  colleague: { username: 'colleague', password: 'colleague123' },
  other: { username: 'other', password: 'other123' },
  demo: { username: 'demo', password: 'demo123' },
  inactive: { username: 'inactive', password: 'inactive123' },
  private: { username: 'private', password: 'private123' },
  owner: { username: 'owner', password: 'owner123' },
} as const;

export async function fillLogin(page: Page, username: string, password: string, remember = false) {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  if (remember) await page.getByRole('checkbox', { name: /remember me/i }).check();
  await page.getByRole('button', { name: /^(log ?in|sign in)$/i }).click();
}

/** Signs in from a fresh page and waits for the main layout. */
export async function signIn(
  page: Page,
  account: keyof typeof accounts,
  options: { remember?: boolean } = {},
) {
  await page.goto('/');
  const { username, password } = accounts[account];
  await fillLogin(page, username, password, options.remember ?? false);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
}

/** The two themes, as the preferences store keeps them in localStorage (`portal.theme`). */
export const themes = ['light', 'dark'] as const;
type ThemeName = (typeof themes)[number];

/** Starts every page of this test in the given theme, as if the user had chosen it earlier. */
export async function useTheme(page: Page, theme: ThemeName) {
  await page.addInitScript((chosen) => localStorage.setItem('portal.theme', chosen), theme);
}

/** One axe finding, short enough to read in a failed assertion: screen, rule, impact and the elements. */
export interface AxeViolationReport {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe on the page as it is now (every rule axe runs by default: WCAG 2.0/2.1/2.2 A and AA,
 * colour contrast included, and its best practices) and returns what it reports.
 */
export async function axeViolations(page: Page, screen: string): Promise<AxeViolationReport[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    screen,
    rule: violation.id,
    impact: violation.impact ?? '',
    help: violation.help,
    targets: violation.nodes.map(
      (node) =>
        `${node.target.join(' ')}${node.failureSummary ? ` — ${node.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`,
    ),
  }));
}

/** The latest security code the developer mailbox holds for the address. */
export async function mailedCode(page: Page, email: string): Promise<string> {
  const answer = await page.request.get('/dev/mailbox/messages.json');
  expect(answer.ok()).toBe(true);
  const mails = (await answer.json()) as Array<{ to: string; text: string }>;
  // the mailbox lists the newest mail first
  const code = mails.find((mail) => mail.to === email)?.text.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

/** Signs in on a phone-sized page (the main menu is in a drawer there) and waits for the layout. */
export async function signInOnPhone(page: Page, account: keyof typeof accounts) {
  await page.goto('/');
  const { username, password } = accounts[account];
  await fillLogin(page, username, password);
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
}

/** Signs a fresh company's user in from a fresh page and waits for the main layout. */
export async function signInAs(page: Page, user: { username: string; password: string }) {
  await page.goto('/');
  await fillLogin(page, user.username, user.password);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();
}

/** Finds a product with the header search and adds it (`quantity` of it, if given) from the product dialog, which it closes. */
export async function addFromSearch(page: Page, query: string, quantity?: string) {
  await page.getByRole('combobox', { name: 'Search products' }).first().fill(query);
  await page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option')
    .filter({ hasText: query })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  if (quantity !== undefined) await dialog.getByRole('textbox', { name: /Quantity/ }).fill(quantity);
  const add = dialog.getByRole('button', { name: 'Add to cart' });
  await expect(add).toBeEnabled();
  await add.click();
  await expect(dialog.getByRole('button', { name: 'In cart' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/** Opens the cart drawer from the header and answers it. */
export async function openCart(page: Page) {
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  await expect(drawer.getByRole('heading', { name: 'Cart' })).toBeVisible();
  return drawer;
}

/** Orders what the open cart drawer holds on the preselected day and answers the order's number. */
export async function orderFromCart(page: Page, drawer: Locator): Promise<number> {
  await drawer.getByRole('button', { name: 'Order' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your order' })
    .getByRole('button', { name: 'Confirm order' })
    .click();
  await expect(drawer.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const id = Number(((await drawer.getByText(/^#\d+$/).textContent()) ?? '').slice(1));
  await page.keyboard.press('Escape');
  return id;
}
