import { expect, type Page } from '@playwright/test';

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
