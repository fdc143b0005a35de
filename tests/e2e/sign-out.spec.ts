import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

const storedRefresh = (page: import('@playwright/test').Page) =>
  page.evaluate(
    () => JSON.parse(localStorage.getItem('portal.credentials') ?? 'null')?.refresh as string | undefined,
  );

test('after signing out, the old refresh token is refused by the server', async ({ page }) => {
  await signIn(page, 'buyer', { remember: true });
  const refresh = await storedRefresh(page);
  expect(refresh).toBeTruthy();

  await page.getByRole('button', { name: 'Logout' }).first().click();
  await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
  await expect(page.locator('input[name="username"]')).toBeVisible();
  expect(await storedRefresh(page)).toBeUndefined();

  // Someone who copied the stored token before the sign-out cannot mint access with it.
  const answer = await page.request.post('/api/token/refresh/', { data: { refresh } });
  expect(answer.status()).toBe(401);
});

test('a refresh token used again after its successor was used ends its whole session (reuse detection)', async ({
  page,
}) => {
  await signIn(page, 'buyer', { remember: true });
  const stolen = await storedRefresh(page);
  // The thief uses the token, then the token it got: the server rotates twice.
  const first = await page.request.post('/api/token/refresh/', { data: { refresh: stolen } });
  expect(first.status()).toBe(200);
  const second = await page.request.post('/api/token/refresh/', {
    data: { refresh: (await first.json()).refresh as string },
  });
  expect(second.status()).toBe(200);
  const rotated = (await second.json()).refresh as string;
  // A token two rotations old is never a second tab's race: it is reuse, and the family is revoked,
  // the thief's newest token too.
  const reuse = await page.request.post('/api/token/refresh/', { data: { refresh: stolen } });
  expect(reuse.status()).toBe(401);
  const thief = await page.request.post('/api/token/refresh/', { data: { refresh: rotated } });
  expect(thief.status()).toBe(401);
  // The customer's tab, holding the stolen token, is asked to sign in again on its next restore.
  await page.reload();
  await expect(page.locator('input[name="username"]')).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('Your session has expired. Please log in again.');
});

test('two tabs refreshing with the same token at once both stay signed in', async ({ page }) => {
  await signIn(page, 'buyer', { remember: true });
  const shared = await storedRefresh(page);
  const [one, two] = await Promise.all([
    page.request.post('/api/token/refresh/', { data: { refresh: shared } }),
    page.request.post('/api/token/refresh/', { data: { refresh: shared } }),
  ]);
  expect([one.status(), two.status()]).toEqual([200, 200]);
  // Both tabs got the same new refresh token, so whichever writes storage last, the session goes on.
  const kept = (await one.json()).refresh as string;
  expect((await two.json()).refresh).toBe(kept);
  const next = await page.request.post('/api/token/refresh/', { data: { refresh: kept } });
  expect(next.status()).toBe(200);
});
