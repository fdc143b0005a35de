import type { Insertable } from 'kysely';
import { ExactDecimal } from '../../src/domain/decimal';
import type {
  DocumentsTable,
  DocumentTranslationsTable,
  ProductsTable,
  ProductUnitsTable,
} from '../db/schema';
import { type CatalogueLanguage, catalogueLanguages } from '../i18n/request-language';
import { companyIds } from './accounts';
import { brandNames, categorySources } from './catalogue-source';
import { footnote, type Pdf, paragraph, renderPdf, section, table } from './pdf';
import { unitRows } from './units';

type Names = Record<CatalogueLanguage, string>;

interface DocumentSource {
  id: number;
  type: DocumentsTable['type'];
  /** null: every customer */
  companyId: number | null;
  daysAgo: number;
  fileName: string;
  names: Names;
  subject: string;
  draw: (doc: Pdf) => void;
}

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

const names = (make: (language: CatalogueLanguage) => string) =>
  Object.fromEntries(catalogueLanguages.map((language) => [language, make(language)])) as Names;

const euro = (amount: string) => `${amount} €`;
const day = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);

const priceListLabel: Names = {
  en: 'Price list',
  tr: 'Fiyat listesi',
  de: 'Preisliste',
  ar: 'قائمة الأسعار',
  es: 'Lista de precios',
  fr: 'Liste de prix',
  it: 'Listino prezzi',
  nn: 'Prisliste',
  sv: 'Prislista',
};
const dataSheetLabel: Names = {
  en: 'Product data sheet',
  tr: 'Ürün bilgi formu',
  de: 'Produktdatenblatt',
  ar: 'ورقة بيانات المنتج',
  es: 'Ficha técnica',
  fr: 'Fiche technique',
  it: 'Scheda tecnica',
  nn: 'Produktdatablad',
  sv: 'Produktblad',
};
const termsNames: Names = {
  en: 'General terms and conditions',
  tr: 'Genel satış koşulları',
  de: 'Allgemeine Geschäftsbedingungen',
  ar: 'الشروط والأحكام العامة',
  es: 'Condiciones generales de venta',
  fr: 'Conditions générales de vente',
  it: 'Condizioni generali di vendita',
  nn: 'Allmenne vilkår',
  sv: 'Allmänna villkor',
};
const certificateNames: Names = {
  en: 'Organic certificate (EU 2018/848)',
  tr: 'Organik sertifikası (AB 2018/848)',
  de: 'Bio-Zertifikat (EU 2018/848)',
  ar: 'شهادة المنتجات العضوية (الاتحاد الأوروبي 2018/848)',
  es: 'Certificado ecológico (UE 2018/848)',
  fr: 'Certificat bio (UE 2018/848)',
  it: 'Certificato biologico (UE 2018/848)',
  nn: 'Økologisertifikat (EU 2018/848)',
  sv: 'Ekologiskt certifikat (EU 2018/848)',
};
const agreementLabel: Names = {
  en: 'Price agreement',
  tr: 'Fiyat anlaşması',
  de: 'Preisvereinbarung',
  ar: 'اتفاقية الأسعار',
  es: 'Acuerdo de precios',
  fr: 'Accord tarifaire',
  it: 'Accordo sui prezzi',
  nn: 'Prisavtale',
  sv: 'Prisavtal',
};

type Product = Insertable<ProductsTable>;

const vatText = (product: Product) =>
  `${Number(product.tax_rate_percent)} % ${product.tax_included === 1 ? 'incl.' : 'excl.'}`;

/** "1 piece; box of 12 pieces; pallet of 80 boxes" from the product's unit amounts. */
function packSizes(productId: number, units: readonly Insertable<ProductUnitsTable>[]) {
  const own = units.filter((unit) => unit.product_id === productId);
  return own
    .map((unit, index) => {
      const row = unitRows.find((candidate) => candidate.id === unit.unit_id);
      const below = unitRows.find((candidate) => candidate.id === own[index - 1]?.unit_id);
      if (!row) return '';
      return index === 0 ? `1 ${row.name}` : `${row.name} of ${unit.amount} ${below?.name_plural ?? ''}`;
    })
    .filter(Boolean)
    .join('; ');
}

