import { describe, expect, it } from 'vitest';
import type { InvoiceDocument, InvoiceLine } from '../../server/invoices/invoice-document';
import { invoiceLabels, invoiceLanguage } from '../../server/invoices/invoice-labels';
import { renderInvoicePdf } from '../../server/invoices/invoice-pdf';
import { formatMoney, moneyFormatFor } from '../../src/domain/money-format';
import { pdfPageTexts } from './support/pdf-text';

const goods = (description: string, netAmount: string, ratePercent: string): InvoiceLine => ({
  kind: 'goods',
  description,
  reference: 'AYR-250 · 4001234567890',
  quantity: '2',
  unit: 'boxes',
  netUnitPrice: '6.80',
  netAmount,
  ratePercent,
});

/** An invoice as issue-invoice stores it: goods at 7 %, a deposit and a delivery fee at 19 %. */
function sampleInvoice(language: string, overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  return {
    kind: 'invoice',
    number: '2025-000042',
    corrects: null,
    issuedOn: '2025-03-03',
    deliveredOn: '2025-03-04',
    dueOn: '2025-03-17',
    paymentDays: 14,
    language,
    currencySymbol: '€',
    taxCharged: true,
    supplier: {
      name: 'Lindenhof Wholesale',
      address: ['Großmarktstraße 5', '20097 Hamburg', 'Germany'],
      vatId: 'DE123456789',
    },
    customer: {
      name: 'Boğaziçi Şişli İmbiss GmbH',
      vatId: 'DE287654321',
      email: 'einkauf@bogazici.example',
      contactPerson: 'Ayşe Yılmaz',
      billingAddress: ['Buchhaltung Boğaziçi', 'Lindenallee 12', '20095 Hamburg', 'Germany'],
      deliveryAddress: ['Imbiss am Hafen', 'Kaistraße 7', '20457 Hamburg', 'Germany'],
    },
    order: {
      id: 1017,
      createdAt: '2025-02-27T09:15:00.000Z',
      suborderId: 2031,
      warehouse: 'Hamburg Nord',
      customerNote: '',
    },
    lines: [
      goods('Alpenhof Ayran 250 ml', '13.60', '7'),
      {
        kind: 'deposit',
        description: 'Deposit: Alpenhof Ayran 250 ml',
        reference: '',
        quantity: '2',
        unit: 'boxes',
        netUnitPrice: '3.30',
        netAmount: '6.60',
        ratePercent: '19',
      },
      { ...goods('Quellwasser still 0,5 l', '1224.00', '7'), quantity: '1', unit: 'pallet' },
      {
        kind: 'fee',
        description: 'Delivery fee',
        reference: '',
        quantity: '1',
        unit: '',
        netUnitPrice: '9.90',
        netAmount: '9.90',
        ratePercent: '19',
      },
    ],
    rates: [
      { ratePercent: '7', net: '1237.60', tax: '86.63', gross: '1324.23' },
      { ratePercent: '19', net: '16.50', tax: '3.14', gross: '19.64' },
    ],
    totals: { net: '1254.10', tax: '89.77', gross: '1343.87' },
    ...overrides,
  };
}

/** The same invoice as issued now: with the supplier's contact and the account to pay into. */
const issuedWithPayment = (language: string, overrides: Partial<InvoiceDocument> = {}) => {
  const invoice = sampleInvoice(language);
  return sampleInvoice(language, {
    supplier: {
      ...invoice.supplier,
      contact: {
        name: 'Jana Petersen',
        phone: '+49 40 3070 5500',
        email: 'invoices@lindenhof-wholesale.example',
      },
    },
    payment: { iban: 'DE34200505501234567890', bic: 'HASPDEHHXXX', accountName: 'Lindenhof Wholesale GmbH' },
    ...overrides,
  });
};

const moneyIn = (language: string) => (amount: string) =>
  formatMoney(amount, { decimalPlaces: 2, currencySymbol: '€', format: moneyFormatFor(language) });

async function textOf(document: InvoiceDocument) {
  return (await pdfPageTexts(await renderInvoicePdf(document))).join('\n');
}

