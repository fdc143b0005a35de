import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import type enLocale from '../../src/locales/en.json';
import { accounts, mailedCode } from './helpers';

const locale = (language: string): typeof enLocale =>
  JSON.parse(readFileSync(join(import.meta.dirname, `../../src/locales/${language}.json`), 'utf8'));
const en = locale('en');
const ar = locale('ar');

// On a phone (390 px) every screen fits the width, in English and in Arabic (right to left):
// the page never scrolls sideways, and nothing sticks out past the screen's edges unless a scroll area
// (a wide table's own horizontal scroll) holds it. Every route of src/ui/app/routes.ts is visited, with
// the open layers a buyer meets there (the menu, the cart drawer, the product dialog, the quick-order
// preview), signed in as a company buyer and as a private person, and the auth screens signed out.

const width = 390;
const phone = { width, height: 844 };
test.use({ viewport: phone, hasTouch: true, isMobile: true, reducedMotion: 'reduce' });

const languages = { en, ar } as const;
type Language = keyof typeof languages;

interface Overflow {
  screen: string;
  scrollWidth: number;
  /** the outermost elements past the screen's edges that no scroll area holds */
  sticking: string[];
}

/** What does not fit on the screen as it is now; null when everything does. */
async function overflowOf(page: Page, screen: string): Promise<Overflow | null> {
  const found = await page.evaluate((viewport) => {
    const outside = (box: DOMRect) => box.right > viewport + 0.5 || box.left < -0.5;
    /** a scroll (or clipping) area inside the screen holds the element: it scrolls there, not the page */
    const held = (element: Element) => {
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        // an icon's drawing is clipped by its own <svg>, which is measured itself
        if (node instanceof SVGElement) continue;
        if (/auto|scroll|hidden|clip/.test(getComputedStyle(node).overflowX))
          return !outside(node.getBoundingClientRect());
      }
      return false;
    };
    const shown = (element: Element) => {
      const style = getComputedStyle(element);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const box = element.getBoundingClientRect();
      // visually hidden text (sr-only) is clipped to nothing
      return box.width > 1 && box.height > 1 && !style.clip.startsWith('rect(0');
    };
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const id = element.id ? `#${element.id}` : '';
      const classes = (element.getAttribute('class') ?? '').split(/\s+/).slice(0, 6).join('.');
      const text = (element.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
      return `${element.tagName.toLowerCase()}${id}${classes ? `.${classes}` : ''} "${text}" [${Math.round(box.left)}..${Math.round(box.right)}]`;
    };
    const offenders = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      if (!shown(element) || !outside(element.getBoundingClientRect()) || held(element)) continue;
      offenders.add(element);
    }
    const outermost = [...offenders].filter((element) => !offenders.has(element.parentElement as Element));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      sticking: outermost.map(describe),
    };
  }, width);
  if (found.scrollWidth <= width && found.sticking.length === 0) return null;
  return { screen, ...found };
}

/** Waits until the screen has its content: no spinner, nothing loading, the network quiet. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('.animate-spin')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}

/** A fresh phone-sized page in the language, as if the buyer had chosen it before. */
async function phonePage(browser: Browser, language: Language): Promise<Page> {
  const context = await browser.newContext({
    viewport: phone,
    hasTouch: true,
    isMobile: true,
    reducedMotion: 'reduce',
  });
  await context.addInitScript((chosen) => {
    if (!localStorage.getItem('i18nextLng')) localStorage.setItem('i18nextLng', chosen);
  }, language);
  return context.newPage();
}

async function signInAs(page: Page, account: keyof typeof accounts, language: Language) {
  await page.goto(`/?lng=${language}`);
  await page.locator('input[name="username"]').fill(accounts[account].username);
  await page.locator('input[name="password"]').fill(accounts[account].password);
  await page.locator('form button[type="submit"]').click();
  await expect(page.locator('input[name="password"]')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('lang', language);
}

async function accessToken(request: APIRequestContext, account: keyof typeof accounts): Promise<string> {
  const answer = await request.post('/api/token/', { data: accounts[account] });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { access: string }).access;
}

