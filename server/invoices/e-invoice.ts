import { type Invoice, invoiceSchema } from '@e-invoice-eu/core';
import { formatDayMonthYear } from '../../src/domain/dates';
import { type Decimal, ExactDecimal, toDecimal } from '../../src/domain/decimal';
import type { InvoiceDocument, InvoiceLine } from './invoice-document';
import { fillLabel, invoiceLabels, invoiceLanguage } from './invoice-labels';
import { type UnitCode, unitCodeOf } from './unit-codes';

type Body = Invoice['ubl:Invoice'];
type Party = Body['cac:AccountingSupplierParty']['cac:Party'];
type PostalAddress = Party['cac:PostalAddress'];
type CountryCode = PostalAddress['cac:Country']['cbc:IdentificationCode'];
type CurrencyCode = Body['cbc:DocumentCurrencyCode'];
type Line = Body['cac:InvoiceLine'][number];
type Breakdown = NonNullable<Body['cac:TaxTotal'][0]['cac:TaxSubtotal']>[number];
type PaymentMeans = NonNullable<Body['cac:PaymentMeans']>[number];
type VatCategory = Breakdown['cac:TaxCategory'];

/**
 * Why no VAT is charged to a customer whose account is set up without it (decision 007: an exempt
 * customer, or one who accounts for the VAT itself): the printed invoice's sentence, as BT-120 of
 * category E ("exempt"). E is the one category whose rules such an invoice meets: O (outside the
 * scope of VAT) forbids the seller's VAT ID the invoice must show, AE (reverse charge) and K
 * (intra-community supply) claim a legal situation, and a buyer's VAT ID, the portal does not know,
 * and Z (zero rated) is a rate of the goods, not a setting of the customer.
 */
export const vatNotChargedReason = (language: string) =>
  invoiceLabels[invoiceLanguage(language)].vatNotCharged;

const CURRENCY_CODES: Record<string, CurrencyCode> = {
  '€': 'EUR',
  $: 'USD',
  '£': 'GBP',
  '₺': 'TRY',
  Fr: 'CHF',
};
/** The code lists the library validates against (ISO 4217, ISO 3166 …) */
const codeLists = (invoiceSchema.$defs as unknown as { codeLists: Record<string, { enum: string[] }> })
  .codeLists;
const codeList = (name: string) => codeLists[name]?.enum ?? [];
const ISO_CURRENCIES = new Set<string>(codeList('ISO4217'));

/** The currency of a company's symbol ('€'), or the code itself where a company keeps one ('EUR'). */
export function currencyCodeOf(symbol: string): CurrencyCode {
  const text = symbol.trim();
  const code = CURRENCY_CODES[text] ?? text.toUpperCase();
  if (!ISO_CURRENCIES.has(code)) throw new Error(`No ISO 4217 currency for the symbol "${symbol}"`);
  return code as CurrencyCode;
}

const COUNTRIES = codeList('ISO3166');
// The languages the portal speaks: an address line names its country in one of them.
const COUNTRY_NAME_LANGUAGES = ['en', 'de', 'tr', 'fr', 'es', 'it', 'nn', 'sv', 'ar'];
const normalized = (text: string) => text.trim().toLocaleLowerCase('en').normalize('NFC');
let countryNames: Map<string, string> | undefined;

/** The code list has codes ICU does not know as regions ("1A", Kosovo's): those have no name. */
function regionName(display: Intl.DisplayNames, code: string) {
  try {
    return display.of(code);
  } catch {
    return undefined;
  }
}

/** The ISO 3166 code of a country line ("Germany", "Deutschland", "DE"), or undefined. */
export function countryCodeOf(line: string): CountryCode | undefined {
  if (!countryNames) {
    const names = new Map<string, string>();
    for (const language of COUNTRY_NAME_LANGUAGES) {
      const display = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
      for (const code of COUNTRIES) {
        const name = regionName(display, code);
        if (name && !names.has(normalized(name))) names.set(normalized(name), code);
      }
    }
    countryNames = names;
  }
  const text = line.trim();
  if (/^[A-Z]{2}$/.test(text) && COUNTRIES.includes(text)) return text as CountryCode;
  return countryNames.get(normalized(text)) as CountryCode | undefined;
}

