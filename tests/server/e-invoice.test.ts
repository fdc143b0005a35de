import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  countryCodeOf,
  eInvoiceOf,
  postalAddressOf,
  vatNotChargedReason,
} from '../../server/invoices/e-invoice';
import { compiledValidatorCount } from '../../server/invoices/e-invoice-generator';
import type { InvoiceDocument } from '../../server/invoices/invoice-document';
import {
  ciiXml,
  FACTUR_X_ATTACHMENT,
  facturXPdf,
  NoBuyerReferenceError,
  xRechnungXml,
} from '../../server/invoices/invoice-files';
import { creditNoteDocument } from '../../server/invoices/issue-credit-note';
import { unitCodeOf } from '../../server/invoices/unit-codes';
import { closePastSuborders } from '../../server/orders/close-past-suborders';
import { companyIds } from '../../server/seed/accounts';
import { addDays, toIsoDate } from '../../src/domain/dates';
import { toDecimal } from '../../src/domain/decimal';
import { vatOn } from '../../src/domain/tax-per-rate';
import { orderCreatedWire } from '../../src/services/api/wire/orders';
import {
  ciiFigures,
  embeddedFiles,
  onePagePdf,
  validateAgainstFacturXSchema,
} from './support/e-invoice-reading';
import { TestClient } from './support/http-client';
import { callerFor } from './support/signed-in-calls';
import { startTestServer, type TestServer } from './support/test-server';
import { brokenXRechnungRules, xRechnungRuleResults } from './support/xrechnung-rules';

const BOX = 2;

let server: TestServer;
/** every document issued in the seeded database, and one to the customer VAT is not charged to */
let issued: { companyId: number; document: InvoiceDocument }[];

const documentsOf = (companyId: number) =>
  issued.filter((row) => row.companyId === companyId).map((row) => row.document);
const first = <T>(items: T[]): T => {
  const [item] = items;
  if (item === undefined) throw new Error('expected at least one');
  return item;
};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  // the customer without VAT, who reads the portal in German, orders two boxes; delivered, the
  // order is invoiced
  await db.updateTable('users').set({ language: 'de' }).where('username', '=', 'private').execute();
  const access = (await new TestClient(server.app).signIn('private', 'private123')).access;
  const product = await db
    .selectFrom('products as p')
    .innerJoin('product_units as pu', 'pu.product_id', 'p.id')
    .select('p.id')
    .where('pu.unit_id', '=', BOX)
    .where('p.quantity_in_stock', '>', 500)
    .orderBy('p.id')
    .executeTakeFirstOrThrow();
  const placed = await callerFor(server, access)('POST', '/api/netb2b/orders/', {
    items: [{ product: product.id, quantity: '2', unit: BOX }],
    expected_delivery_date: toIsoDate(addDays(server.clock.now(), 9)),
    is_preorder: false,
    customer_note: '',
  });
  expect(placed.status).toBe(201);
  orderCreatedWire.parse(placed.body);
  await closePastSuborders(db, addDays(server.clock.now(), 40));

  const rows = await db.selectFrom('invoices').select(['company_id', 'document']).orderBy('id').execute();
  issued = rows.map((row) => ({
    companyId: row.company_id,
    document: JSON.parse(row.document) as InvoiceDocument,
  }));
});
afterAll(() => server.close());