function drawPriceList(doc: Pdf, products: readonly Product[], validFrom: Date) {
  paragraph(
    doc,
    `Valid from ${day(validFrom)} until further notice. Prices in euro per primary unit (piece or bottle), ` +
      'as marked either including or excluding VAT; deposits are charged separately. Campaign prices in the ' +
      'portal take precedence while a campaign runs.',
  );
  table(
    doc,
    [
      { header: 'Stock code', width: 70 },
      { header: 'Product', width: 223 },
      { header: 'Unit', width: 50 },
      { header: 'Price', width: 65, align: 'right' },
      { header: 'VAT', width: 75, align: 'right' },
    ],
    products.map((product) => [
      product.stock_code,
      product.name,
      categorySources.find((c) => c.id === product.category_id)?.unitChain ?? 'piece',
      euro(product.price),
      vatText(product),
    ]),
  );
  doc.moveDown(1);
  footnote(doc, 'The complete range with current stock is in the ordering portal.');
}

function drawDataSheet(
  doc: Pdf,
  product: Product,
  units: readonly Insertable<ProductUnitsTable>[],
  notes: { heading: string; body: string }[],
) {
  const category = categorySources.find((c) => c.id === product.category_id);
  table(
    doc,
    [
      { header: 'Property', width: 140 },
      { header: 'Value', width: 343 },
    ],
    [
      ['Product', product.name],
      ['Stock code', product.stock_code],
      ['Barcode (EAN-13)', product.barcode],
      ['Brand', brandNames[product.brand_id - 1] ?? ''],
      ['Category', category?.name ?? ''],
      ['Pack sizes', packSizes(product.id ?? 0, units)],
      ['VAT rate', `${Number(product.tax_rate_percent)} %`],
      [
        'Deposit',
        Number(product.deposit_price) > 0 ? `${euro(product.deposit_price ?? '0.00')} per bottle` : 'none',
      ],
    ],
  );
  doc.moveDown(1);
  section(doc, 'Description', product.description);
  for (const note of notes) section(doc, note.heading, note.body);
}

const termsSections: [string, string][] = [
  [
    '1. Scope',
    'These terms apply to every delivery of goods by Lindenhof Wholesale GmbH ("we") to business customers ' +
      '("you"), including orders placed in the ordering portal. Differing terms of the customer apply only ' +
      'where we have agreed to them in writing.',
  ],
  [
    '2. Orders and contract',
    'Prices and stock shown in the portal are an invitation to order. A contract is made when we confirm the ' +
      'order or deliver the goods. Pre-orders are confirmed for the delivery date you chose, subject to ' +
      'availability from our suppliers.',
  ],
  [
    '3. Prices and payment',
    'The prices valid on the day of the order apply, including running campaign prices. Deposits on ' +
      'returnable containers are charged separately and credited on return. Invoices are payable within 14 ' +
      'days of the invoice date without deduction; for payment within 7 days we grant a 2 % discount on goods.',
  ],
  [
    '4. Delivery',
    'We deliver on the agreed delivery days to the delivery address stored for your company. Chilled and ' +
      'frozen goods travel in an unbroken cold chain; please have someone available to receive them. ' +
      'Partial deliveries from different warehouses are permitted and invoiced as suborders.',
  ],
  [
    '5. Inspection and complaints',
    'Please inspect the goods on receipt. Visible defects and missing items must be noted on the delivery ' +
      'note and reported within 24 hours, hidden defects without delay after discovery. Chilled goods cannot ' +
      'be taken back once the cold chain has been broken at your premises.',
  ],
  [
    '6. Retention of title',
    'Goods remain our property until all claims arising from the business relationship have been paid in full.',
  ],
  [
    '7. Liability',
    'We are liable without limitation for intent and gross negligence and for injury to life, body or health. ' +
      'For slight negligence we are liable only for the breach of essential contractual obligations, limited ' +
      'to the foreseeable damage typical of the contract.',
  ],
  [
    '8. Data protection',
    'We process the data of your users only to run the ordering portal and to fulfil orders, in line with the ' +
      'General Data Protection Regulation. Details are in our privacy notice.',
  ],
  [
    '9. Final provisions',
    'German law applies, excluding the UN Convention on Contracts for the International Sale of Goods. The ' +
      'place of jurisdiction for merchants is Hamburg.',
  ],
];