// "20259 Hamburg", "D-20259 Hamburg", "1010 Wien": a postcode is one word that starts with a digit
// (after a country prefix), the rest of the line is the city. A line that does not read so
// ("SW1A 1AA London", whose split is ambiguous) stays an address line rather than be split wrong.
const POSTCODE_CITY = /^((?:[A-Z]{1,2}-)?[0-9][0-9A-Z-]{2,9})\s+(.+)$/;

/**
 * EN 16931 postal address (BG-5, BG-8, BG-15) of an address kept as printed lines: the country the
 * last line names, the postcode and city of the last line that starts with a postcode, the lines
 * before it as street, additional street and a third line. `named` lines start with the addressee.
 * Without a country line the address is taken to be in `homeCountry` (the supplier's).
 */
export function postalAddressOf(
  printed: string[],
  { named, homeCountry }: { named: boolean; homeCountry: CountryCode },
): PostalAddress {
  const lines = printed.map((line) => line.trim()).filter(Boolean);
  if (named) lines.shift();
  const country = lines.length > 0 ? countryCodeOf(lines[lines.length - 1] ?? '') : undefined;
  if (country) lines.pop();
  let postcode = '';
  let city = '';
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    const match = POSTCODE_CITY.exec(lines[index] ?? '');
    if (match) {
      postcode = match[1] ?? '';
      city = match[2] ?? '';
      lines.splice(index, 1);
      break;
    }
  }
  const [street, additional, ...more] = lines;
  return {
    ...(street ? { 'cbc:StreetName': street } : {}),
    ...(additional ? { 'cbc:AdditionalStreetName': additional } : {}),
    ...(city ? { 'cbc:CityName': city } : {}),
    ...(postcode ? { 'cbc:PostalZone': postcode } : {}),
    ...(more.length > 0 ? { 'cac:AddressLine': { 'cbc:Line': more.join(', ') } } : {}),
    'cac:Country': { 'cbc:IdentificationCode': country ?? homeCountry },
  };
}

const DEFAULT_HOME_COUNTRY: CountryCode = 'DE';
const cents = (value: Decimal) => value.toFixed(2);
const GTIN = /^(\d{8}|\d{12,14})$/;