/** GET as the account; lists come as arrays or as pages with results. */
async function apiList<T>(request: APIRequestContext, token: string, path: string): Promise<T[]> {
  const answer = await request.get(`/api/${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(answer.ok(), path).toBe(true);
  const body = (await answer.json()) as T[] | { results: T[] };
  return Array.isArray(body) ? body : body.results;
}

/** Real ids of the seeded data for the routes that carry one. */
async function seededIds(request: APIRequestContext) {
  const token = await accessToken(request, 'buyer');
  type Id = { id: number };
  const [orders, campaigns, brands, categories, notifications, products] = await Promise.all([
    apiList<Id>(request, token, 'netb2b/orders/'),
    apiList<Id>(request, token, 'netb2b/campaigns/'),
    apiList<Id>(request, token, 'netb2b/brands/'),
    apiList<Id>(request, token, 'netb2b/categories/'),
    apiList<Id>(request, token, 'netb2b/notifications/'),
    apiList<{ stock_code: string; quantity_in_stock: number }>(
      request,
      token,
      'netb2b/products/?page_size=50',
    ),
  ]);
  return {
    order: orders[0]!.id,
    campaign: campaigns[0]!.id,
    brand: brands[0]!.id,
    category: categories[0]!.id,
    notification: notifications[0]!.id,
    codes: products.filter((product) => product.quantity_in_stock > 40).map((product) => product.stock_code),
  };
}

/** Every address of routes.ts a buyer can open (the studio's machine pages for one machine). */
function buyerRoutes(ids: Awaited<ReturnType<typeof seededIds>>): [string, string][] {
  return [
    ['home', '/'],
    ['orders', '/orders/'],
    ['order', `/orders/${ids.order}`],
    ['order detail', `/order-detail?id=${ids.order}`],
    ['products', '/products/'],
    ['products in a category', `/products/?category=${ids.category}`],
    ['search results', '/products/?q=wasser'],
    ['campaigns', '/campaigns/'],
    ['campaign', `/campaigns/${ids.campaign}`],
    ['catalog', '/catalog/'],
    ['catalog brand', `/catalog/brand/${ids.brand}`],
    ['catalog category', `/catalog/category/${ids.category}`],
    ['notification', `/notifications/${ids.notification}`],
    ['favourites', '/favourites/'],
    ['favourite list', '/favourites/1/'],
    ['documents', '/documents/'],
    ['statecharts', '/statecharts/'],
    ['statecharts live', '/statecharts/live/'],
    ['statechart', '/statecharts/cart/'],
    ['statechart simulate', '/statecharts/cart/simulate/'],
    ['settings', '/settings/'],
    ['settings company', '/settings/company/'],
    ['settings addresses', '/settings/addresses/'],
    ['settings users', '/settings/users/'],
    ['settings new user', '/settings/users/new/'],
    ['settings user', '/settings/users/2/'],
    ['settings account', '/settings/account/'],
    ['settings language', '/settings/language/'],
    ['settings quick order', '/settings/quick-order/'],
    ['not found', '/no-such-page/'],
  ];
}

async function visit(page: Page, found: Overflow[], screen: string, path: string) {
  await page.goto(path);
  await settled(page);
  const overflow = await overflowOf(page, screen);
  if (overflow) found.push(overflow);
}

/** Uploads the lines (stock code; quantity; unit) as a CSV to the quick order of the settings page. */
async function quickOrderPreview(page: Page, language: Language, lines: string) {
  const t = languages[language].quickOrder;
  await page.goto('/settings/quick-order/');
  await settled(page);
  const csv = `Stock code;Quantity;Unit\n${lines}\n`;
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'order.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByRole('heading', { name: t.previewTitle })).toBeVisible({ timeout: 15_000 });
}

/** Registers a fresh account (its own throttles) and returns its e-mail address. */
async function registeredEmail(page: Page): Promise<string> {
  const username = `narrow${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const answer = await page.request.post('/api/netb2b/register/', {
    headers: { 'X-CSRFToken': csrf },
    data: {
      customerType: 'corporate',
      fullName: 'Petra Probe',
      companyName: 'Probe GmbH',
      taxNumber: 'DE123456789',
      email: `${username}@example.test`,
      phoneNumber: '+49 30 1234567',
      username,
      password: 'first-secret',
      confirmPassword: 'first-secret',
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return `${username}@example.test`;
}

for (const language of Object.keys(languages) as Language[]) {
  const t = languages[language];

  test(`${language}: signed out, the auth screens fit 390 px`, async ({ browser }) => {
    const page = await phonePage(browser, language);
    const found: Overflow[] = [];
    await visit(page, found, 'login', `/?lng=${language}`);
    await visit(page, found, 'forgot password', '/auth/forgot-password/');
    await visit(page, found, 'registration', '/auth/register/');
    await page.locator('main button[type="submit"]').click();
    await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
    found.push(...[await overflowOf(page, 'registration with errors')].filter((o) => o !== null));

    // the secure-code and new-password steps of a fresh account, with the code from the developer mailbox
    const email = await registeredEmail(page);
    await page.goto('/auth/forgot-password/');
    await page.locator('main input[type="email"]').fill(email);
    await page.locator('main button[type="submit"]').click();
    await page.waitForURL(/\/auth\/secure-code\/$/);
    await settled(page);
    found.push(...[await overflowOf(page, 'secure code')].filter((o) => o !== null));
    await page.locator('main input[autocomplete="one-time-code"]').fill(await mailedCode(page, email));
    await page.locator('main button[type="submit"]').click();
    await page.waitForURL(/\/auth\/new-password\/$/);
    await settled(page);
    found.push(...[await overflowOf(page, 'new password')].filter((o) => o !== null));
    expect(found).toEqual([]);
  });

  test(`${language}: signed in as a buyer, every route, the menu, the dialog, the quick order and the cart fit 390 px`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const ids = await seededIds(request);
    const page = await phonePage(browser, language);
    await signInAs(page, 'buyer', language);
    const found: Overflow[] = [];
    for (const [screen, path] of buyerRoutes(ids)) await visit(page, found, screen, path);

    await page.goto('/');
    await settled(page);
    await page.getByRole('button', { name: t.menu.open }).click();
    await expect(page.getByRole('dialog').getByRole('link').first()).toBeVisible();
    found.push(...[await overflowOf(page, 'menu')].filter((o) => o !== null));
    await page.keyboard.press('Escape');

    await page.goto('/products/');
    await settled(page);
    await page.locator('main ul li button').first().click();
    await expect(page.getByRole('dialog').locator('select').first()).toBeVisible();
    found.push(...[await overflowOf(page, 'product dialog')].filter((o) => o !== null));
    await page.keyboard.press('Escape');

    // four rows of products in stock, a code that names none, and a quantity that is not one
    const [a, b, c, d] = ids.codes;
    await quickOrderPreview(page, language, `${a};2\n${b};1;box\n${c};3\n${d};1\nNO-SUCH-CODE;1\n${a};many`);
    found.push(...[await overflowOf(page, 'quick-order preview')].filter((o) => o !== null));
    // the preview fits without a sideways scroll of its own: every row's unit and remove controls in view
    const preview = page.locator('[data-quick-order="preview"]');
    for (const control of await preview.locator('select, button').all())
      expect(await control.boundingBox().then((box) => box && box.x >= 0 && box.x + box.width <= width)).toBe(
        true,
      );
    await page
      .getByRole('button', { name: new RegExp(t.quickOrder.addValid.replace('{{count}}', '\\d+')) })
      .click();
    await expect(page.getByRole('button', { name: t.quickOrder.importAnother })).toBeVisible({
      timeout: 15_000,
    });
    found.push(...[await overflowOf(page, 'quick-order result')].filter((o) => o !== null));

    await page.locator('[data-slot="cart"] button').click();
    await expect(page.getByRole('dialog').locator('[data-action="order"]')).toBeVisible({ timeout: 15_000 });
    found.push(...[await overflowOf(page, 'cart drawer')].filter((o) => o !== null));

    expect(found).toEqual([]);
  });

  test(`${language}: signed in as a private person, the screens that differ fit 390 px`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const page = await phonePage(browser, language);
    await signInAs(page, 'private', language);
    const found: Overflow[] = [];
    for (const [screen, path] of [
      ['home', '/'],
      ['settings', '/settings/'],
      ['settings company', '/settings/company/'],
      ['settings addresses', '/settings/addresses/'],
      ['settings account', '/settings/account/'],
      ['orders', '/orders/'],
    ] as const)
      await visit(page, found, screen, path);
    expect(found).toEqual([]);
  });
}

/** Whether the drawer's lines scroll (the list's nearest scrolling ancestor holds more than it shows). */
async function linesScroll(page: Page) {
  return page
    .getByRole('dialog')
    .getByRole('list')
    .first()
    .evaluate((element) => {
      let node = element.parentElement;
      while (node && !/auto|scroll/.test(getComputedStyle(node).overflowY)) node = node.parentElement;
      return (node?.scrollHeight ?? 0) > (node?.clientHeight ?? 0);
    });
}

for (const viewport of [phone, { width: 1280, height: 800 }]) {
  test(`at ${viewport.width} × ${viewport.height}, the cart keeps its total and Order in view while its lines scroll`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(90_000);
    const ids = await seededIds(request);
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await signInAs(page, 'buyer', 'en');
    const [a, b, c, d, e] = ids.codes;
    await quickOrderPreview(page, 'en', `${a};1\n${b};1\n${c};1\n${d};1\n${e};1`);
    await page.getByRole('button', { name: /^Add valid rows to cart: \d+$/ }).click();
    await expect(page.getByRole('button', { name: en.quickOrder.importAnother })).toBeVisible({
      timeout: 15_000,
    });
    await page.locator('[data-slot="cart"] button').click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByTestId('cart-total')).toBeAttached({ timeout: 15_000 });
    expect(await drawer.getByRole('listitem').count()).toBeGreaterThanOrEqual(4);

    // at the top of the lines, and scrolled to the summary's end: the total and Order stay on the screen
    expect(await linesScroll(page), 'the lines are more than the drawer shows').toBe(true);
    await expect(drawer.getByRole('listitem').first()).toBeInViewport();
    await expect(drawer.getByTestId('cart-bar-total')).toBeInViewport();
    await expect(drawer.locator('[data-action="order"]')).toBeInViewport();
    await drawer.getByTestId('cart-total').scrollIntoViewIfNeeded();
    // the bar repeats the summary's total
    const summaryTotal = (await drawer.getByTestId('cart-total').locator('dd').textContent()) ?? '';
    expect(summaryTotal).toMatch(/\d/);
    await expect(drawer.getByTestId('cart-bar-total')).toContainText(summaryTotal);
    await expect(drawer.locator('[data-action="order"]')).toBeInViewport();
    await context.close();
  });
}
