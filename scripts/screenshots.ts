/**
 * Screenshots of the main screens at desktop and 390 px, light and dark, English and Arabic,
 * for a human to look at. Usage: BASE_URL=http://localhost:8080 [SCREENSHOT_ACCOUNT=private] npx tsx scripts/screenshots.ts [out-dir] [screen...]
 * (run the server with TRUST_PROXY=1: each picture is its own client address for the reset throttles)
 * Against the conformance profile (API_PROFILE=spec), the screens home, cart, orders and settings
 * need no call beyond SPEC point 7; the others open screens such a backend does not have.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { utils, write } from '@e965/xlsx';
import { chromium, type Page } from '@playwright/test';
import { chromiumFlags } from '../playwright.config';

const baseUrl = process.env.BASE_URL ?? 'http://localhost:8080';
const outDir = process.argv[2] ?? 'screenshots';
const only = process.argv.slice(3);

type Screen = { name: string; signedIn: boolean; open: (page: Page) => Promise<void> };
const screens: Screen[] = [
  { name: 'login', signedIn: false, open: async (page) => void (await page.goto('/')) },
  // the auth screens
  { name: 'register', signedIn: false, open: (page) => openAuth(page, '/auth/register/') },
  {
    name: 'register-errors',
    signedIn: false,
    open: async (page) => {
      await openAuth(page, '/auth/register/');
      await page.locator('main button[type="submit"]').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
    },
  },
  { name: 'register-done', signedIn: false, open: openRegistrationDone },
  { name: 'forgot-password', signedIn: false, open: (page) => openAuth(page, '/auth/forgot-password/') },
  {
    name: 'secure-code',
    signedIn: false,
    open: (page) => openSecureCode(page, `${uniqueName()}@example.test`),
  },
  { name: 'new-password', signedIn: false, open: openNewPassword },
  {
    name: 'reset-done',
    signedIn: false,
    open: async (page) => {
      await openNewPassword(page);
      await page.locator('main input[type="password"]').nth(0).fill('second-secret');
      await page.locator('main input[type="password"]').nth(1).fill('second-secret');
      await page.locator('main button[type="submit"]').click();
      await page.locator('main a[href="/"]').first().waitFor();
    },
  },
  { name: 'dev-mailbox', signedIn: false, open: async (page) => void (await page.goto('/dev/mailbox/')) },
  {
    name: 'settings-delete-account',
    signedIn: true,
    open: async (page) => {
      await page.goto('/settings/account/');
      await page.locator('main button.bg-danger, main button[class*="danger"]').first().click();
      await page.locator('[role="dialog"] input').waitFor();
    },
  },
  // a changed e-mail address waiting for its code: one's own, and a colleague's seen by the main user
  {
    name: 'settings-account-email-pending',
    signedIn: true,
    open: (page) => openPendingEmail(page, '/settings/account/'),
  },
  {
    name: 'settings-user-email-pending',
    signedIn: true,
    open: (page) => openPendingEmail(page, '/settings/users/2/'),
  },
  { name: 'home', signedIn: true, open: async (page) => void (await page.goto('/')) },
  {
    name: 'products',
    signedIn: true,
    open: async (page) => {
      await page.goto('/products/');
      await page.locator('ul li button').first().waitFor();
    },
  },
  {
    name: 'search',
    signedIn: true,
    open: async (page) => {
      // the header holds the search box at every width
      const box = page.locator('input[type="search"]:visible').first();
      await box.fill('wasser');
      await page.getByRole('option').first().waitFor();
    },
  },
  {
    name: 'dialog',
    signedIn: true,
    open: async (page) => {
      await page.goto('/products/');
      await page.locator('ul li button').first().click();
      await page.locator('[role="dialog"] select').waitFor();
    },
  },
  { name: 'cart', signedIn: true, open: async (page) => void (await openFilledCart(page)) },
  {
    // the summary with each warehouse's fees, above the Order button
    name: 'cart-fees',
    signedIn: true,
    open: async (page) => {
      await openFilledCart(page);
      await page.getByTestId('cart-total').waitFor();
      await page.locator('[data-action="order"]').scrollIntoViewIfNeeded();
    },
  },
  { name: 'confirmation', signedIn: true, open: openConfirmation },
  {
    name: 'success',
    signedIn: true,
    open: async (page) => {
      await openConfirmation(page);
      await page.locator('[data-action="confirm-order"]').click();
      await page.locator('[data-view="order-success"]').waitFor();
    },
  },
  {
    // the order list: one of the screens looked at on the conformance profile (API_PROFILE=spec) too
    name: 'orders',
    signedIn: true,
    open: async (page) => {
      await page.goto('/orders/');
      await page.locator('main table tr').nth(1).waitFor();
    },
  },
  {
    name: 'order',
    signedIn: true,
    open: async (page) => {
      await page.goto('/orders/');
      await page.locator('table a[href^="/orders/"]').first().click();
      await page.locator('section[aria-labelledby^="suborder-"]').first().waitFor();
    },
  },
  // quick order: the home import area, a preview with errors, and the result after adding
  { name: 'quick-order-import', signedIn: true, open: (page) => openQuickOrder(page) },
  { name: 'quick-order-preview', signedIn: true, open: (page) => openQuickOrderPreview(page) },
  {
    name: 'quick-order-result',
    signedIn: true,
    open: async (page) => {
      await openQuickOrderPreview(page);
      await page.locator('[data-quick-order="add"]').click();
      await page.locator('[data-quick-order="result"]').waitFor();
      await page
        .locator('[data-quick-order="result"]')
        .evaluate((el) => el.scrollIntoView({ block: 'start' }));
    },
  },
  // favourite lists, the add-to-list menu, documents (the home screen shows the announcements)
  {
    name: 'favourites',
    signedIn: true,
    open: async (page) => {
      await page.goto('/favourites/');
      await page.locator('main table a[href^="/favourites/"]').first().waitFor();
    },
  },
  {
    name: 'favourite-list',
    signedIn: true,
    open: async (page) => {
      await page.goto('/favourites/1/');
      await page.locator('main input').first().waitFor();
      await page.waitForLoadState('networkidle');
    },
  },
  {
    name: 'add-to-list',
    signedIn: true,
    open: async (page) => {
      await page.goto('/products/');
      await page.locator('ul li button').first().click();
      await page.locator('[role="dialog"] select').waitFor();
      await page.locator('[role="dialog"] button:has(.lucide-star)').first().click();
      await page.getByRole('checkbox').first().waitFor();
    },
  },
  {
    name: 'documents',
    signedIn: true,
    open: async (page) => {
      await page.goto('/documents/');
      await page.locator('main table tr').nth(1).waitFor();
    },
  },
  // settings: the overview, every section, a user's detail, the new-user form, an address dialog
  ...(
    [
      ['settings', '/settings/'],
      ['settings-company', '/settings/company/'],
      ['settings-addresses', '/settings/addresses/'],
      ['settings-users', '/settings/users/'],
      ['settings-user', '/settings/users/2/'],
      ['settings-new-user', '/settings/users/new/'],
      ['settings-account', '/settings/account/'],
      ['settings-language', '/settings/language/'],
    ] as const
  ).map(
    ([name, path]): Screen => ({
      name,
      signedIn: true,
      open: async (page) => {
        await page.goto(path);
        await page.locator('main h1').first().waitFor();
        await page.waitForLoadState('networkidle');
      },
    }),
  ),
  {
    name: 'settings-address-dialog',
    signedIn: true,
    open: async (page) => {
      await page.goto('/settings/addresses/');
      await page
        .getByRole('button', { name: /add|إضافة/i })
        .first()
        .click();
      await page.locator('[role="dialog"] input').first().waitFor();
    },
  },
  {
    name: 'settings-company-edit',
    signedIn: true,
    open: async (page) => {
      await page.goto('/settings/company/');
      await page
        .getByRole('button', { name: /edit|تعديل/i })
        .first()
        .click();
      await page.locator('main form input').first().waitFor();
    },
  },
];

const uniqueName = () => `shot${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

async function openAuth(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main h1, main h2').first().waitFor();
}

async function registerByApi(page: Page, username: string) {
  const csrf = (await page.context().cookies()).find((c) => c.name === 'csrftoken')?.value ?? '';
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
  if (answer.status() !== 201) throw new Error(`register: ${answer.status()} ${await answer.text()}`);
}

async function openRegistrationDone(page: Page) {
  await openAuth(page, '/auth/register/');
  const name = uniqueName();
  const values: Record<string, string> = {
    companyName: 'Probe GmbH',
    taxNumber: 'DE123456789',
    fullName: 'Petra Probe',
    email: `${name}@example.test`,
    phoneNumber: '+49 30 1234567',
    username: name,
    password: 'first-secret',
    confirmPassword: 'first-secret',
  };
  for (const [field, value] of Object.entries(values))
    await page.locator(`[data-field="${field}"] input`).fill(value);
  await page.locator('main button[type="submit"]').click();
  await page.locator('main a[href="/"]').first().waitFor();
}

async function openSecureCode(page: Page, email: string) {
  await openAuth(page, '/auth/forgot-password/');
  await page.locator('main input[type="email"]').fill(email);
  await page.locator('main button[type="submit"]').click();
  await page.waitForURL(/\/auth\/secure-code\/$/);
}

/** A fresh account, its code read from the developer mailbox, typed in: the new-password step. */
async function openNewPassword(page: Page) {
  await page.goto('/');
  const username = uniqueName();
  await registerByApi(page, username);
  await openSecureCode(page, `${username}@example.test`);
  const mails = (await (await page.request.get('/dev/mailbox/messages.json')).json()) as {
    to: string;
    text: string;
  }[];
  const code =
    mails.find((mail) => mail.to === `${username}@example.test`)?.text.match(/\b\d{6}\b/)?.[0] ?? '';
  await page.locator('main input[autocomplete="one-time-code"]').fill(code);
  await page.locator('main button[type="submit"]').click();
  await page.waitForURL(/\/auth\/new-password\/$/);
}