describe('the EN 16931 e-invoice of an issued invoice (CII)', () => {
  it('is checked by the Factur-X EN 16931 schema, which rejects an XML that breaks it', async () => {
    const xml = await ciiXml(first(documentsOf(companyIds.lindenhof)));
    const broken = [
      xml.replace(/<ram:GrandTotalAmount>[^<]*</, '<ram:GrandTotalAmount>seventy<'),
      xml.replace(/<ram:TypeCode>380<\/ram:TypeCode>/, ''),
      xml.replace('<ram:InvoiceCurrencyCode>', '<ram:Currency>EUR</ram:Currency><ram:InvoiceCurrencyCode>'),
    ];
    for (const text of broken) {
      expect(text).not.toBe(xml);
      const result = await validateAgainstFacturXSchema(text);
      expect(result.valid).toBe(false);
      expect(result.errors.length).toBeGreaterThan(0);
    }
    expect((await validateAgainstFacturXSchema(xml)).errors).toEqual([]);
  });

  it('validates for every shape of issued invoice and states the snapshot’s lines, VAT per rate and totals', async () => {
    expect(documentsOf(companyIds.lindenhof).length).toBeGreaterThan(1);
    expect(documentsOf(companyIds.private)).toHaveLength(1);
    // one document of each shape (customer, rates, kinds of line): generating one takes a while
    const shapes = new Map<string, InvoiceDocument>();
    for (const { companyId, document } of issued) {
      const kinds = [...new Set(document.lines.map((line) => line.kind))].sort();
      const shape = [
        companyId,
        document.rates.map((rate) => rate.ratePercent).join('/'),
        kinds.join('/'),
      ].join(' ');
      if (!shapes.has(shape)) shapes.set(shape, document);
    }
    expect(shapes.size).toBeGreaterThan(2);
    for (const document of shapes.values()) {
      const xml = await ciiXml(document);
      const result = await validateAgainstFacturXSchema(xml);
      expect(result.errors, document.number).toEqual([]);
      const figures = ciiFigures(xml);
      expect(figures.typeCode).toBe('380');
      expect(figures.lines.map((line) => [line.name, line.net, line.ratePercent])).toEqual(
        document.lines.map((line) => [
          line.description,
          line.netAmount,
          document.taxCharged ? line.ratePercent : '0',
        ]),
      );
      // quantity × price / basis quantity is the line's net, to the cent
      for (const line of figures.lines)
        expect(
          toDecimal(line.quantity ?? '')
            .times(line.price ?? '')
            .dividedBy(line.basisQuantity ?? '1')
            .toFixed(2),
        ).toBe(line.net);
      expect(figures.rates.map(({ net, tax }) => ({ net, tax }))).toEqual(
        document.rates.map(({ net, tax }) => ({ net, tax })),
      );
      for (const rate of figures.rates)
        expect(rate.tax).toBe(vatOn(toDecimal(rate.net ?? ''), rate.ratePercent ?? '').toFixed(2));
      expect(figures.totals).toEqual({
        lines: document.totals.net,
        net: document.totals.net,
        tax: document.totals.tax,
        gross: document.totals.gross,
        payable: document.totals.gross,
      });
    }
  }, 120_000);

  it('names the parties, the delivery and the payment terms as the snapshot states them', async () => {
    const document = first(documentsOf(companyIds.lindenhof));
    const xml = await ciiXml(document);
    const compact = (isoDate: string) => isoDate.replaceAll('-', '');
    for (const text of [
      `<ram:ID>${document.number}</ram:ID>`,
      `<udt:DateTimeString format="102">${compact(document.issuedOn)}</udt:DateTimeString>`,
      '<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>',
      // the seller (BG-4) with its VAT ID (BT-31)
      `<ram:Name>${document.supplier.name}</ram:Name>`,
      '<ram:PostcodeCode>20097</ram:PostcodeCode>',
      '<ram:LineOne>Großmarktstraße 5</ram:LineOne>',
      '<ram:CityName>Hamburg</ram:CityName>',
      `<ram:ID schemeID="VA">${document.supplier.vatId}</ram:ID>`,
      // the buyer (BG-7) with its VAT ID (BT-48) and contact
      `<ram:Name>${document.customer.name}</ram:Name>`,
      `<ram:ID schemeID="VA">${document.customer.vatId}</ram:ID>`,
      `<ram:PersonName>${document.customer.contactPerson}</ram:PersonName>`,
      // deliver to (BG-13) and the delivery date (BT-72)
      `<ram:Name>${document.customer.deliveryAddress[0]}</ram:Name>`,
      `<udt:DateTimeString format="102">${compact(document.deliveredOn)}</udt:DateTimeString>`,
      // payment terms (BT-20) as the printed invoice words them, and the due date (BT-9)
      `<ram:Description>Payable within 14 days without deduction, by ${document.dueOn.split('-').reverse().join('.')}.</ram:Description>`,
    ])
      expect(xml).toContain(text);
    expect(xml).toMatch(
      new RegExp(`<ram:DueDateDateTime>\\s*<udt:DateTimeString format="102">${compact(document.dueOn)}<`),
    );
    expect(xml.match(/<ram:CountryID>DE<\/ram:CountryID>/g)).toHaveLength(3);
  });

  it('charges VAT at its rate (category S) to a customer who pays it', async () => {
    const document = first(documentsOf(companyIds.lindenhof));
    const figures = ciiFigures(await ciiXml(document));
    expect(new Set(figures.rates.map((rate) => rate.category))).toEqual(new Set(['S']));
    expect(figures.rates.map((rate) => rate.ratePercent)).toEqual(
      document.rates.map((rate) => rate.ratePercent),
    );
    expect(figures.rates.every((rate) => rate.tax !== '0.00')).toBe(true);
  });

  it('invoices the customer without VAT as exempt (category E), with the reason, and no VAT', async () => {
    const document = first(documentsOf(companyIds.private));
    expect(document.taxCharged).toBe(false);
    const figures = ciiFigures(await ciiXml(document));
    expect(figures.rates).toEqual([
      {
        category: 'E',
        ratePercent: '0',
        net: document.totals.net,
        tax: '0.00',
        exemptionReason: vatNotChargedReason(document.language),
      },
    ]);
    expect(new Set(figures.lines.map((line) => line.category))).toEqual(new Set(['E']));
    // the invoice names its unit in German; the e-invoice codes the unit the supplier keeps
    expect(document.language).toBe('de');
    expect(document.lines[0]?.unit).not.toBe('boxes');
    expect(figures.lines[0]?.unitCode).toBe('XBX');
    expect(figures.totals.gross).toBe(figures.totals.net);
  });

  it('turns a credit note into type 381 stating what it takes back, naming the invoice it corrects', async () => {
    const invoice = first(documentsOf(companyIds.lindenhof));
    const creditNote = creditNoteDocument(invoice, {
      number: '2026-999999',
      issuedOn: invoice.issuedOn,
      reason: 'Delivered to the wrong address',
    });
    expect(creditNote.totals.gross).toBe(toDecimal(invoice.totals.gross).negated().toFixed(2));
    const xml = await ciiXml(creditNote);
    expect((await validateAgainstFacturXSchema(xml)).errors).toEqual([]);
    const figures = ciiFigures(xml);
    expect(figures).toMatchObject({ typeCode: '381', correctedInvoice: invoice.number });
    expect(xml).toContain(
      `<qdt:DateTimeString format="102">${invoice.issuedOn.replaceAll('-', '')}</qdt:DateTimeString>`,
    );
    expect(xml).toContain('Delivered to the wrong address');
    // a credit note (381) states the amounts it credits positive: the invoice's figures
    expect(figures.totals).toEqual(ciiFigures(await ciiXml(invoice)).totals);
    expect(figures.rates).toEqual(ciiFigures(await ciiXml(invoice)).rates);
    expect(figures.lines).toEqual(ciiFigures(await ciiXml(invoice)).lines);
  });

  it('keeps a line whose unit price has more than two places exact: the price of the whole quantity', async () => {
    const invoice = first(documentsOf(companyIds.lindenhof));
    const document: InvoiceDocument = {
      ...invoice,
      lines: [
        {
          kind: 'goods',
          description: 'Ayran 250 ml',
          reference: 'BEV-1 · 4000000000017',
          quantity: '3',
          unit: 'pieces',
          netUnitPrice: '1.6167',
          netAmount: '4.85',
          ratePercent: '7',
        },
      ],
      rates: [{ ratePercent: '7', net: '4.85', tax: '0.34', gross: '5.19' }],
      totals: { net: '4.85', tax: '0.34', gross: '5.19' },
    };
    const xml = await ciiXml(document);
    expect((await validateAgainstFacturXSchema(xml)).errors).toEqual([]);
    expect(ciiFigures(xml).lines).toEqual([
      {
        name: 'Ayran 250 ml',
        quantity: '3',
        unitCode: 'H87',
        price: '4.85',
        basisQuantity: '3',
        category: 'S',
        ratePercent: '7',
        net: '4.85',
      },
    ]);
    expect(xml).toContain('<ram:GlobalID schemeID="0160">4000000000017</ram:GlobalID>');
    expect(xml).toContain('<ram:SellerAssignedID>BEV-1</ram:SellerAssignedID>');
  });

  it('refuses a snapshot whose lines do not add up to its VAT breakdown', () => {
    const invoice = first(documentsOf(companyIds.lindenhof));
    const [line, ...others] = invoice.lines;
    if (!line) throw new Error('no line');
    const wrong = {
      ...invoice,
      lines: [{ ...line, netAmount: toDecimal(line.netAmount).plus('0.01').toFixed(2) }, ...others],
    };
    expect(() => eInvoiceOf(wrong)).toThrow(/do not add up/);
  });
});