function drawCertificate(doc: Pdf, issued: Date) {
  const validUntil = new Date(issued.getTime() + 365 * 86_400_000);
  section(
    doc,
    'Certificate of conformity',
    'Issued in accordance with Article 35(1) of Regulation (EU) 2018/848 on organic production and labelling ' +
      'of organic products.',
  );
  table(
    doc,
    [
      { header: 'Field', width: 160 },
      { header: 'Entry', width: 323 },
    ],
    [
      ['Operator', 'Lindenhof Wholesale GmbH, Am Großmarkt 21, 20097 Hamburg, Germany'],
      ['Control body', 'DE-ÖKO-006 (demo control body)'],
      ['Certificate number', 'DE-ÖKO-006-2026-04711'],
      ['Activities', 'Storage, distribution and trading of pre-packed organic products'],
      ['Product categories', 'Processed agricultural products used as food; unprocessed plant products'],
      ['Date of issue', day(issued)],
      ['Valid until', day(validUntil)],
    ],
  );
  doc.moveDown(1);
  section(
    doc,
    'Scope',
    'The certificate covers products sold as "Bio" or "Öko" in the ordering portal. The operator has ' +
      'submitted its activities to control and meets the requirements of the regulation named above.',
  );
  footnote(doc, 'This is a demonstration document of the ordering portal.');
}

function drawAgreement(doc: Pdf, products: readonly Product[], from: Date) {
  const year = from.getUTCFullYear();
  paragraph(
    doc,
    `Between Lindenhof Wholesale GmbH and Lindenhof Gastro GmbH (customer number 1). From ${day(from)} until ` +
      `31 December ${year}, the customer pays the agreed prices below for the listed products, independent of ` +
      'the general price list. Campaign prices apply instead when they are lower.',
  );
  table(
    doc,
    [
      { header: 'Stock code', width: 70 },
      { header: 'Product', width: 233 },
      { header: 'List price', width: 90, align: 'right' },
      { header: 'Agreed price', width: 90, align: 'right' },
    ],
    products.map((product) => {
      const agreed = new ExactDecimal(product.price)
        .times('0.95')
        .toDecimalPlaces(2, ExactDecimal.ROUND_HALF_UP)
        .toFixed(2);
      return [product.stock_code, product.name, euro(product.price), euro(agreed)];
    }),
  );
  doc.moveDown(2);
  doc
    .fontSize(9.5)
    .text('Hamburg, signed for Lindenhof Wholesale GmbH: Petra Lindqvist, key account management');
}

/**
 * The documents the demo supplier publishes: real PDFs drawn at seed time with the
 * built-in Helvetica (nothing fetched). Every customer gets the price list, two data sheets, the
 * terms and the organic certificate; Lindenhof Gastro (the `buyer`'s company) also its price
 * agreement. Names are in the nine languages (document_translations), the files in English.
 */
