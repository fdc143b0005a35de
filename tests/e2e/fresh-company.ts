import { expect, type Page } from '@playwright/test';

/**
 * A company of its own for a journey that changes data (lists, cart): registered through the API with
 * its main user, plus a colleague the main user creates. The demo accounts other journeys use stay as
 * they are, and the shared e2e data folder never sees the same names twice.
 */
export interface FreshCompany {
  main: { username: string; password: string };
  colleague: { username: string; password: string };
}

async function csrfToken(page: Page): Promise<string> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
}

export async function registerFreshCompany(page: Page, label: string): Promise<FreshCompany> {
  const id = `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const main = { username: id, password: 'first-secret' };
  const colleague = { username: `${id}c`, password: 'second-secret' };
  await page.goto('/');
  const csrf = await csrfToken(page);
  // Each company registers from an office address of its own (the journeys' server trusts one
  // proxy): the suite registers more companies than one office may in an hour (throttle/rules.ts).
  const office = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const registered = await page.request.post('/api/netb2b/register/', {
    headers: { 'X-CSRFToken': csrf, 'X-Forwarded-For': office },
    data: {
      customerType: 'corporate',
      fullName: 'Petra Probe',
      companyName: `Probe ${id} GmbH`,
      taxNumber: 'DE999999999',
      email: `${id}@example.test`,
      phoneNumber: '+49 30 1234567',
      username: main.username,
      password: main.password,
      confirmPassword: main.password,
    },
  });
  expect(registered.status()).toBe(201);
  const tokens = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': csrf },
    data: main,
  });
  expect(tokens.status()).toBe(200);
  const { access } = (await tokens.json()) as { access: string };
  const created = await page.request.post('/api/petekcore/customer-accounts/', {
    headers: { 'X-CSRFToken': csrf, Authorization: `Bearer ${access}` },
    data: {
      username: colleague.username,
      password: colleague.password,
      first_name: 'Carl',
      last_name: 'Colleague',
      email: `${id}c@example.test`,
      landline_phone: '',
      mobile_phone: '',
      language: 'en',
    },
  });
  expect(created.status()).toBe(201);
  return { main, colleague };
}
