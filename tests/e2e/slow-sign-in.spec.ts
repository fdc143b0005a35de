import { expect, type Page, type Route, test } from '@playwright/test';
import { accounts, fillLogin, signIn } from './helpers';

/** Matches the app's SLOW_ANSWER_MS (src/machines/kernel/slow-answer.ts); the page's clock is moved on by it. */
const SLOW_ANSWER_MS = 10_000;

/**
 * Holds every request to `path` unanswered (a server that hangs) until `release()`; later requests go
 * through. `held` resolves once the first request has arrived, so the clock is moved on only then.
 */
async function hang(page: Page, path: string) {
  let holding = true;
  let arrived!: () => void;
  const held = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  await page.route(`**${path}`, async (route: Route) => {
    if (holding) {
      arrived();
      return; // never answered: the request hangs until the page aborts it
    }
    await route.continue();
  });
  return {
    held,
    release: () => {
      holding = false;
    },
  };
}

const home = (page: Page) => page.getByRole('navigation').getByRole('link', { name: 'Home' }).first();

test('a hanging sign-in says it is taking longer; Cancel keeps the username, and signing in again works', async ({
  page,
}) => {
  await page.clock.install();
  const token = await hang(page, '/api/token/');
  await page.goto('/');
  await fillLogin(page, accounts.buyer.username, accounts.buyer.password);
  await token.held;
  await expect(page.getByRole('button', { name: 'Log in' })).toBeDisabled();

  await page.clock.fastForward(SLOW_ANSWER_MS);
  await expect(page.getByText('Signing in is taking longer than usual.')).toBeVisible();
  const aborted = page.waitForEvent('requestfailed', (request) => request.url().endsWith('/api/token/'));
  await page.getByRole('button', { name: 'Cancel' }).click();
  // Cancel aborts the request itself, not only the wait for it
  expect((await aborted).failure()?.errorText).toMatch(/abort/i);

  await expect(page.getByText('Signing in was cancelled. You can log in again.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await expect(page.locator('input[name="username"]')).toHaveValue(accounts.buyer.username);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeEnabled();

  token.release();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(home(page)).toBeVisible();
});

test('a hanging restore at start can be cancelled; the remembered sign-in is kept and Try again restores it', async ({
  page,
}) => {
  await signIn(page, 'buyer', { remember: true });
  const stored = await page.evaluate(() => localStorage.getItem('portal.credentials'));
  expect(stored).not.toBeNull();

  await page.clock.install();
  const refresh = await hang(page, '/api/token/refresh/');
  await page.reload();
  await refresh.held;
  await expect(page.getByText('Checking your session…')).toBeVisible();

  await page.clock.fastForward(SLOW_ANSWER_MS);
  await expect(page.getByText('Checking your session is taking longer than usual.')).toBeVisible();
  const aborted = page.waitForEvent('requestfailed', (request) =>
    request.url().endsWith('/api/token/refresh/'),
  );
  await page.getByRole('button', { name: 'Cancel' }).click();
  expect((await aborted).failure()?.errorText).toMatch(/abort/i);

  await expect(page.getByRole('heading', { name: 'B2B LOGIN' })).toBeVisible();
  await expect(
    page.getByText('Checking your saved sign-in was cancelled. Log in, or try again.'),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('portal.credentials'))).toBe(stored);

  refresh.release();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(home(page)).toBeVisible();
});
