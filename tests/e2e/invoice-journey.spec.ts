import { expect, type Locator, type Page, test } from '@playwright/test';
import Decimal from 'decimal.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { E2E_SUPPLIER_API_KEY } from '../../playwright.config';
import { registerFreshCompany } from './fresh-company';
import { fillLogin } from './helpers';

// Money and documents an accountant accepts: one order of two boxes of Ayran (7 %, cold store, so a
// cold-chain surcharge) and a pallet of water (19 %, main warehouse, delivery fee under the
// threshold or not) agrees to the cent in the cart, the confirmation, the order detail, the invoice
// PDF the buyer opens and the EN 16931 XML embedded in it, and every VAT figure is rate × net.

const money = /€[\d.,]+/;
const amountOf = (text: string) => new Decimal(text.replace(/[€,]/g, '') || '0');
/** "€1,234.50" as the app formats English money */
const shown = (value: Decimal) => `€${value.toFixed(2).replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',')}`;
const moneyIn = async (locator: Locator) => ((await locator.textContent()) ?? '').match(money)?.[0] ?? '';

async function addFromSearch(page: Page, query: string, unit: string, quantity: string) {
  await page.getByRole('combobox', { name: 'Search products' }).first().fill(query);
  await page
    .getByRole('listbox', { name: 'Search results' })
    .getByRole('option')
    .filter({ hasText: query })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Unit', exact: true }).selectOption({ label: unit });
  await dialog.getByRole('textbox', { name: /Quantity/ }).fill(quantity);
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(dialog.getByRole('button', { name: 'In cart' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

async function pdfTextAndAttachments(bytes: Uint8Array) {
  const pdf = await getDocument({ data: bytes, useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number += 1) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const attachments = ((await pdf.getAttachments()) ?? {}) as Record<string, { content: Uint8Array }>;
  return { text: pages.join('\n'), attachments };
}

/** The document-level VAT breakdown of a CII invoice: per rate its basis and VAT. */
function ciiRates(xml: string) {
  const settlement = xml.slice(xml.indexOf('<ram:ApplicableHeaderTradeSettlement>'));
  return [...settlement.matchAll(/<ram:ApplicableTradeTax>([\s\S]*?)<\/ram:ApplicableTradeTax>/g)].map(
    ([, block]) => ({
      vat: block?.match(/<ram:CalculatedAmount>([^<]+)</)?.[1] ?? '',
      net: block?.match(/<ram:BasisAmount>([^<]+)</)?.[1] ?? '',
      rate: block?.match(/<ram:RateApplicablePercent>([^<]+)</)?.[1] ?? '',
    }),
  );
}

test('an order of Ayran and water agrees to the cent from the cart to the invoice PDF and e-invoice', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const company = await registerFreshCompany(page, 'invoice');
  await page.goto('/');
  await fillLogin(page, company.main.username, company.main.password);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Home' }).first()).toBeVisible();

  await addFromSearch(page, 'Alpenhof Ayran 250 ml', 'box', '2');
  await addFromSearch(page, 'Quellgold Mineralwasser still 0,5 l', 'pallet', '1');

  // the cart: a total, and VAT per rate (7 % for the Ayran, 19 % for the water and the fees)
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Cart' });
  const summary = drawer.getByRole('region', { name: 'Summary' });
  const cartTotal = await moneyIn(summary.getByTestId('cart-total'));
  expect(cartTotal).toMatch(money);
  const cartVat7 = await moneyIn(summary.getByText('Includes VAT 7 %').locator('..'));
  const cartVat19 = await moneyIn(summary.getByText('Includes VAT 19 %').locator('..'));
  expect([cartVat7, cartVat19]).toEqual([expect.stringMatching(money), expect.stringMatching(money)]);

  // the confirmation and the stored order show the same total
  await drawer.getByRole('button', { name: 'Order' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm your order' });
  await expect(confirm.getByTestId('order-total')).toContainText(cartTotal);
  await confirm.getByRole('button', { name: 'Confirm order' }).click();
  await expect(drawer.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const orderId = ((await drawer.getByText(/^#\d+$/).textContent()) ?? '').slice(1);
  await drawer.getByRole('link', { name: 'View your orders' }).click();
  await page.getByRole('link', { name: `#${orderId}`, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order #${orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(cartTotal);

  // the supplier reports both shipments delivered: that issues the invoices
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrftoken')?.value ?? '';
  const tokens = await page.request.post('/api/token/', {
    headers: { 'X-CSRFToken': csrf },
    data: company.main,
  });
  const { access } = (await tokens.json()) as { access: string };
  const bearer = { Authorization: `Bearer ${access}` };
  const order = (await (
    await page.request.get(`/api/netb2b/orders/${orderId}/`, { headers: bearer })
  ).json()) as {
    suborders: { id: number }[];
  };
  const invoiceNumbers: string[] = [];
  for (const suborder of order.suborders) {
    const reported = await page.request.post(`/api/supplier/suborders/${suborder.id}/delivered/`, {
      headers: { Authorization: `Bearer ${E2E_SUPPLIER_API_KEY}` },
    });
    expect(reported.status()).toBe(201);
    invoiceNumbers.push(((await reported.json()) as { invoice: { number: string } }).invoice.number);
  }

  // delivered in full, the order is closed; the order list's "View invoice" opens it for the buyer
  await page.goto('/orders/?tab=closed');
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: `View invoice for order ${orderId}` }).click();
  // the tab opens during the click (so no popup blocker stops it) and then shows the fetched file
  await (await opened).waitForURL(/^blob:/);

  // every invoice of the order: its PDF text and its embedded EN 16931 XML
  const documents = (await (
    await page.request.get('/api/netb2b/documents/', { headers: bearer })
  ).json()) as {
    type: string;
    file: string;
    name: string;
  }[];
  const invoices = documents.filter(
    (document) =>
      document.type === 'invoice' && invoiceNumbers.some((number) => document.name.endsWith(number)),
  );
  expect(invoices).toHaveLength(order.suborders.length);
  let grossSum = new Decimal(0);
  const vatByRate = new Map<string, Decimal>();
  for (const invoice of invoices) {
    const file = await page.request.get(`/api/${invoice.file}`, { headers: bearer });
    expect(file.headers()['content-type']).toContain('application/pdf');
    const { text, attachments } = await pdfTextAndAttachments(new Uint8Array(await file.body()));
    const xml = new TextDecoder().decode(attachments['factur-x.xml']?.content);
    expect(xml).toContain('urn:cen.eu:en16931:2017');
    const grand = xml.match(/<ram:GrandTotalAmount>([^<]+)</)?.[1] ?? '';
    grossSum = grossSum.plus(grand);
    for (const { vat, net, rate } of ciiRates(xml)) {
      // VAT = round(rate × net) of that rate, and the PDF prints the same figures
      const rateKey = new Decimal(rate).toString();
      expect(new Decimal(vat).toFixed(2)).toBe(
        new Decimal(net).times(rate).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toFixed(2),
      );
      expect(text).toContain(shown(new Decimal(vat)));
      vatByRate.set(rateKey, (vatByRate.get(rateKey) ?? new Decimal(0)).plus(vat));
    }
    expect(text).toContain(shown(new Decimal(grand)));
  }
  expect(grossSum.toFixed(2)).toBe(amountOf(cartTotal).toFixed(2));
  expect(vatByRate.get('7')?.toFixed(2)).toBe(amountOf(cartVat7).toFixed(2));
  expect(vatByRate.get('19')?.toFixed(2)).toBe(amountOf(cartVat19).toFixed(2));
});