describe('renderInvoicePdf', () => {
  it.each([
    ['en', 'Invoice', '€1,224.00', 'Payable within 14 days without deduction, by 17.03.2025.'],
    ['de', 'Rechnung', '€1.224,00', 'Zahlbar innerhalb von 14 Tagen ohne Abzug bis zum 17.03.2025.'],
    ['tr', 'Fatura', '1.224,00 €', '14 gün içinde, en geç 17.03.2025 tarihine kadar kesintisiz ödenmelidir.'],
  ])(
    'prints a %s invoice in its language, every figure as the app formats it',
    async (language, title, pallet, terms) => {
      const document = sampleInvoice(language);
      const text = await textOf(document);
      const money = moneyIn(language);

      expect(text).toContain(title);
      expect(text).toContain(pallet);
      expect(text).toContain(terms);
      for (const expected of [
        '2025-000042',
        '03.03.2025',
        '04.03.2025',
        '1017',
        '27.02.2025',
        'Hamburg Nord',
      ])
        expect(text).toContain(expected);
      // Turkish letters print as written: the font is embedded, not WinAnsi Helvetica
      for (const expected of [
        'Lindenhof Wholesale',
        'Großmarktstraße 5',
        'DE123456789',
        'Boğaziçi Şişli İmbiss GmbH',
        'Buchhaltung Boğaziçi',
        'Lindenallee 12',
        'DE287654321',
        'Ayşe Yılmaz',
        'Imbiss am Hafen',
        'Kaistraße 7',
        '20457 Hamburg',
      ])
        expect(text).toContain(expected);
      for (const line of document.lines) {
        expect(text).toContain(line.description);
        expect(text).toContain(money(line.netAmount));
      }
      for (const rate of document.rates)
        for (const amount of [rate.net, rate.tax, rate.gross]) expect(text).toContain(money(amount));
      for (const amount of [document.totals.net, document.totals.tax, document.totals.gross])
        expect(text).toContain(money(amount));
    },
  );

  it('writes English money with the symbol first and no space, German with comma decimals, Turkish after the amount', async () => {
    const english = await textOf(sampleInvoice('en'));
    const german = await textOf(sampleInvoice('de'));
    const turkish = await textOf(sampleInvoice('tr'));
    expect(english).toContain('€1,343.87');
    expect(english).not.toMatch(/€[\s\u00a0]\d/);
    expect(german).toContain('€1.343,87');
    expect(german).toContain('Nettobetrag');
    expect(turkish).toContain('1.343,87 €');
    expect(turkish).toContain('%19');
  });

  it('flows a 60-line invoice onto further pages, each repeating the number and the table header', async () => {
    const lines = Array.from({ length: 60 }, (_, index) =>
      goods(`Artikel ${String(index + 1).padStart(2, '0')} Öl & Süßes`, '13.60', '7'),
    );
    const pages = await pdfPageTexts(await renderInvoicePdf({ ...sampleInvoice('en'), lines }));

    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain('2025-000042');
      for (const header of ['Description', 'Quantity', 'Unit price (net)', 'VAT rate', 'Net amount'])
        expect(page).toContain(header);
      expect(page).toContain(`Page ${index + 1} / ${pages.length}`);
    });
    const all = pages.join('\n');
    for (const line of lines) expect(all).toContain(line.description);
    // the summary comes once, after the last line
    expect(pages.at(-1)).toContain('Amount due');
    expect(all.match(/Amount due/g)).toHaveLength(1);
  });

  it('titles a credit note as one and names the invoice it corrects', async () => {
    const text = await textOf(
      sampleInvoice('en', {
        kind: 'credit_note',
        corrects: { number: '2025-000007', issuedOn: '2025-02-01' },
      }),
    );
    expect(text).toContain('Credit note');
    expect(text).toContain('Credit note number');
    expect(text).toContain('Corrects invoice 2025-000007 of 01.02.2025');
    expect(text).toContain('Amount credited');
    expect(text).not.toContain('Amount due');
    expect(text).not.toContain('Payable within');
  });

  it('says VAT is not charged to a customer without tax', async () => {
    const text = await textOf(
      sampleInvoice('de', {
        taxCharged: false,
        rates: [{ ratePercent: '0', net: '1254.10', tax: '0.00', gross: '1254.10' }],
        totals: { net: '1254.10', tax: '0.00', gross: '1254.10' },
      }),
    );
    expect(text).toContain('Umsatzsteuer wird nicht berechnet.');
    expect(text).toContain('€1.254,10');
  });

  it('renders the same document to the same bytes, and another number to other bytes', async () => {
    const first = await renderInvoicePdf(sampleInvoice('de'));
    const again = await renderInvoicePdf(sampleInvoice('de'));
    const other = await renderInvoicePdf(sampleInvoice('de', { number: '2025-000043' }));
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
    expect(Buffer.from(first.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  it('sets an Arabic invoice right to left with its amounts, dates and numbers left to right', async () => {
    const pages = await pdfPageTexts(await renderInvoicePdf(sampleInvoice('ar')));
    expect(pages).toHaveLength(1);
    const text = pages.join('\n');
    // the amount keeps its own order ("1,343.87 €"), the symbol after it as in the app's Arabic format
    expect(text).toContain('1,343.87 €');
    expect(text).toContain('2025-000042');
    expect(text).toContain('17.03.2025');
  });

  it('prints the supplier’s contact and, under the payment terms, the account to pay into with the number as reference', async () => {
    const text = await textOf(issuedWithPayment('de'));
    for (const expected of [
      'Zahlbar innerhalb von 14 Tagen ohne Abzug bis zum 17.03.2025.',
      'Bankverbindung',
      'Kontoinhaber',
      'Lindenhof Wholesale GmbH',
      'IBAN',
      'DE34 2005 0550 1234 5678 90',
      'BIC',
      'HASPDEHHXXX',
      'Verwendungszweck',
      'Jana Petersen',
      '+49 40 3070 5500',
      'invoices@lindenhof-wholesale.example',
    ])
      expect(text).toContain(expected);
    // the reference to quote is the invoice's number
    expect(text).toMatch(/Verwendungszweck\s+2025-000042/);
    expect(text.indexOf('Bankverbindung')).toBeGreaterThan(text.indexOf('Zahlbar innerhalb'));
  });

  it.each(Object.keys(invoiceLabels))('words the bank details in %s', async (language) => {
    const labels = invoiceLabels[invoiceLanguage(language)];
    const text = await textOf(issuedWithPayment(language));
    for (const expected of [labels.paymentDetails, labels.accountHolder, labels.paymentReference])
      expect(text).toContain(expected);
    expect(text).toContain('DE34 2005 0550 1234 5678 90');
    expect(text).toContain('Jana Petersen');
  });

  it('prints a credit note’s reason and no account to pay into', async () => {
    const text = await textOf(
      issuedWithPayment('de', {
        kind: 'credit_note',
        corrects: { number: '2025-000007', issuedOn: '2025-02-01' },
        payment: undefined,
        reason: 'Ware beschädigt angeliefert',
      }),
    );
    expect(text).toContain('Grund der Rechnungskorrektur');
    expect(text).toContain('Ware beschädigt angeliefert');
    expect(text).not.toContain('Bankverbindung');
    expect(text).not.toContain('DE34 2005');
    // whom to ask stays on it
    expect(text).toContain('Jana Petersen');
  });

  it('prints an invoice issued before the contact and the account were kept without them', async () => {
    const text = await textOf(sampleInvoice('de'));
    expect(text).toContain('Zahlbar innerhalb von 14 Tagen');
    expect(text).not.toContain('Bankverbindung');
    expect(text).not.toContain('Kontoinhaber');
  });

  it('issues in English for a language the portal does not speak', () => {
    expect(invoiceLanguage('de')).toBe('de');
    expect(invoiceLanguage('xx')).toBe('en');
    expect(invoiceLanguage('')).toBe('en');
  });
});
