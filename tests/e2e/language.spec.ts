import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// Spec point 4: the header's language dropdown changes the account's language, signs in again for the
// new claim and switches the interface at once; the choice survives a reload.
// covers: 4.other.language-relogin
test('buyer switches to Deutsch and to العربية in the header, and back to English', async ({ page }) => {
  await signIn(page, 'buyer', { remember: true });
  const menuButton = page.getByRole('button', { name: 'Language: English' });
  await expect(menuButton).toBeEnabled();
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();

  const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(nav.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');

  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Einstellungen' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
  await page.getByRole('menuitem', { name: 'العربية' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  // right to left: the side menu sits at the right edge of the window
  const sidebar = page.getByRole('navigation', { name: 'القائمة الرئيسية' });
  const box = await sidebar.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box && box.x + box.width).toBeGreaterThan(width - 5);

  // leave the shared demo account as the other journeys expect it
  await page.getByRole('button', { name: /^اللغة: / }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();
});
