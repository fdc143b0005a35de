import type { Page } from '@playwright/test';
import { signIn } from '../e2e/helpers';
import { expect, test } from './spec-table';

// SPEC.md point 2 (Settings sections), point 4 (Language change) and point 7 (PUT company-info: the
// whole company info, with every address, on each address change) against API_PROFILE=spec.

const COMPANY_INFO = '/api/petekcore/company-info/';

/**
 * The bodies of the company-info PUTs, read in the page: the API client streams request bodies, of
 * which the browser's protocol shows Playwright nothing.
 */
async function recordCompanyInfoPuts(page: Page) {
  await page.addInitScript((path) => {
    const sent: string[] = [];
    Object.assign(window, { companyInfoPuts: sent });
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method === 'PUT' && new URL(request.url).pathname === path)
        sent.push(await request.clone().text());
      return original(request);
    };
  }, COMPANY_INFO);
  return async () =>
    (await page.evaluate(() => (window as unknown as { companyInfoPuts: string[] }).companyInfoPuts)).map(
      (text) => JSON.parse(text) as Record<string, unknown>,
    );
}

test('company information shows, and an address added is one PUT of the whole info', async ({ page }) => {
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && new URL(request.url()).pathname === COMPANY_INFO)
      puts.push(request.url());
  });
  const putBodies = await recordCompanyInfoPuts(page);
  await signIn(page, 'buyer');
  await page.goto('/settings/company/');
  const company = page.getByRole('region', { name: 'Company information' });
  await expect(company.getByText('Lindenhof Gastro GmbH')).toBeVisible();
  await expect(company.getByText('DE287654321')).toBeVisible();

  await page.goto('/settings/addresses/');
  await expect(page.getByText('Restaurant Lindenhof')).toBeVisible();
  await page.getByRole('button', { name: 'Add delivery address' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Address name').fill('Night kitchen');
  await dialog.getByLabel('Address line 1').fill('Spaldingstraße 64');
  await dialog.getByLabel('City').fill('Hamburg');
  await dialog.getByLabel('Country').fill('Germany');
  await dialog.getByLabel('Postal code').fill('20097');
  await dialog.getByLabel('Delivery instructions').fill('Ramp 3, after 22:00 only');
  await dialog.getByRole('button', { name: 'Save address' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText('Night kitchen')).toBeVisible();

  expect(puts).toHaveLength(1);
  const [sent] = await putBodies();
  expect(sent).toMatchObject({
    name: 'Lindenhof Gastro GmbH',
    vat_number: 'DE287654321',
    email_addresses: expect.arrayContaining(['einkauf@lindenhof-gastro.example']),
  });
  const delivery = (sent?.delivery_addresses ?? []) as Array<{ name: string }>;
  expect(delivery.map((address) => address.name)).toEqual(
    expect.arrayContaining(['Restaurant Lindenhof', 'Lindenhof Kantine Altona', 'Night kitchen']),
  );
  expect(sent?.billing_addresses).toHaveLength(1);

  await page.reload();
  await expect(page.getByText('Night kitchen')).toBeVisible();
  await expect(page.getByText('Instructions: Ramp 3, after 22:00 only')).toBeVisible();
});

test('the main user sees the user list', async ({ page }) => {
  await signIn(page, 'buyer');
  await page.goto('/settings/users/');
  const main = page.getByRole('main');
  await expect(main.getByText('Maria Keller').first()).toBeVisible();
  await expect(main.getByText('Jonas Weber').first()).toBeVisible();
  await expect(main.getByText('Ingo Ruhestand').first()).toBeVisible();
  await expect(page.getByText(/Unknown error/)).toHaveCount(0);
});

test('a language change: the update, then a refresh of the session, then the interface switches', async ({
  page,
  apiCalls,
}) => {
  await signIn(page, 'colleague', { remember: true });
  const menuButton = page.getByRole('button', { name: 'Language: English' });
  await expect(menuButton).toBeEnabled();
  const before = apiCalls.length;
  await menuButton.click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();

  const nav = page.getByRole('navigation', { name: 'Hauptmenü' });
  await expect(nav.getByRole('link', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const order = apiCalls
    .slice(before)
    .map((c) => `${c.method} ${c.call} ${c.status}`)
    .filter((c) => c.includes('/baf/update-language/') || c.includes('/token/refresh/'));
  expect(order[0]).toMatch(/^POST \/baf\/update-language\/ 2\d\d$/);
  expect(order[1]).toMatch(/^POST \/token\/refresh\/ 200$/);

  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Einstellungen' }),
  ).toBeVisible();

  // leave the account as it was
  await page.getByRole('button', { name: 'Sprache: Deutsch' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('button', { name: 'Language: English' })).toBeVisible();
});