export async function buildDocuments(
  products: readonly Product[],
  units: readonly Insertable<ProductUnitsTable>[],
  now: Date,
) {
  const byId = (id: number) => products.find((product) => product.id === id);
  const listed = products.slice(0, 25);
  const gouda = byId(1);
  const pils = byId(13);
  const month = (language: CatalogueLanguage) =>
    new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      daysAgo(now, 2),
    );
  const monthKey = daysAgo(now, 2).toISOString().slice(0, 7);
  const year = now.getUTCFullYear();

  const sources: DocumentSource[] = [
    {
      id: 1,
      type: 'price_list',
      companyId: null,
      daysAgo: 2,
      fileName: `price-list-${monthKey}.pdf`,
      names: names((language) => `${priceListLabel[language]} ${month(language)}`),
      subject: 'Prices of our range for restaurants, cafés and kiosks',
      draw: (doc) => drawPriceList(doc, listed, daysAgo(now, 2)),
    },
    {
      id: 2,
      type: 'data_sheet',
      companyId: null,
      daysAgo: 20,
      fileName: 'data-sheet-DAI-00001.pdf',
      names: names((language) => `${dataSheetLabel[language]}: ${gouda?.name ?? ''}`),
      subject: 'Product specification',
      draw: (doc) =>
        gouda &&
        drawDataSheet(doc, gouda, units, [
          {
            heading: 'Ingredients',
            body: 'Pasteurised cow’s milk, salt, lactic cultures, rennet, calcium chloride.',
          },
          { heading: 'Allergens', body: 'Milk (including lactose).' },
          {
            heading: 'Typical values per 100 g',
            body: 'Energy 1,469 kJ / 354 kcal; fat 28 g, of which saturates 19 g; carbohydrate 0 g; protein 24 g; salt 1.8 g.',
          },
          {
            heading: 'Storage',
            body: 'Keep at 2–7 °C. Best before: 60 days from packing; once opened, use within 5 days.',
          },
        ]),
    },
    {
      id: 3,
      type: 'data_sheet',
      companyId: null,
      daysAgo: 35,
      fileName: 'data-sheet-ALC-00013.pdf',
      names: names((language) => `${dataSheetLabel[language]}: ${pils?.name ?? ''}`),
      subject: 'Product specification',
      draw: (doc) =>
        pils &&
        drawDataSheet(doc, pils, units, [
          { heading: 'Ingredients', body: 'Water, barley malt, hops. Alcohol 4.9 % vol.' },
          { heading: 'Allergens', body: 'Barley (gluten).' },
          { heading: 'Storage', body: 'Store cool and dark, upright. Best before: 9 months from bottling.' },
          { heading: 'Sale', body: 'Not to be sold to persons under 16 (German Youth Protection Act).' },
        ]),
    },
    {
      id: 4,
      type: 'terms',
      companyId: null,
      daysAgo: 200,
      fileName: 'general-terms-and-conditions.pdf',
      names: termsNames,
      subject: 'For deliveries to business customers',
      draw: (doc) => {
        for (const [heading, body] of termsSections) section(doc, heading, body);
      },
    },
    {
      id: 5,
      type: 'certificate',
      companyId: null,
      daysAgo: 90,
      fileName: 'organic-certificate.pdf',
      names: certificateNames,
      subject: 'Control certificate for organic trading',
      draw: (doc) => drawCertificate(doc, daysAgo(now, 90)),
    },
    {
      id: 6,
      type: 'price_list',
      companyId: companyIds.lindenhof,
      daysAgo: 10,
      fileName: `price-agreement-${year}-lindenhof-gastro.pdf`,
      names: names((language) => `${agreementLabel[language]} ${year} – Lindenhof Gastro GmbH`),
      subject: 'Agreed prices for Lindenhof Gastro GmbH',
      draw: (doc) =>
        drawAgreement(
          doc,
          [1, 2, 6, 13, 18, 30, 32, 7].flatMap((id) => byId(id) ?? []),
          daysAgo(now, 10),
        ),
    },
  ];

  const documents: Insertable<DocumentsTable>[] = [];
  const translations: Insertable<DocumentTranslationsTable>[] = [];
  for (const source of sources) {
    const createdAt = daysAgo(now, source.daysAgo);
    const content = await renderPdf(
      { title: source.names.en, subject: source.subject, createdAt },
      source.draw,
    );
    documents.push({
      id: source.id,
      type: source.type,
      name: source.names.en,
      file_name: source.fileName,
      content_type: 'application/pdf',
      size: content.byteLength,
      company_id: source.companyId,
      created_at: createdAt.toISOString(),
      content,
    });
    for (const language of catalogueLanguages)
      translations.push({ document_id: source.id, language, name: source.names[language] });
  }
  return { documents, translations };
}
