import { expect, type Page } from '@playwright/test';

/**
 * What the UiMaps' setups need of the portal's API: a company of the run's own, a fresh user in it for
 * every test (its own cart, its own e-mail address), a sign-in without the login screen, cart lines.
 * Only the calls of the specification and the reference server's registration are used, so the specs
 * run against any portal that offers self-registration.
 */

export interface PortalUser {
  username: string;
  password: string;
  email: string;
}

interface Tokens {
  access: string;
  refresh: string;
}

/** A random address in 10.0.0.0/8: the portal throttles per client address, and each test is an office of its own. */
export const officeAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

const uniqueName = (label: string) =>
  `${label}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

async function csrfToken(page: Page): Promise<string> {
  const cookie = async () =>
    (await page.context().cookies()).find((candidate) => candidate.name === 'csrftoken')?.value;
  // any answer but a static file's sets the cookie
  if (!(await cookie())) await page.request.get('/config.json');
  return (await cookie()) ?? '';
}

async function tokensOf(page: Page, user: Pick<PortalUser, 'username' | 'password'>): Promise<Tokens> {
  const answer = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': await csrfToken(page) },
    data: { username: user.username, password: user.password },
  });
  expect(answer.status(), 'signing in through the API').toBe(200);
  return (await answer.json()) as Tokens;
}

/** The API's headers for a signed-in call. */
export const bearer = async (page: Page, access: string) => ({
  Authorization: `Bearer ${access}`,
  'X-CSRFToken': await csrfToken(page),
});

/** The company every test of this worker makes its users in: registered once (registrations are throttled). */
let company: Promise<PortalUser> | undefined;

async function registerCompany(page: Page): Promise<PortalUser> {
  const id = uniqueName('flows');
  const main = { username: id, password: 'flows-secret', email: `${id}@example.test` };
  const answer = await page.request.post('/api/netb2b/register/', {
    headers: { 'X-CSRFToken': await csrfToken(page), 'X-Forwarded-For': officeAddress() },
    data: {
      customerType: 'corporate',
      fullName: 'Flora Flow',
      companyName: `Flows ${id} GmbH`,
      taxNumber: 'DE999999999',
      email: main.email,
      phoneNumber: '+49 30 1234567',
      username: main.username,
      password: main.password,
      confirmPassword: main.password,
    },
  });
  expect(answer.status(), `registering a company: ${await answer.text()}`).toBe(201);
  return main;
}

/** The main user of the worker's company (registered by the first test that asks). */
function companyMainUser(page: Page): Promise<PortalUser> {
  company ??= registerCompany(page).catch((error: unknown) => {
    company = undefined;
    throw error;
  });
  return company;
}

/** The main user's access token, kept for a minute (each sign-in costs the server a password hash). */
let mainAccess: { token: string; at: number } | undefined;

async function mainAccessToken(page: Page): Promise<string> {
  if (!mainAccess || Date.now() - mainAccess.at > 60_000)
    mainAccess = { token: (await tokensOf(page, await companyMainUser(page))).access, at: Date.now() };
  return mainAccess.token;
}

/**
 * A new user of the worker's company, made by its main user: its own cart and its own e-mail address,
 * speaking `language` (the portal takes a signed-in user's language).
 */
export async function freshUser(page: Page, label: string, language = 'en'): Promise<PortalUser> {
  const access = await mainAccessToken(page);
  const id = uniqueName(label);
  const user = { username: id, password: 'flows-secret', email: `${id}@example.test` };
  const answer = await page.request.post('/api/petekcore/customer-accounts/', {
    headers: await bearer(page, access),
    data: {
      username: user.username,
      password: user.password,
      first_name: 'Flo',
      last_name: 'Tester',
      email: user.email,
      landline_phone: '',
      mobile_phone: '',
      language,
    },
  });
  expect(answer.status(), `creating a user: ${await answer.text()}`).toBe(201);
  return user;
}

/**
 * Signs the user in as the login screen would without Remember me: the refresh token in the tab's
 * store before the portal starts. Written only when the tab has none, so a reload keeps the token
 * the portal has renewed meanwhile.
 */
export async function signInThroughStore(page: Page, user: PortalUser): Promise<Tokens> {
  const tokens = await tokensOf(page, user);
  await page.addInitScript((refresh) => {
    if (!sessionStorage.getItem('portal.credentials'))
      sessionStorage.setItem('portal.credentials', JSON.stringify({ version: 2, refresh }));
  }, tokens.refresh);
  return tokens;
}

interface CatalogueProduct {
  id: number;
  name: string;
  quantity_in_stock: number;
  unit_amounts: { unit: number; amount: string }[];
  campaign_id?: number | null;
}

const products = new Map<string, Promise<CatalogueProduct>>();

/** The first product the search finds that is sold in `units` units at least and is in no campaign (looked up once). */
export function productWithUnits(
  page: Page,
  access: string,
  query: string,
  units: number,
): Promise<CatalogueProduct> {
  const key = `${query}/${units}`;
  let found = products.get(key);
  if (!found) {
    found = findProduct(page, access, query, units);
    products.set(key, found);
    found.catch(() => products.delete(key));
  }
  return found;
}

async function findProduct(
  page: Page,
  access: string,
  query: string,
  units: number,
): Promise<CatalogueProduct> {
  const answer = await page.request.get(`/api/netb2b/products/search/?query=${encodeURIComponent(query)}`, {
    headers: await bearer(page, access),
  });
  expect(answer.status()).toBe(200);
  const found = ((await answer.json()) as CatalogueProduct[]).find(
    (product) =>
      product.unit_amounts.length >= units && !product.campaign_id && product.quantity_in_stock > 100,
  );
  if (!found) throw new Error(`no product for “${query}” in ${units} units with stock`);
  return found;
}

/** Puts a line into the user's cart through the API; answers the line's id. */
export async function addCartLine(
  page: Page,
  access: string,
  line: { product: number; quantity: string; unit: number },
): Promise<number> {
  const answer = await page.request.post('/api/netb2b/cart-items/', {
    headers: await bearer(page, access),
    data: { ...line, campaign: null },
  });
  expect(answer.status(), `adding a cart line: ${await answer.text()}`).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

/** The latest six-digit code the developer mailbox (DEV_MAILBOX=1) holds for the address, once it is there. */
export async function mailedCode(page: Page, email: string, after?: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const answer = await page.request.get('/dev/mailbox/messages.json');
        expect(answer.ok(), 'the developer mailbox (the portal needs DEV_MAILBOX=1)').toBe(true);
        const mails = (await answer.json()) as Array<{ to: string; text: string }>;
        // the mailbox lists the newest mail first
        code = mails.find((mail) => mail.to === email)?.text.match(/\b\d{6}\b/)?.[0];
        return code !== undefined && code !== after;
      },
      { message: `a code mailed to ${email}`, timeout: 10_000 },
    )
    .toBe(true);
  return code as string;
}

/** The worker's company with two delivery addresses (registration makes none), added once; answers their ids. */
let addresses: Promise<number[]> | undefined;

async function addTwoAddresses(page: Page): Promise<number[]> {
  const headers = await bearer(page, await mainAccessToken(page));
  const info = await page.request.get('/api/petekcore/company-info/', { headers });
  expect(info.status()).toBe(200);
  const { customer_type: _, ...body } = (await info.json()) as Record<string, unknown> & {
    delivery_addresses: unknown[];
  };
  const address = (name: string) => ({
    name,
    line1: 'Probestraße 1',
    line2: '',
    suburb: 'Altona',
    city: 'Hamburg',
    state: 'Hamburg',
    country: 'DE',
    postal_code: '22765',
    instructions: '',
  });
  const saved = await page.request.put('/api/petekcore/company-info/', {
    headers,
    data: { ...body, delivery_addresses: [address('Flow shop east'), address('Flow shop west')] },
  });
  expect(saved.status(), `saving delivery addresses: ${await saved.text()}`).toBe(200);
  return ((await saved.json()) as { delivery_addresses: { pk: number }[] }).delivery_addresses.map(
    (a) => a.pk,
  );
}

export function companyAddresses(page: Page): Promise<number[]> {
  addresses ??= addTwoAddresses(page).catch((error: unknown) => {
    addresses = undefined;
    throw error;
  });
  return addresses;
}