describe('XRechnung', () => {
  it('is the CII of a public customer’s invoice with its Leitweg-ID (BT-10), valid against the schema', async () => {
    const document = first(documentsOf(companyIds.bosporus));
    const xml = await xRechnungXml(document);
    expect((await validateAgainstFacturXSchema(xml)).errors).toEqual([]);
    const figures = ciiFigures(xml);
    expect(figures.buyerReference).toBe('05315000-0001-96');
    expect(figures.guideline).toBe('urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0');
    expect(figures.totals.gross).toBe(document.totals.gross);
    // the same invoice as XRechnung and as plain EN 16931 CII: only the guideline differs
    expect(
      xml.replace(
        /<ram:GuidelineSpecifiedDocumentContextParameter>[\s\S]*?<\/ram:GuidelineSpecifiedDocumentContextParameter>/,
        '',
      ),
    ).toBe(
      (await ciiXml(document)).replace(
        /<ram:GuidelineSpecifiedDocumentContextParameter>[\s\S]*?<\/ram:GuidelineSpecifiedDocumentContextParameter>/,
        '',
      ),
    );
  });

  it('holds every element the XRechnung rules BR-DE-1 to BR-DE-23 require of an invoice', async () => {
    const document = first(documentsOf(companyIds.bosporus));
    const xml = await xRechnungXml(document);
    expect((await validateAgainstFacturXSchema(xml)).errors).toEqual([]);
    // the rules that apply (support/xrechnung-rules.ts): BR-DE-1..11, 14..19, 21, 22, 23-a/b and
    // the parties' electronic addresses and the business process XRechnung 3.0 requires
    expect(Object.keys(xRechnungRuleResults(xml))).toEqual([
      ...['BR-DE-1', 'BR-DE-2', 'BR-DE-3', 'BR-DE-4', 'BR-DE-5', 'BR-DE-6', 'BR-DE-7', 'BR-DE-8'],
      ...['BR-DE-9', 'BR-DE-10', 'BR-DE-11', 'BR-DE-14', 'BR-DE-15', 'BR-DE-16', 'BR-DE-17'],
      ...['BR-DE-18', 'BR-DE-19', 'BR-DE-21', 'BR-DE-22', 'BR-DE-23-a', 'BR-DE-23-b'],
      ...['PEPPOL-EN16931-R001', 'PEPPOL-EN16931-R010', 'PEPPOL-EN16931-R020'],
    ]);
    expect(brokenXRechnungRules(xml)).toEqual([]);
  });

  it('tells the public buyer whom to ask and where to pay: contact, SEPA credit transfer, the number as reference', async () => {
    const document = first(documentsOf(companyIds.bosporus));
    const xml = await xRechnungXml(document);
    const seller = /<ram:SellerTradeParty>([\s\S]*?)<\/ram:SellerTradeParty>/.exec(xml)?.[1] ?? '';
    const buyer = /<ram:BuyerTradeParty>([\s\S]*?)<\/ram:BuyerTradeParty>/.exec(xml)?.[1] ?? '';
    const means =
      /<ram:SpecifiedTradeSettlementPaymentMeans>([\s\S]*?)<\/ram:SpecifiedTradeSettlementPaymentMeans>/.exec(
        xml,
      )?.[1] ?? '';
    // the seller's contact (BG-6: BT-41, BT-42, BT-43) and electronic address (BT-34)
    for (const text of [
      '<ram:PersonName>Jana Petersen</ram:PersonName>',
      '<ram:CompleteNumber>+49 40 3070 5500</ram:CompleteNumber>',
      '<ram:URIID>invoices@lindenhof-wholesale.example</ram:URIID>',
      '<ram:URIID schemeID="EM">invoices@lindenhof-wholesale.example</ram:URIID>',
    ])
      expect(seller).toContain(text);
    // the buyer's electronic address (BT-49): the company's e-mail
    expect(buyer).toContain('<ram:URIID schemeID="EM">info@bosporus-imbiss.example</ram:URIID>');
    // payment instructions (BG-16): SEPA credit transfer (58) to the account (BG-17: BT-84, BT-85, BT-86)
    expect(means).toContain('<ram:TypeCode>58</ram:TypeCode>');
    expect(means).toContain('<ram:IBANID>DE34200505501234567890</ram:IBANID>');
    expect(means).toContain('<ram:AccountName>Lindenhof Wholesale</ram:AccountName>');
    expect(means).toContain('<ram:BICID>HASPDEHHXXX</ram:BICID>');
    // remittance information (BT-83): the invoice number
    expect(xml).toContain(`<ram:PaymentReference>${document.number}</ram:PaymentReference>`);
    // the snapshot holds what it was issued with
    expect(document.supplier.contact).toEqual({
      name: 'Jana Petersen',
      phone: '+49 40 3070 5500',
      email: 'invoices@lindenhof-wholesale.example',
    });
    expect(document.payment).toEqual({
      iban: 'DE34200505501234567890',
      bic: 'HASPDEHHXXX',
      accountName: 'Lindenhof Wholesale',
    });
    // the e-invoice every customer gets (Factur-X's CII) says the same
    const cii = await ciiXml(document);
    expect(cii).toContain('<ram:IBANID>DE34200505501234567890</ram:IBANID>');
    expect(cii).toContain(`<ram:PaymentReference>${document.number}</ram:PaymentReference>`);
  });

  it('turns a credit note into an XRechnung with its reason and no account to pay into', async () => {
    const invoice = first(documentsOf(companyIds.bosporus));
    const creditNote = creditNoteDocument(invoice, {
      number: '2026-999998',
      issuedOn: invoice.issuedOn,
      reason: 'Lieferung beschädigt',
    });
    const xml = await xRechnungXml(creditNote);
    expect((await validateAgainstFacturXSchema(xml)).errors).toEqual([]);
    expect(brokenXRechnungRules(xml)).toEqual([]);
    expect(ciiFigures(xml).typeCode).toBe('381');
    expect(xml).toContain('Lieferung beschädigt');
    // BG-16 is required, but nothing is to be paid: the means are left open, no IBAN, no reference
    expect(xml).toMatch(
      /<ram:SpecifiedTradeSettlementPaymentMeans>\s*<ram:TypeCode>1<\/ram:TypeCode>\s*<\/ram:SpecifiedTradeSettlementPaymentMeans>/,
    );
    expect(xml).not.toContain('<ram:IBANID>');
    expect(xml).not.toContain('<ram:PaymentReference>');
    expect(ciiFigures(xml).totals).toEqual(ciiFigures(await xRechnungXml(invoice)).totals);
  });

  it('still maps an invoice issued before the contact and the account were kept, which lacks just those', async () => {
    const issuedNow = first(documentsOf(companyIds.bosporus));
    const { contact: _contact, ...supplier } = issuedNow.supplier;
    const { payment: _payment, ...older } = { ...issuedNow, supplier };
    const xml = await xRechnungXml(older);
    expect((await validateAgainstFacturXSchema(xml)).errors).toEqual([]);
    expect(brokenXRechnungRules(xml)).toEqual([
      'BR-DE-1',
      'BR-DE-2',
      'BR-DE-5',
      'BR-DE-6',
      'BR-DE-7',
      'PEPPOL-EN16931-R020',
    ]);
    expect(ciiFigures(xml).totals).toEqual(ciiFigures(await xRechnungXml(issuedNow)).totals);
  });

  it('is refused for a customer without a buyer reference', async () => {
    await expect(xRechnungXml(first(documentsOf(companyIds.lindenhof)))).rejects.toBeInstanceOf(
      NoBuyerReferenceError,
    );
  });
});