async function openQuickOrder(page: Page) {
  await page.goto('/');
  const input = page.locator('input[type="file"]').first();
  await input.waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  await page.locator('[data-quick-order-section] h2').evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

/** A sheet of seeded stock codes with a valid row and one row for each message. */
async function openQuickOrderPreview(page: Page) {
  await openQuickOrder(page);
  const token = await page.request.post('/api/token/', { data: { username: 'buyer', password: 'buyer123' } });
  const { access } = (await token.json()) as { access: string };
  const list = await page.request.get('/api/netb2b/products/?page_size=50', {
    headers: { Authorization: `Bearer ${access}` },
  });
  const products = ((await list.json()) as { results: { stock_code: string; quantity_in_stock: number }[] })
    .results;
  const [a, b] = products.filter((product) => product.quantity_in_stock > 30);
  const book = utils.book_new();
  const rows = [
    ['Stock code', 'Quantity', 'Unit'],
    [a!.stock_code, 2, ''],
    ['NO-SUCH-CODE', 1, ''],
    [b!.stock_code, 'many', ''],
    [b!.stock_code, b!.quantity_in_stock + 1, ''],
    [a!.stock_code, 1, 'barrel'],
  ];
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Order');
  const buffer = Buffer.from(write(book, { type: 'buffer', bookType: 'xlsx' }) as Uint8Array);
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles({ name: 'order.xlsx', mimeType: 'application/octet-stream', buffer });
  await page
    .locator('[data-quick-order="preview"]')
    .waitFor()
    .catch(async (error: unknown) => {
      await page.screenshot({ path: join(outDir, 'quick-order-preview-FAILED.png') });
      throw error;
    });
  await page.locator('[data-quick-order="preview"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
}

/** Puts a cold-store and a main-warehouse product in the cart (through search and the dialog), then opens it. */
async function openFilledCart(page: Page) {
  for (const query of ['Ayran', 'Sonnenblumenöl']) {
    await page.locator('input[type="search"]:visible').first().fill(query);
    await page.getByRole('option').filter({ hasText: query }).first().click();
    const add = page.locator('[role="dialog"] [data-action="add-to-cart"]');
    await page.locator('[role="dialog"] select').waitFor();
    // a product already in the cart has no add button (in-cart label instead)
    if (await add.isVisible()) {
      await add.click();
      await add.waitFor({ state: 'detached' });
    }
    await page.keyboard.press('Escape');
    await page.locator('[role="dialog"]').waitFor({ state: 'detached' });
  }
  // the "Product added to cart" toasts close after 5 s; the pictures show the drawer without them
  await page.locator('[data-sonner-toast]').first().waitFor({ state: 'detached', timeout: 10_000 });
  await page.locator('[data-slot="cart"] button').click();
  await page.locator('[role="dialog"] [data-action="order"]').waitFor();
}

async function openConfirmation(page: Page) {
  await openFilledCart(page);
  await page.locator('[data-action="order"]').click();
  await page.locator('[data-action="confirm-order"]').waitFor();
  await page.locator('[role="dialog"] ol > li').first().waitFor();
}
const viewports = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

/**
 * Opens a settings page with an e-mail change waiting. Only the first picture saves a new address:
 * the server mails at most a few codes an hour per user, and the waiting change shows on every load.
 */
async function openPendingEmail(page: Page, path: string) {
  await page.goto(path);
  await page.locator('main input[type="email"]').first().waitFor();
  await page.waitForLoadState('networkidle');
  const waiting = page.locator('main form h3');
  if (!(await waiting.count())) {
    await page.locator('main input[type="email"]').first().fill(`changed.${uniqueName()}@example.test`);
    await page.locator('main form button[type="submit"]').first().click();
  }
  await waiting.first().waitFor();
}

/**
 * Signs in as the buyer, or as the demo account SCREENSHOT_ACCOUNT names (`private`: the customer
 * without VAT; demo passwords are the name followed by 123); ?lng= keeps the picture's language
 * (the account's own wins otherwise).
 */
const account = process.env.SCREENSHOT_ACCOUNT ?? 'buyer';
async function signIn(page: Page, lang: string) {
  await page.goto(`/?lng=${lang}`);
  await page.locator('input[name="username"]').fill(account);
  await page.locator('input[name="password"]').fill(`${account}123`);
  await page.locator('form button[type="submit"]').click();
  await page.locator('input[name="password"]').waitFor({ state: 'detached' });
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: chromiumFlags });
mkdirSync(outDir, { recursive: true });
for (const screen of screens.filter((s) => !only.length || only.includes(s.name))) {
  for (const [viewportName, viewport] of Object.entries(viewports)) {
    for (const theme of ['light', 'dark'] as const) {
      for (const lang of ['en', 'ar'] as const) {
        // the server runs with TRUST_PROXY=1 for pictures: each context is its own client address
        const context = await browser.newContext({
          viewport,
          baseURL: baseUrl,
          extraHTTPHeaders: {
            'X-Forwarded-For': `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
          },
        });
        await context.addInitScript(
          ({ t, l }) => {
            localStorage.setItem('portal.theme', t);
            localStorage.setItem('i18nextLng', l);
          },
          { t: theme, l: lang },
        );
        const page = await context.newPage();
        if (screen.signedIn) await signIn(page, lang);
        await screen.open(page);
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(300);
        const file = join(outDir, `${screen.name}-${viewportName}-${theme}-${lang}.png`);
        await page.screenshot({ path: file, fullPage: false });
        console.log(file);
        await context.close();
      }
    }
  }
}
await browser.close();