/** The VAT category of a rate on this document (BT-118, BT-151). */
function categoryOf(document: InvoiceDocument, ratePercent: string): VatCategory {
  const rate = toDecimal(ratePercent);
  if (!document.taxCharged)
    return {
      'cbc:ID': 'E',
      'cbc:Percent': '0',
      'cbc:TaxExemptionReason': vatNotChargedReason(document.language),
      'cac:TaxScheme': { 'cbc:ID': 'VAT' },
    };
  // a line that carries no VAT though the customer pays VAT: a fee issued before fees were taxed
  if (rate.isZero()) return { 'cbc:ID': 'Z', 'cbc:Percent': '0', 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
  return { 'cbc:ID': 'S', 'cbc:Percent': rate.toString(), 'cac:TaxScheme': { 'cbc:ID': 'VAT' } };
}

/**
 * BT-146 and BT-149 of a line: the net unit price when quantity × price is the line's net, else the
 * price of the whole quantity (a price kept to four places), so that the e-invoice's arithmetic is
 * the snapshot's to the cent: BT-131 = BT-129 × BT-146 / BT-149.
 */
function priceOf(line: InvoiceLine, currency: CurrencyCode, unitCode: UnitCode): Line['cac:Price'] {
  const quantity = toDecimal(line.quantity);
  const price = toDecimal(line.netUnitPrice);
  const net = toDecimal(line.netAmount);
  if (price.toDecimalPlaces(2).equals(price) && price.times(quantity).equals(net))
    return { 'cbc:PriceAmount': cents(price), 'cbc:PriceAmount@currencyID': currency };
  return {
    'cbc:PriceAmount': cents(net),
    'cbc:PriceAmount@currencyID': currency,
    'cbc:BaseQuantity': quantity.toString(),
    'cbc:BaseQuantity@unitCode': unitCode,
  };
}

function lineOf(document: InvoiceDocument, line: InvoiceLine, index: number, currency: CurrencyCode): Line {
  // invoices issued before the code was kept name their unit in English
  const unitCode = (line.unitCode as UnitCode | undefined) ?? unitCodeOf(line.unit);
  const references = line.reference
    .split('·')
    .map((part) => part.trim())
    .filter(Boolean);
  const gtin = references.find((part) => GTIN.test(part));
  const sellersId = references.find((part) => part !== gtin);
  const { 'cbc:TaxExemptionReason': _reason, ...category } = categoryOf(document, line.ratePercent);
  return {
    'cbc:ID': String(index + 1),
    'cbc:InvoicedQuantity': toDecimal(line.quantity).toString(),
    'cbc:InvoicedQuantity@unitCode': unitCode,
    'cbc:LineExtensionAmount': line.netAmount,
    'cbc:LineExtensionAmount@currencyID': currency,
    'cac:Item': {
      'cbc:Name': line.description,
      ...(sellersId ? { 'cac:SellersItemIdentification': { 'cbc:ID': sellersId } } : {}),
      ...(gtin ? { 'cac:StandardItemIdentification': { 'cbc:ID': gtin, 'cbc:ID@schemeID': '0160' } } : {}),
      'cac:ClassifiedTaxCategory': category,
    },
    'cac:Price': priceOf(line, currency, unitCode),
  };
}

/** A snapshot that contradicts itself would make an e-invoice every receiver rejects (BR-CO-10..15, BR-S-08). */
function checkSums(document: InvoiceDocument) {
  const sum = (values: string[]) => values.reduce((total, value) => total.plus(value), new ExactDecimal(0));
  for (const rate of document.rates) {
    const lines = document.lines.filter((line) => toDecimal(line.ratePercent).equals(rate.ratePercent));
    if (!sum(lines.map((line) => line.netAmount)).equals(rate.net))
      throw new Error(
        `Invoice ${document.number}: the lines at ${rate.ratePercent} % do not add up to ${rate.net}`,
      );
    if (!toDecimal(rate.net).plus(rate.tax).equals(rate.gross))
      throw new Error(
        `Invoice ${document.number}: net and VAT at ${rate.ratePercent} % are not ${rate.gross}`,
      );
  }
  const rates = new Set(document.rates.map((rate) => toDecimal(rate.ratePercent).toString()));
  if (document.lines.some((line) => !rates.has(toDecimal(line.ratePercent).toString())))
    throw new Error(`Invoice ${document.number}: a line has a rate without a VAT breakdown`);
  const { net, tax, gross } = document.totals;
  if (
    !sum(document.rates.map((rate) => rate.net)).equals(net) ||
    !sum(document.rates.map((rate) => rate.tax)).equals(tax) ||
    !toDecimal(net).plus(tax).equals(gross)
  )
    throw new Error(`Invoice ${document.number}: the totals are not the sums of the rates`);
}

const negatedCents = (amount: string) => toDecimal(amount).negated().toFixed(2);

/**
 * The figures as EN 16931 states them. A credit note's snapshot states what it takes back as
 * negative amounts and quantities (issue-credit-note.ts), so that it and its invoice sum to zero; an
 * EN 16931 credit note (type 381) states them positive, its type giving the direction, and a
 * negative one would read as a charge. Prices stay as they are: they are never negative (BR-27).
 */
function asStated(document: InvoiceDocument): InvoiceDocument {
  if (document.kind !== 'credit_note') return document;
  return {
    ...document,
    lines: document.lines.map((line) => ({
      ...line,
      quantity: toDecimal(line.quantity).negated().toString(),
      netAmount: negatedCents(line.netAmount),
    })),
    rates: document.rates.map((rate) => ({
      ratePercent: rate.ratePercent,
      net: negatedCents(rate.net),
      tax: negatedCents(rate.tax),
      gross: negatedCents(rate.gross),
    })),
    totals: {
      net: negatedCents(document.totals.net),
      tax: negatedCents(document.totals.tax),
      gross: negatedCents(document.totals.gross),
    },
  };
}

/**
 * The payment instructions (BG-16). An invoice is paid by SEPA credit transfer (58) into the
 * supplier's account (BG-17), its number the remittance information (BT-83), so the payment finds
 * its invoice. A credit note asks for no payment, yet XRechnung requires the group (BR-DE-1): its
 * means are "not defined" (1), which claims no account of the buyer's the portal does not know. An
 * invoice issued before the account was kept states none.
 */
function paymentMeansOf(document: InvoiceDocument): PaymentMeans[] {
  if (document.kind === 'credit_note') return [{ 'cbc:PaymentMeansCode': '1' }];
  const { payment } = document;
  if (!payment) return [];
  return [
    {
      'cbc:PaymentMeansCode': '58',
      'cbc:PaymentID': document.number,
      'cac:PayeeFinancialAccount': {
        'cbc:ID': payment.iban,
        'cbc:Name': payment.accountName,
        'cac:FinancialInstitutionBranch': { 'cbc:ID': payment.bic },
      },
    },
  ];
}

/**
 * The supplier's contact (BG-6) and electronic address (BT-34, its e-mail), as the document was
 * issued with them; an invoice issued before they were kept names neither.
 */
function supplierContactOf(document: InvoiceDocument): Partial<Party> {
  const { contact } = document.supplier;
  if (!contact) return {};
  return {
    'cbc:EndpointID': contact.email,
    'cbc:EndpointID@schemeID': 'EM',
    'cac:Contact': {
      'cbc:Name': contact.name,
      'cbc:Telephone': contact.phone,
      'cbc:ElectronicMail': contact.email,
    },
  };
}

/** The buyer reference (BT-10) of an issued document, '' for none: a document with one was issued to a public customer. */
export const buyerReferenceOf = (document: InvoiceDocument) => document.customer.buyerReference?.trim() ?? '';

/**
 * An issued invoice or credit note in @e-invoice-eu/core's internal format (UBL names, EN 16931
 * semantics), every amount as the snapshot states it (a credit note's with the sign EN 16931 gives
 * it): the lines (goods, deposits and fees, each with its rate), the VAT breakdown per rate (BG-23)
 * and the totals (BT-106..BT-115).
 */
export function eInvoiceOf(issued: InvoiceDocument): Invoice {
  const document = asStated(issued);
  checkSums(document);
  // a credit note says why it was issued (issue-credit-note.ts): its note (BT-22)
  const reason = issued.reason?.trim() ?? '';
  const currency = currencyCodeOf(document.currencySymbol);
  const homeCountry = postalAddressOf(document.supplier.address, {
    named: false,
    homeCountry: DEFAULT_HOME_COUNTRY,
  })['cac:Country']['cbc:IdentificationCode'];
  const { customer } = document;
  const buyerReference = buyerReferenceOf(document);
  const deliveryAddress =
    customer.deliveryAddress.length > 0 ? customer.deliveryAddress : customer.billingAddress;
  // the printed invoice's sentence (BT-20); a credit note has nothing to pay, only its due date
  const labels = invoiceLabels[invoiceLanguage(document.language)];
  const paymentTerms =
    document.kind === 'invoice'
      ? fillLabel(document.paymentDays === 0 ? labels.paymentOnReceipt : labels.paymentTerms, {
          days: String(document.paymentDays),
          date: formatDayMonthYear(`${document.dueOn}T12:00:00`),
        })
      : '';
  const paymentMeans = paymentMeansOf(document);
  const lines = document.lines.map((line, index) => lineOf(document, line, index, currency));
  const [firstLine, ...otherLines] = lines;
  if (!firstLine) throw new Error(`Invoice ${document.number} has no lines`);
  const breakdown: Breakdown[] = document.rates.map((rate) => ({
    'cbc:TaxableAmount': rate.net,
    'cbc:TaxableAmount@currencyID': currency,
    'cbc:TaxAmount': rate.tax,
    'cbc:TaxAmount@currencyID': currency,
    'cac:TaxCategory': categoryOf(document, rate.ratePercent),
  }));

  return {
    'ubl:Invoice': {
      'cbc:ID': document.number,
      'cbc:IssueDate': document.issuedOn,
      'cbc:DueDate': document.dueOn,
      'cbc:InvoiceTypeCode': document.kind === 'credit_note' ? '381' : '380',
      ...(reason ? { 'cbc:Note': [reason] } : {}),
      'cbc:DocumentCurrencyCode': currency,
      ...(buyerReference ? { 'cbc:BuyerReference': buyerReference } : {}),
      'cac:OrderReference': { 'cbc:ID': String(document.order.id) },
      ...(document.corrects
        ? {
            'cac:BillingReference': [
              {
                'cac:InvoiceDocumentReference': {
                  'cbc:ID': document.corrects.number,
                  'cbc:IssueDate': document.corrects.issuedOn,
                },
              },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          ...supplierContactOf(document),
          'cac:PostalAddress': postalAddressOf(document.supplier.address, { named: false, homeCountry }),
          'cac:PartyTaxScheme': [
            { 'cbc:CompanyID': document.supplier.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } },
          ],
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': document.supplier.name },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(customer.email ? { 'cbc:EndpointID': customer.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
          'cac:PostalAddress': postalAddressOf(customer.billingAddress, { named: true, homeCountry }),
          ...(customer.vatId
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': customer.vatId,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': customer.name },
          ...(customer.contactPerson || customer.email
            ? {
                'cac:Contact': {
                  ...(customer.contactPerson ? { 'cbc:Name': customer.contactPerson } : {}),
                  ...(customer.email ? { 'cbc:ElectronicMail': customer.email } : {}),
                },
              }
            : {}),
        },
      },
      'cac:Delivery': {
        'cbc:ActualDeliveryDate': document.deliveredOn.slice(0, 10),
        ...(deliveryAddress.length > 0
          ? {
              'cac:DeliveryLocation': {
                'cac:Address': postalAddressOf(deliveryAddress, { named: true, homeCountry }),
              },
              'cac:DeliveryParty': { 'cac:PartyName': { 'cbc:Name': deliveryAddress[0] ?? customer.name } },
            }
          : {}),
      },
      ...(paymentMeans.length > 0 ? { 'cac:PaymentMeans': paymentMeans } : {}),
      ...(paymentTerms ? { 'cac:PaymentTerms': { 'cbc:Note': paymentTerms } } : {}),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': document.totals.tax,
          'cbc:TaxAmount@currencyID': currency,
          'cac:TaxSubtotal': breakdown,
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': document.totals.net,
        'cbc:LineExtensionAmount@currencyID': currency,
        'cbc:TaxExclusiveAmount': document.totals.net,
        'cbc:TaxExclusiveAmount@currencyID': currency,
        'cbc:TaxInclusiveAmount': document.totals.gross,
        'cbc:TaxInclusiveAmount@currencyID': currency,
        'cbc:PayableAmount': document.totals.gross,
        'cbc:PayableAmount@currencyID': currency,
      },
      'cac:InvoiceLine': [firstLine, ...otherLines],
    },
  };
}