describe('Factur-X', () => {
  it('is the printed PDF with the CII e-invoice embedded as factur-x.xml, a PDF/A-3 of the EN 16931 profile', async () => {
    const document = first(documentsOf(companyIds.lindenhof));
    const pdf = await facturXPdf(document, await onePagePdf(`Invoice ${document.number}`));
    expect(new TextDecoder().decode(pdf.subarray(0, 5))).toBe('%PDF-');
    const files = await embeddedFiles(pdf);
    expect([...files.keys()]).toEqual([FACTUR_X_ATTACHMENT]);
    const embedded = files.get(FACTUR_X_ATTACHMENT) ?? '';
    expect((await validateAgainstFacturXSchema(embedded)).errors).toEqual([]);
    // the CII of the document as the EN 16931 profile of @e-invoice-eu/core writes it, which leaves
    // out the purchase order reference (BT-13)
    expect(embedded).toBe(
      (await ciiXml(document)).replace(
        /\s*<ram:BuyerOrderReferencedDocument>[\s\S]*?<\/ram:BuyerOrderReferencedDocument>/,
        '',
      ),
    );
    expect(ciiFigures(embedded)).toEqual(ciiFigures(await ciiXml(document)));
    const text = new TextDecoder('latin1').decode(pdf);
    expect(text).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(text).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
  });
});

