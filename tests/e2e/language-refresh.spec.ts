import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers';

/** Leaves the shared demo account in English, as the other journeys expect it. */
async function backToEnglish(page: Page) {
  const menuButton = page.getByRole('button', { name: /^(Sprache|Language): / });
  if ((await menuButton.getAttribute('aria-label')) === 'Language: English') return;
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();
}

// The home's texts from the server (category names, announcements, notifications) follow
// a language switch at once, without a reload, and the old texts stay on screen until the new arrive.
test('after switching to Deutsch the home shows the server texts in German without a reload', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await expect(page.getByRole('link', { name: 'Dairy & Cheese' })).toBeVisible();
  await expect(page.getByText('Holiday delivery schedule').first()).toBeVisible();

  const reloads: string[] = [];
  page.on('load', () => reloads.push(page.url()));
  try {
    const menuButton = page.getByRole('button', { name: 'Language: English' });
    await expect(menuButton).toBeEnabled();
    await menuButton.click();
    await page.getByRole('menuitem', { name: 'Deutsch' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');

    // the seeded German names (server/seed/translations.ts), asked for again in German
    await expect(page.getByRole('link', { name: 'Milchprodukte & Käse' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Erfrischungsgetränke & Wasser' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Dairy & Cheese' })).toHaveCount(0);
    await expect(page.getByText('Lieferplan an Feiertagen').first()).toBeVisible();
    await expect(page.getByText('Holiday delivery schedule')).toHaveCount(0);

    await page.getByRole('button', { name: /^Benachrichtigungen/ }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByText('Ihre Bestellung ist unterwegs')).toBeVisible();
    await expect(drawer.getByText('Your order is on its way')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // all of it without loading the page again
    expect(reloads).toEqual([]);
  } finally {
    await backToEnglish(page);
  }
  await expect(page.getByRole('link', { name: 'Dairy & Cheese' })).toBeVisible();
});
