import { expect, test } from '@playwright/test';
import { registerFreshCompany } from './fresh-company';
import { fillLogin, signIn } from './helpers';

// The supplier's documents and the announcements on the home screen.

test('documents: filtered by type in the address, downloaded as a PDF and opened in a new tab', async ({
  page,
}) => {
  await signIn(page, 'buyer');
  await page.getByRole('navigation').getByRole('link', { name: 'Documents' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible();
  // the radios are drawn as labelled chips: the customer clicks the chip
  await page.getByRole('group', { name: 'Document type' }).getByText('Price lists', { exact: true }).click();
  await expect(page).toHaveURL(/\/documents\/\?type=price_list$/);
  const rows = page.getByRole('table').getByRole('row');
  // the header row, the list for every customer and the buyer company's own price agreement
  await expect(rows).toHaveCount(3);
  const agreement = page.getByRole('button', { name: /^Download Price agreement/ });

  const download = page.waitForEvent('download');
  await agreement.click();
  expect((await download).suggestedFilename()).toMatch(/\.pdf$/);

  const opened = page.context().waitForEvent('page');
  await page.getByRole('button', { name: /^Open Price agreement/ }).click();
  const tab = await opened;
  await expect.poll(() => tab.url()).toMatch(/^blob:/);

  // a reload keeps the filter
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Price lists' })).toBeChecked();
});

test('announcements: a warning on the home screen is marked read and folds to one line', async ({ page }) => {
  const company = await registerFreshCompany(page, 'news');
  await page.goto('/');
  await fillLogin(page, company.main.username, company.main.password);
  const announcements = page.getByRole('region', { name: 'Announcements' });
  const maintenance = announcements.getByRole('article', { name: 'Maintenance on Sunday night' });
  await expect(maintenance).toBeVisible();
  await maintenance.getByRole('button', { name: 'Mark as read' }).click();
  const folded = announcements.getByRole('button', { name: /Maintenance on Sunday night/ });
  await expect(folded).toHaveAttribute('aria-expanded', 'false');
  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Announcements' })
      .getByRole('button', { name: /Maintenance on Sunday night/ }),
  ).toBeVisible();
});