describe('generating e-invoices', () => {
  it('compiles the library’s invoice schema once per format, however many documents it generates', async () => {
    const pdf = await onePagePdf();
    for (const { document } of issued.slice(0, 4)) {
      await ciiXml(document);
      await facturXPdf(document, pdf);
    }
    for (const document of documentsOf(companyIds.bosporus)) await xRechnungXml(document);
    // CII, Factur-X (EN 16931) and XRechnung (CII)
    expect(compiledValidatorCount()).toBe(3);
  }, 60_000);
});

describe('reading the portal’s data as EN 16931 codes', () => {
  it('maps the portal’s units to UN/ECE Rec 20 codes, C62 for anything else', () => {
    expect(
      [
        'piece',
        'pieces',
        'box',
        'boxes',
        'pallet',
        'pallets',
        'bottle',
        'bottles',
        'crate',
        'crates',
        '',
        'widget',
      ].map(unitCodeOf),
    ).toEqual(['H87', 'H87', 'XBX', 'XBX', 'XPX', 'XPX', 'XBO', 'XBO', 'XCR', 'XCR', 'C62', 'C62']);
  });

  it('reads postal lines as street, postcode, city and country', () => {
    expect(countryCodeOf('Germany')).toBe('DE');
    expect(countryCodeOf('Deutschland')).toBe('DE');
    expect(countryCodeOf('Türkiye')).toBe('TR');
    expect(countryCodeOf('AT')).toBe('AT');
    expect(countryCodeOf('Hinterhaus')).toBeUndefined();
    expect(
      postalAddressOf(['Restaurant Lindenhof', 'Lindenallee 12', 'Hinterhaus', '20259 Hamburg', 'Germany'], {
        named: true,
        homeCountry: 'AT',
      }),
    ).toEqual({
      'cbc:StreetName': 'Lindenallee 12',
      'cbc:AdditionalStreetName': 'Hinterhaus',
      'cbc:CityName': 'Hamburg',
      'cbc:PostalZone': '20259',
      'cac:Country': { 'cbc:IdentificationCode': 'DE' },
    });
    // no country line: the supplier's country
    expect(postalAddressOf(['Ringstraße 1', '1010 Wien'], { named: false, homeCountry: 'AT' })).toEqual({
      'cbc:StreetName': 'Ringstraße 1',
      'cbc:CityName': 'Wien',
      'cbc:PostalZone': '1010',
      'cac:Country': { 'cbc:IdentificationCode': 'AT' },
    });
  });
});
